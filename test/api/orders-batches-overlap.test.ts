import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderResponse } from '../../contract/orders';
import { orderItems, orders, ticketTypes } from '../../server/db/schema';
import { buyerOf, eventWithTypes, type Person, people, person } from '../helpers/checkout';
import { testDatabases } from '../helpers/databases';
import { buildTestApp, type TestApp } from '../helpers/testApp';

/**
 * Reservation batches run two deep (decision 060): a batch's read goes out while the batch before it
 * takes its seats, so it may not see those seats or holds yet. Bursts that arrive while a batch is in
 * flight — buyers posting again among them — must still come out as if one at a time: no seat sold
 * twice, one order per buyer, the database agreeing with the answers.
 */
describe.each(testDatabases)('Overlapping reservation batches on $name', (database) => {
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

  it('waves of buyers while batches are in flight, some posting twice: exactly the seats sold, one order each', async () => {
    const { event, types } = await eventWithTypes(t.deps.db, organiser.id, [{ name: 'Flash', capacity: 25 }]);
    const type = types[0]!.id;
    const buyers = await people(t.deps.db, 45);
    const ask = (b: Person) => reserve(b, { eventId: event.id, items: { [type]: 1 }, buyer: buyerOf(b) });

    // Three waves of 15 new buyers, each wave a few milliseconds after the one before (so it joins
    // the queue while the earlier batch is reading or writing), and in waves 2 and 3 four buyers of
    // the wave before posting again.
    const posted: { buyer: number; answer: Promise<Awaited<ReturnType<typeof ask>>> }[] = [];
    for (let wave = 0; wave < 3; wave++) {
      if (wave > 0) await new Promise((r) => setTimeout(r, 4));
      const fresh = Array.from({ length: 15 }, (_, i) => wave * 15 + i);
      const again = wave > 0 ? [0, 1, 2, 3].map((i) => (wave - 1) * 15 + i) : [];
      for (const i of [...fresh, ...again]) posted.push({ buyer: i, answer: ask(buyers[i]!) });
    }
    const answers = await Promise.all(posted.map(async (p) => ({ buyer: p.buyer, res: await p.answer })));

    for (const a of answers) expect([201, 409], a.res.body).toContain(a.res.statusCode);
    const won = answers.filter((a) => a.res.statusCode === 201);
    const orderOf = new Map<number, string>();
    for (const a of won) {
      const id = orderResponse.parse(a.res.json()).order._id;
      // A buyer who posted twice and won both times has ONE order (its hold replaced, not doubled).
      expect(orderOf.get(a.buyer) ?? id).toBe(id);
      orderOf.set(a.buyer, id);
    }
    // 45 buyers for 25 seats of one each: every seat sold, to 25 different buyers.
    expect(orderOf.size).toBe(25);

    const rows = await t.deps.db.select().from(orders).where(eq(orders.eventId, event.id));
    expect(new Set(rows.map((r) => r.id))).toEqual(new Set(orderOf.values()));
    expect(new Set(rows.map((r) => r.buyerUserId)).size).toBe(rows.length);
    const items = await t.deps.db
      .select()
      .from(orderItems)
      .where(
        inArray(
          orderItems.orderId,
          rows.map((r) => r.id),
        ),
      );
    expect(items.reduce((n, i) => n + i.quantity, 0)).toBe(25);
    const [row] = await t.deps.db.select().from(ticketTypes).where(eq(ticketTypes.id, type));
    expect(row!.sold).toBe(25);
    for (const a of answers.filter((x) => x.res.statusCode === 409))
      expect(a.res.json().message).toBe('"Flash" is sold out.');
  });

  // PostgreSQL only: it needs a second connection holding the type's row while the app works.
  it.runIf(database.kind === 'postgres')(
    'a buyer of the batch in flight is not in the batch read meanwhile: their second post replaces the hold',
    async () => {
      const { event, types } = await eventWithTypes(t.deps.db, organiser.id, [
        { name: 'Flash', capacity: 10 },
      ]);
      const type = types[0]!.id;
      const buyers = await people(t.deps.db, 4);
      const ask = (b: Person, n: number) =>
        reserve(b, { eventId: event.id, items: { [type]: n }, buyer: buyerOf(b) });
      const lockedBy = async () => {
        const rows = await t.deps.db.execute(
          sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
        );
        return (rows as unknown as { rows: { n: number }[] }).rows[0]!.n;
      };
      const answers = await t.deps.db.transaction(async (tx) => {
        // The first batch's statement waits for this row: its orders are not committed yet.
        await tx
          .select({ id: ticketTypes.id })
          .from(ticketTypes)
          .where(eq(ticketTypes.id, type))
          .for('update');
        const first = [ask(buyers[0]!, 1), ask(buyers[1]!, 1)];
        while ((await lockedBy()) === 0) await new Promise((r) => setTimeout(r, 20));
        // Meanwhile the same two buyers ask again, and a third buyer asks: the next batch's read
        // goes out now and cannot see the first batch's holds.
        const second = [ask(buyers[0]!, 2), ask(buyers[1]!, 2), ask(buyers[2]!, 1)];
        await new Promise((r) => setTimeout(r, 500));
        return { first, second };
      });
      const [a0, a1] = await Promise.all(answers.first);
      const [b0, b1, c] = await Promise.all(answers.second);
      for (const r of [a0, a1, b0, b1, c]) expect(r!.statusCode, r!.body).toBe(201);
      // Each buyer's second answer is the same order, now for 2 seats: replaced, not doubled.
      expect(orderResponse.parse(b0!.json()).order._id).toBe(orderResponse.parse(a0!.json()).order._id);
      expect(orderResponse.parse(b1!.json()).order._id).toBe(orderResponse.parse(a1!.json()).order._id);
      const rows = await t.deps.db.select().from(orders).where(eq(orders.eventId, event.id));
      expect(rows).toHaveLength(3);
      const [row] = await t.deps.db.select().from(ticketTypes).where(eq(ticketTypes.id, type));
      expect(row!.sold).toBe(5);
    },
  );
});
