import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderResponse } from '../../contract/orders';
import { orderEvents, orderItems, orders, ticketTypes } from '../../server/db/schema';
import { buyerOf, eventWithTypes, type Person, people, person } from '../helpers/checkout';
import { testDatabases } from '../helpers/databases';
import { buildTestApp, type TestApp } from '../helpers/testApp';

describe.each(testDatabases)('Reserving seats on $name', (database) => {
  let t: TestApp;
  let organiser: Person;
  beforeAll(async () => {
    t = await buildTestApp(database);
    organiser = await person(t.deps.db, 'organiser');
  });
  afterAll(async () => t?.close());

  const reserve = (p: Person, payload: object) =>
    t.app.inject({
      method: 'POST',
      url: '/api/orders',
      payload,
      headers: { authorization: `Bearer ${p.token}` },
    });
  const soldOf = async (id: string) =>
    (await t.deps.db.select({ sold: ticketTypes.sold }).from(ticketTypes).where(eq(ticketTypes.id, id)))[0]!
      .sold;

  it('reserves: 201 reserved with a 15-minute deadline, priced items, fees and a recorded transition', async () => {
    const { event, types } = await eventWithTypes(t.deps.db, organiser.id, [
      { name: 'Regular', priceKobo: 10_000_000 },
      { name: 'Free pass', priceKobo: 0 },
    ]);
    const buyer = await person(t.deps.db);
    const before = Date.now();
    const res = await reserve(buyer, {
      eventId: event.id,
      items: { [types[0]!.id]: 1, [types[1]!.id]: 2 },
      buyer: buyerOf(buyer),
    });
    expect(res.statusCode, res.body).toBe(201);
    const { order } = orderResponse.parse(res.json());
    expect(order.status).toBe('reserved');
    const minutes = (Date.parse(order.expiresAt) - before) / 60_000;
    expect(minutes).toBeGreaterThan(14.9);
    expect(minutes).toBeLessThan(15.1);
    // The spec's summary: ₦100,000 of paid tickets → ₦1,500 fees, ₦101,500 total; free tickets add nothing.
    expect(order).toMatchObject({
      subtotal: 100_000,
      fees: 1_500,
      discount: 0,
      total: 101_500,
      testMode: false,
    });
    expect(order.items.map((i) => [i.ticketName, i.quantity, i.amount])).toEqual([
      ['Regular', 1, 100_000],
      ['Free pass', 2, 0],
    ]);
    expect(order.reference).toMatch(/^GP-[0-9A-F]{10}$/);
    expect(await soldOf(types[0]!.id)).toBe(1);
    expect(await soldOf(types[1]!.id)).toBe(2);
    const transitions = await t.deps.db.select().from(orderEvents).where(eq(orderEvents.orderId, order._id));
    expect(transitions.map((e) => e.toStatus)).toEqual(['reserved']);
  });

  it('200 concurrent buyers for 50 seats: exactly 50 sold, every other answer a 409 naming the type', async () => {
    const { event, types } = await eventWithTypes(t.deps.db, organiser.id, [
      { name: 'Early Bird', capacity: 50 },
    ]);
    const buyers = await people(t.deps.db, 200);
    const answers = await Promise.all(
      buyers.map((b) => reserve(b, { eventId: event.id, items: { [types[0]!.id]: 1 }, buyer: buyerOf(b) })),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(50);
    expect(codes.filter((c) => c === 409)).toHaveLength(150);
    for (const a of answers.filter((x) => x.statusCode === 409)) {
      expect(a.json().message).toBe('"Early Bird" is sold out.');
    }
    expect(await soldOf(types[0]!.id)).toBe(50);
    const [held] = await t.deps.db
      .select({ n: sql<number>`count(*)::int` })
      .from(orders)
      .where(eq(orders.eventId, event.id));
    expect(held!.n).toBe(50);
  }, 120_000);

  it('asking for more than is left says how many are left', async () => {
    const { event, types } = await eventWithTypes(t.deps.db, organiser.id, [{ name: 'VIP', capacity: 3 }]);
    const [a, b] = await people(t.deps.db, 2);
    expect(
      (await reserve(a!, { eventId: event.id, items: { [types[0]!.id]: 2 }, buyer: buyerOf(a!) })).statusCode,
    ).toBe(201);
    const res = await reserve(b!, { eventId: event.id, items: { [types[0]!.id]: 2 }, buyer: buyerOf(b!) });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Only 1 "VIP" ticket is left. Please choose fewer.');
    expect(await soldOf(types[0]!.id)).toBe(2);
  });

  it('unlimited types have no cap', async () => {
    const { event, types } = await eventWithTypes(t.deps.db, organiser.id, [
      { name: 'Stream', capacity: null },
    ]);
    const buyers = await people(t.deps.db, 30);
    const answers = await Promise.all(
      buyers.map((b) => reserve(b, { eventId: event.id, items: { [types[0]!.id]: 5 }, buyer: buyerOf(b) })),
    );
    expect(answers.every((a) => a.statusCode === 201)).toBe(true);
    expect(await soldOf(types[0]!.id)).toBe(150);
  });

  it('the event capacity is shared by its types', async () => {
    const { event, types } = await eventWithTypes(
      t.deps.db,
      organiser.id,
      [
        { name: 'Regular', capacity: 20 },
        { name: 'VIP', capacity: null },
      ],
      { capacity: 10 },
    );
    const buyers = await people(t.deps.db, 20);
    const answers = await Promise.all(
      buyers.map((b, i) =>
        reserve(b, { eventId: event.id, items: { [types[i % 2]!.id]: 1 }, buyer: buyerOf(b) }),
      ),
    );
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(10);
    const refused = answers.filter((a) => a.statusCode === 409);
    expect(refused).toHaveLength(10);
    expect(refused[0]!.json().message).toBe('This event is sold out.');
    expect((await soldOf(types[0]!.id)) + (await soldOf(types[1]!.id))).toBe(10);
  });

  it('purchase limit per order, zero quantities, foreign types, paused sales and sales windows are refused', async () => {
    const hour = 3_600_000;
    const { event, types } = await eventWithTypes(t.deps.db, organiser.id, [
      { name: 'Regular', purchaseLimit: 4 },
      { name: 'Later', salesFrom: new Date(Date.now() + 24 * hour) },
      { name: 'Gone', salesUntil: new Date(Date.now() - hour) },
    ]);
    const other = await eventWithTypes(t.deps.db, organiser.id);
    const b = await person(t.deps.db);
    const go = (items: Record<string, number>) => reserve(b, { eventId: event.id, items, buyer: buyerOf(b) });

    const limit = await go({ [types[0]!.id]: 5 });
    expect(limit.statusCode).toBe(400);
    expect(limit.json().message).toBe('You can buy at most 4 "Regular" tickets per order.');
    const ten = await go({ [types[0]!.id]: 11 });
    expect(ten.statusCode).toBe(400);
    expect((await go({ [types[0]!.id]: 0 })).json().message).toBe('Please choose a ticket type to continue');
    expect((await go({ [other.types[0]!.id]: 1 })).statusCode).toBe(400);
    const later = await go({ [types[1]!.id]: 1 });
    expect(later.statusCode).toBe(409);
    expect(later.json().message).toMatch(/^"Later" tickets go on sale on /);
    expect((await go({ [types[2]!.id]: 1 })).json().message).toBe('Sales of "Gone" tickets have ended.');

    await t.deps.db.execute(sql`update events set sales_paused = true where id = ${event.id}`);
    const paused = await go({ [types[0]!.id]: 1 });
    expect(paused.statusCode).toBe(409);
    expect(paused.json().message).toMatch(/paused/);
    expect(await soldOf(types[0]!.id)).toBe(0);
  });

  it('bad input is a 400 naming the field; no token is a 401 before validation', async () => {
    const { event, types } = await eventWithTypes(t.deps.db, organiser.id);
    const b = await person(t.deps.db);
    const bad = await reserve(b, {
      eventId: event.id,
      items: { [types[0]!.id]: 1 },
      buyer: { ...buyerOf(b), phone: '+2341234', firstName: 'A\u0000' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('First name contains characters that are not allowed');
    expect(bad.json().message).toContain('Enter a valid phone number for +234');
    const anon = await t.app.inject({ method: 'POST', url: '/api/orders', payload: { nonsense: true } });
    expect(anon.statusCode).toBe(401);
    const draft = await eventWithTypes(t.deps.db, organiser.id, [{}], { status: 'draft' });
    const res = await reserve(b, {
      eventId: draft.event.id,
      items: { [draft.types[0]!.id]: 1 },
      buyer: buyerOf(b),
    });
    expect(res.statusCode).toBe(409);
  });

  it('re-posting replaces the hold with the same deadline; PUT items does too', async () => {
    const { event, types } = await eventWithTypes(t.deps.db, organiser.id, [
      { name: 'A', capacity: 10 },
      { name: 'B', capacity: 10 },
    ]);
    const b = await person(t.deps.db);
    const first = orderResponse.parse(
      (await reserve(b, { eventId: event.id, items: { [types[0]!.id]: 3 }, buyer: buyerOf(b) })).json(),
    ).order;
    const again = await reserve(b, {
      eventId: event.id,
      items: { [types[0]!.id]: 1, [types[1]!.id]: 2 },
      buyer: buyerOf(b),
    });
    expect(again.statusCode).toBe(201);
    const second = orderResponse.parse(again.json()).order;
    expect(second._id).toBe(first._id);
    expect(second.expiresAt).toBe(first.expiresAt);
    expect(await soldOf(types[0]!.id)).toBe(1);
    expect(await soldOf(types[1]!.id)).toBe(2);
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/orders/${first._id}/items`,
      payload: { items: { [types[1]!.id]: 4 } },
      headers: { authorization: `Bearer ${b.token}` },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(orderResponse.parse(put.json()).order.expiresAt).toBe(first.expiresAt);
    expect(await soldOf(types[0]!.id)).toBe(0);
    expect(await soldOf(types[1]!.id)).toBe(4);
  });

  it("someone else's order is a 403; the event's organiser may read it; a malformed id is a 404", async () => {
    const { event, types } = await eventWithTypes(t.deps.db, organiser.id);
    const [b, stranger] = await people(t.deps.db, 2);
    const { order } = orderResponse.parse(
      (await reserve(b!, { eventId: event.id, items: { [types[0]!.id]: 1 }, buyer: buyerOf(b!) })).json(),
    );
    const get = (p: Person, url = `/api/orders/${order._id}`) =>
      t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${p.token}` } });
    expect((await get(stranger!)).statusCode).toBe(403);
    expect((await get(organiser)).statusCode).toBe(200);
    expect((await get(b!)).statusCode).toBe(200);
    expect((await get(b!, '/api/orders/not-a-uuid')).statusCode).toBe(404);
    const pay = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${order._id}/pay`,
      payload: { acceptTerms: true, emailUpdates: false },
      headers: { authorization: `Bearer ${stranger!.token}` },
    });
    expect(pay.statusCode).toBe(403);
    const mine = await get(b!, '/api/orders/mine');
    expect(mine.json().orders.map((o: { _id: string }) => o._id)).toContain(order._id);
  });

  it('expiry releases the seats (sweeper and on read), and the transition is recorded', async () => {
    const { event, types } = await eventWithTypes(t.deps.db, organiser.id, [{ name: 'Solo', capacity: 1 }]);
    const [a, b] = await people(t.deps.db, 2);
    const { order } = orderResponse.parse(
      (await reserve(a!, { eventId: event.id, items: { [types[0]!.id]: 1 }, buyer: buyerOf(a!) })).json(),
    );
    expect(
      (await reserve(b!, { eventId: event.id, items: { [types[0]!.id]: 1 }, buyer: buyerOf(b!) })).statusCode,
    ).toBe(409);
    // Move the clock: the hold's deadline passes.
    await t.deps.db
      .update(orders)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(orders.id, order._id));
    const read = await t.app.inject({
      method: 'GET',
      url: `/api/orders/${order._id}`,
      headers: { authorization: `Bearer ${a!.token}` },
    });
    expect(read.json().order.status).toBe('expired');
    expect(await soldOf(types[0]!.id)).toBe(0);
    const transitions = await t.deps.db.select().from(orderEvents).where(eq(orderEvents.orderId, order._id));
    expect(transitions.map((e) => `${e.fromStatus}->${e.toStatus}`)).toEqual([
      'null->reserved',
      'reserved->expired',
    ]);
    expect(
      (await reserve(b!, { eventId: event.id, items: { [types[0]!.id]: 1 }, buyer: buyerOf(b!) })).statusCode,
    ).toBe(201);
  });

  it('a sold-out type frees seats of expired holds before refusing (no wait for the sweeper)', async () => {
    const { event, types } = await eventWithTypes(t.deps.db, organiser.id, [{ name: 'Solo', capacity: 1 }]);
    const [a, b] = await people(t.deps.db, 2);
    const { order } = orderResponse.parse(
      (await reserve(a!, { eventId: event.id, items: { [types[0]!.id]: 1 }, buyer: buyerOf(a!) })).json(),
    );
    await t.deps.db
      .update(orders)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(orders.id, order._id));
    const res = await reserve(b!, { eventId: event.id, items: { [types[0]!.id]: 1 }, buyer: buyerOf(b!) });
    expect(res.statusCode, res.body).toBe(201);
    expect(await soldOf(types[0]!.id)).toBe(1);
    const [old] = await t.deps.db.select().from(orders).where(eq(orders.id, order._id));
    expect(old!.status).toBe('expired');
  });

  // Reservations that arrive together are decided together (decision 017): one batch, one
  // transaction. Each request must still get its own answer and the database must agree with every
  // answer. This burst is sent at once, so it lands in one batch with every kind of outcome.
  it('mixed burst: limits, sold out, unlimited, two types, a replaced hold, one buyer twice — each answer right, the database agrees', async () => {
    const { event, types } = await eventWithTypes(t.deps.db, organiser.id, [
      { name: 'Front row', capacity: 6, purchaseLimit: 2 },
      { name: 'Stream', capacity: null },
    ]);
    const [A, U] = [types[0]!.id, types[1]!.id];
    const other = await eventWithTypes(t.deps.db, organiser.id);
    const buyers = await people(t.deps.db, 19);
    const b = (i: number) => buyers[i]!;

    // b17 already holds seats: its re-post replaces the hold and keeps the deadline.
    const first = await reserve(b(17), { eventId: event.id, items: { [U]: 2 }, buyer: buyerOf(b(17)) });
    expect(first.statusCode).toBe(201);
    const held = orderResponse.parse(first.json()).order;

    const asks: [number, Record<string, number>][] = [
      [0, { [A]: 3 }],
      [1, { [A]: 3 }],
      [2, { [A]: 3 }],
      [3, { [other.types[0]!.id]: 1 }],
      ...[4, 5, 6, 7, 8, 9, 10, 11].map((i) => [i, { [A]: 2 }] as [number, Record<string, number>]),
      ...[12, 13, 14, 15].map((i) => [i, { [U]: 3 }] as [number, Record<string, number>]),
      [16, { [A]: 1, [U]: 1 }],
      [17, { [U]: 1 }],
      [18, { [U]: 1 }],
      [18, { [U]: 2 }],
    ];
    const answers = await Promise.all(
      asks.map(([i, items]) => reserve(b(i), { eventId: event.id, items, buyer: buyerOf(b(i)) })),
    );
    const status = answers.map((a) => a.statusCode);

    // Refused before any seat: over the purchase limit, a type of another event.
    for (const i of [0, 1, 2]) {
      expect(status[i]).toBe(400);
      expect(answers[i]!.json().message).toBe('You can buy at most 2 "Front row" tickets per order.');
    }
    expect(status[3]).toBe(400);
    // 'Front row' has 6 seats for 17 asked: some orders get them, the others a 409 naming the type.
    const frontRow = [4, 5, 6, 7, 8, 9, 10, 11, 16];
    for (const i of frontRow) {
      expect([201, 409]).toContain(status[i]);
      if (status[i] === 409) expect(answers[i]!.json().message).toMatch(/"Front row"/);
    }
    expect(frontRow.filter((i) => status[i] === 201).length).toBeGreaterThanOrEqual(3);
    // Unlimited seats, the replaced hold and the buyer who posted twice all succeed.
    for (const i of [12, 13, 14, 15, 17, 18, 19]) expect(status[i], answers[i]!.body).toBe(201);
    const replaced = orderResponse.parse(answers[17]!.json()).order;
    expect(replaced._id).toBe(held._id);
    expect(replaced.expiresAt).toBe(held.expiresAt);
    const twice = [answers[18]!, answers[19]!].map((a) => orderResponse.parse(a.json()).order);
    expect(twice[0]!._id).toBe(twice[1]!._id);

    // The database agrees with the answers: one order per buyer who got a 201, holding what the
    // last answer to that buyer said, and ticket_types.sold is exactly the sum of those holds.
    const orderIds = new Set(
      answers.filter((a) => a.statusCode === 201).map((a) => orderResponse.parse(a.json()).order._id),
    );
    const rows = await t.deps.db.select().from(orders).where(eq(orders.eventId, event.id));
    expect(new Set(rows.map((r) => r.id))).toEqual(orderIds);
    const items = await t.deps.db
      .select()
      .from(orderItems)
      .where(
        inArray(
          orderItems.orderId,
          rows.map((r) => r.id),
        ),
      );
    const seatsOf = (typeId: string) =>
      items.filter((i) => i.ticketTypeId === typeId).reduce((n, i) => n + i.quantity, 0);
    const sold = async (id: string) =>
      (await t.deps.db.select({ sold: ticketTypes.sold }).from(ticketTypes).where(eq(ticketTypes.id, id)))[0]!
        .sold;
    expect(await sold(A)).toBe(seatsOf(A));
    expect(await sold(A)).toBeLessThanOrEqual(6);
    expect(await sold(U)).toBe(seatsOf(U));
    // Every 201 for a buyer other than the one who posted twice lists exactly what the database holds.
    for (const i of [...frontRow, 12, 13, 14, 15, 17].filter((k) => status[k] === 201)) {
      const order = orderResponse.parse(answers[i]!.json()).order;
      const inDb = items
        .filter((x) => x.orderId === order._id)
        .map((x) => [x.ticketTypeId, x.quantity])
        .sort();
      expect(order.items.map((x) => [x.ticketId, x.quantity]).sort()).toEqual(inDb);
    }
    // The buyer who posted twice holds one of the two quantities asked, in one order.
    const twiceInDb = items.filter((x) => x.orderId === twice[0]!._id);
    expect(twiceInDb).toHaveLength(1);
    expect([1, 2]).toContain(twiceInDb[0]!.quantity);
    // An order refused for 'Front row' took no 'Stream' seat either (all or nothing).
    if (status[16] === 409) expect(rows.some((r) => r.buyerUserId === b(16).id)).toBe(false);
  });
});
