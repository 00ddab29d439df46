import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderResponse, payResponse } from '../../contract/orders';
import { myWaitlistResponse, organiserWaitlistResponse } from '../../contract/waitlist';
import { orders, ticketTypes } from '../../server/db/schema';
import { loadTicketSigner } from '../../server/modules/issued-tickets/signing';
import { sweepOnce } from '../../server/modules/orders/sweeper';
import { authed, outbox } from '../helpers/accounts';
import { buyTickets } from '../helpers/checkin';
import { buyerOf, eventWithTypes, type Person, people, person } from '../helpers/checkout';
import { testDatabases } from '../helpers/databases';
import { buildTestApp, type TestApp } from '../helpers/testApp';

/**
 * The waiting list (decision 042): who may join, offers in arrival order when seats come back (an
 * abandoned or expired hold, a give-back, more stock), an unclaimed offer passing on, a claim being
 * checkout's own payment. Many seats returning at once, and two app instances offering at the same
 * time, are in waitlist-concurrency.test.ts.
 */
describe.each(testDatabases)('Waiting list on $name', (database) => {
  let t: TestApp;
  let organiser: Person;

  beforeAll(async () => {
    t = await buildTestApp(database);
    organiser = await person(t.deps.db, 'organiser');
  }, 120_000);
  afterAll(async () => t?.close());

  const join = (p: Person, ticketTypeId: string, quantity: number) =>
    authed(t, 'POST', '/api/waitlist', p.token, { ticketTypeId, quantity });
  const mine = async (p: Person, eventId: string) => {
    const res = await authed(t, 'GET', `/api/waitlist/event/${eventId}`, p.token);
    expect(res.statusCode, res.body).toBe(200);
    return myWaitlistResponse.parse(res.json()).entries;
  };
  const hold = async (p: Person, eventId: string, items: Record<string, number>) => {
    const res = await authed(t, 'POST', '/api/orders', p.token, { eventId, items, buyer: buyerOf(p) });
    expect(res.statusCode, res.body).toBe(201);
    return orderResponse.parse(res.json()).order;
  };
  const soldOf = async (id: string) =>
    (await t.deps.db.select({ sold: ticketTypes.sold }).from(ticketTypes).where(eq(ticketTypes.id, id)))[0]!
      .sold;
  /** A sold-out type: `capacity` seats held by one buyer whose hold is returned. */
  const soldOutType = async (capacity: number, spec: { purchaseLimit?: number; priceKobo?: number } = {}) => {
    const { event, types } = await eventWithTypes(t.deps.db, organiser.id, [
      { name: 'Regular', capacity, ...spec },
    ]);
    const holder = await person(t.deps.db, 'holder');
    const held = await hold(holder, event.id, {
      [types[0]!.id]: Math.min(capacity, spec.purchaseLimit ?? 10),
    });
    return { event, type: types[0]!, holder, held };
  };
  it('joins only a sold-out type with its list on, within the purchase limit, once', async () => {
    const { event, types } = await eventWithTypes(t.deps.db, organiser.id, [
      { name: 'Open', capacity: 5 },
      { name: 'Gone', capacity: 2, purchaseLimit: 4 },
    ]);
    const [open, gone] = types as [(typeof types)[0], (typeof types)[0]];
    const holder = await person(t.deps.db, 'holder');
    await hold(holder, event.id, { [gone.id]: 2 });
    const visitor = await person(t.deps.db, 'visitor');

    expect(
      (await authed(t, 'POST', '/api/waitlist', undefined, { ticketTypeId: gone.id, quantity: 1 }))
        .statusCode,
    ).toBe(401);
    const notSoldOut = await join(visitor, open.id, 1);
    expect(notSoldOut.statusCode).toBe(409);
    expect(notSoldOut.json().message).toMatch(/not sold out/);
    // At most what the type could ever sell one order: its 2 seats (below the purchase limit of 4).
    const overLimit = await join(visitor, gone.id, 3);
    expect(overLimit.statusCode).toBe(400);
    expect(overLimit.json().message).toMatch(/at most 2/);
    expect((await join(visitor, gone.id, 0)).statusCode).toBe(400);
    expect((await join(visitor, '00000000-0000-4000-8000-000000000000', 1)).statusCode).toBe(404);

    // The answer names that limit for each open type, so the page offers no more (issue #32).
    const before = myWaitlistResponse.parse(
      (await authed(t, 'GET', `/api/waitlist/event/${event.id}`, visitor.token)).json(),
    );
    expect(before.open).toEqual([gone.id]);
    expect(before.limits).toEqual({ [gone.id]: 2 });
    const joined = await join(visitor, gone.id, 2);
    expect(joined.statusCode, joined.body).toBe(201);
    expect(myWaitlistResponse.parse(joined.json()).entries).toEqual([
      { ticketTypeId: gone.id, quantity: 2, status: 'waiting', position: 1, orderId: null, expiresAt: null },
    ]);
    const twice = await join(visitor, gone.id, 1);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toMatch(/already on the waiting list/);

    // Switched off by the organiser: nobody else may join.
    const off = await authed(t, 'PUT', `/api/events/${event.id}/waitlist/${gone.id}`, organiser.token, {
      enabled: false,
    });
    expect(off.statusCode, off.body).toBe(200);
    const late = await join(await person(t.deps.db), gone.id, 1);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toMatch(/no waiting list/);

    // Leaving takes the visitor off; a second leave has nothing to leave.
    expect((await authed(t, 'DELETE', `/api/waitlist/${gone.id}`, visitor.token)).statusCode).toBe(200);
    expect(await mine(visitor, event.id)).toEqual([]);
    expect((await authed(t, 'DELETE', `/api/waitlist/${gone.id}`, visitor.token)).statusCode).toBe(404);
  });

  it('offers returned seats in order, strictly, and mails a claim link to the held order', async () => {
    const { event, type, holder, held } = await soldOutType(3);
    const [w1, w2, w3] = await people(t.deps.db, 3, 'waiter');
    for (const [p, n] of [
      [w1!, 2],
      [w2!, 2],
      [w3!, 1],
    ] as const)
      expect((await join(p, type.id, n)).statusCode).toBe(201);
    expect((await mine(w3!, event.id))[0]!.position).toBe(3);

    // The holder lets the 3 seats go: w1 (2) is offered; w2 (2) does not fit in the 1 left and keeps
    // its place (first for the next return), and w3 behind, whose 1 fits, is offered it (decision 050).
    const released = await authed(t, 'DELETE', `/api/orders/${held._id}`, holder.token);
    expect(released.statusCode, released.body).toBe(200);
    const first = (await mine(w1!, event.id))[0]!;
    expect(first).toMatchObject({ status: 'offered', position: null, quantity: 2 });
    expect(first.orderId).toBeTruthy();
    expect((await mine(w2!, event.id))[0]).toMatchObject({ status: 'waiting', position: 1 });
    expect((await mine(w3!, event.id))[0]).toMatchObject({ status: 'offered', position: null });
    expect(await soldOf(type.id)).toBe(3);

    // The offer is w1's own reserved order for 2 seats, held for the event's offer time (30 minutes).
    const order = orderResponse.parse(
      (await authed(t, 'GET', `/api/orders/${first.orderId}`, w1!.token)).json(),
    ).order;
    expect(order.status).toBe('reserved');
    expect(order.items.map((i) => [i.ticketId, i.quantity])).toEqual([[type.id, 2]]);
    const minutes = (new Date(order.expiresAt).getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(29);
    expect(minutes).toBeLessThanOrEqual(30);
    // Nobody else can read or pay it.
    expect((await authed(t, 'GET', `/api/orders/${first.orderId}`, w2!.token)).statusCode).toBe(403);

    const mail = (await outbox(t)).find((m) => m.to === w1!.email && m.subject.includes('held for you'));
    expect(mail?.text).toContain(`/orders/${first.orderId}`);
    expect(mail?.text).toContain('30 minutes');
    expect((await outbox(t)).some((m) => m.to === w2!.email && m.subject.includes('held for you'))).toBe(
      false,
    );

    // w3 lets the offer go: the seat is free, but w2 (2) still waits, so it is not sold to someone
    // who skipped the line.
    expect((await authed(t, 'DELETE', `/api/waitlist/${type.id}`, w3!.token)).statusCode).toBe(200);
    expect(await soldOf(type.id)).toBe(2);
    const jumper = await person(t.deps.db, 'jumper');
    const skipped = await authed(t, 'POST', '/api/orders', jumper.token, {
      eventId: event.id,
      items: { [type.id]: 1 },
      buyer: buyerOf(jumper),
    });
    expect(skipped.statusCode).toBe(409);
    expect(skipped.json().message).toMatch(/waiting list first/);
    expect(await soldOf(type.id)).toBe(2);

    // Organiser's view: positions, seats, statuses; another organiser is refused.
    const list = await authed(t, 'GET', `/api/events/${event.id}/waitlist`, organiser.token);
    expect(list.statusCode, list.body).toBe(200);
    const [regular] = organiserWaitlistResponse.parse(list.json()).types;
    expect(regular!.entries.map((e) => [e.email, e.quantity, e.status, e.position])).toEqual([
      [w1!.email, 2, 'offered', null],
      [w2!.email, 2, 'waiting', 1],
    ]);
    const stranger = await person(t.deps.db, 'stranger');
    expect((await authed(t, 'GET', `/api/events/${event.id}/waitlist`, stranger.token)).statusCode).toBe(403);
    expect(
      (await authed(t, 'PUT', `/api/events/${event.id}/waitlist`, stranger.token, { offerMinutes: 10 }))
        .statusCode,
    ).toBe(403);
  });

  it('an unclaimed offer expires and passes on; a paid one is claimed', async () => {
    const { event, type, holder, held } = await soldOutType(2);
    const bad = await authed(t, 'PUT', `/api/events/${event.id}/waitlist`, organiser.token, {
      offerMinutes: 2,
    });
    expect(bad.statusCode).toBe(400);
    const set = await authed(t, 'PUT', `/api/events/${event.id}/waitlist`, organiser.token, {
      offerMinutes: 10,
    });
    expect(organiserWaitlistResponse.parse(set.json()).offerMinutes).toBe(10);
    const [w1, w2] = await people(t.deps.db, 2, 'waiter');
    await join(w1!, type.id, 2);
    await join(w2!, type.id, 2);
    await authed(t, 'DELETE', `/api/orders/${held._id}`, holder.token);
    const offer1 = (await mine(w1!, event.id))[0]!;
    expect(offer1.status).toBe('offered');
    expect((new Date(offer1.expiresAt!).getTime() - Date.now()) / 60_000).toBeGreaterThan(9);

    // w1 never pays: the hold runs out, the sweeper releases it and offers the seats to w2.
    await t.deps.db
      .update(orders)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(orders.id, offer1.orderId!));
    await sweepOnce({
      ...t.deps,
      signer: await loadTicketSigner(t.deps.db, undefined),
      log: { info() {}, warn() {}, error() {} },
    });
    expect((await mine(w1!, event.id))[0]).toMatchObject({ status: 'expired', orderId: null });
    const offer2 = (await mine(w2!, event.id))[0]!;
    expect(offer2.status).toBe('offered');
    expect(await soldOf(type.id)).toBe(2);

    // Claiming is checkout's payment of the held order (test mode here).
    const pay = await authed(t, 'POST', `/api/orders/${offer2.orderId}/pay`, w2!.token, {
      acceptTerms: true,
      emailUpdates: false,
    });
    expect(pay.statusCode, pay.body).toBe(200);
    const answer = payResponse.parse(pay.json());
    expect('reference' in answer).toBe(true);
    if ('reference' in answer) {
      const approved = await t.app.inject({
        method: 'POST',
        url: `/api/payments/test/${answer.reference}/approve`,
      });
      expect(approved.statusCode, approved.body).toBe(200);
    }
    const paid = orderResponse.parse(
      (await authed(t, 'GET', `/api/orders/${offer2.orderId}`, w2!.token)).json(),
    ).order;
    expect(paid.status).toBe('paid');
    expect(paid.tickets).toHaveLength(2);
    expect((await mine(w2!, event.id))[0]!.status).toBe('claimed');
    expect(await soldOf(type.id)).toBe(2);
    const list = organiserWaitlistResponse.parse(
      (await authed(t, 'GET', `/api/events/${event.id}/waitlist`, organiser.token)).json(),
    );
    expect(list.types[0]!.entries.map((e) => e.status)).toEqual(['expired', 'claimed']);
  });

  it('leaving while offered lets the hold go and the next person gets it', async () => {
    const { event, type, holder, held } = await soldOutType(1);
    const [w1, w2] = await people(t.deps.db, 2, 'waiter');
    await join(w1!, type.id, 1);
    await join(w2!, type.id, 1);
    await authed(t, 'DELETE', `/api/orders/${held._id}`, holder.token);
    const offered = (await mine(w1!, event.id))[0]!;
    expect(offered.status).toBe('offered');
    expect((await authed(t, 'DELETE', `/api/waitlist/${type.id}`, w1!.token)).statusCode).toBe(200);
    const gone = orderResponse.parse(
      (await authed(t, 'GET', `/api/orders/${offered.orderId}`, w1!.token)).json(),
    ).order;
    expect(gone.status).toBe('cancelled');
    expect((await mine(w2!, event.id))[0]!.status).toBe('offered');
    expect(await soldOf(type.id)).toBe(1);
  });

  it('a give-back and more stock are offered at once', async () => {
    const { event, types } = await eventWithTypes(t.deps.db, organiser.id, [
      { name: 'RSVP', priceKobo: 0, capacity: 2 },
    ]);
    const rsvp = types[0]!;
    const guest = await person(t.deps.db, 'guest');
    const free = await buyTickets(t, guest, event.id, { [rsvp.id]: 2 });
    const [w1, w2] = await people(t.deps.db, 2, 'waiter');
    await join(w1!, rsvp.id, 2);
    await join(w2!, rsvp.id, 2);
    const back = await authed(t, 'POST', `/api/orders/${free._id}/give-back`, guest.token);
    expect(back.statusCode, back.body).toBe(200);
    expect((await mine(w1!, event.id))[0]!.status).toBe('offered');
    expect((await mine(w2!, event.id))[0]!.status).toBe('waiting');
    // The organiser adds 2 seats: w2's 2 fit now.
    const more = await authed(t, 'PUT', `/api/tickets/${rsvp.id}`, organiser.token, {
      ticketName: 'RSVP',
      ticketType: 'free',
      ticketStock: 'limited',
      availableTickets: 4,
      purchaseLimit: 10,
      benefits: 'Entry',
    });
    expect(more.statusCode, more.body).toBe(200);
    expect((await mine(w2!, event.id))[0]!.status).toBe('offered');
    expect(await soldOf(rsvp.id)).toBe(4);
  });
});
