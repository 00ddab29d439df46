import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { orderItems, orders, ticketTypes, waitlistEntries } from '../../server/db/schema';
import { loadTicketSigner } from '../../server/modules/issued-tickets/signing';
import { sweepOnce } from '../../server/modules/orders/sweeper';
import { offerReturnedSeats } from '../../server/modules/waitlist/offers';
import { authed } from '../helpers/accounts';
import { buyerOf, eventWithTypes, type Person, people, person } from '../helpers/checkout';
import { testDatabases } from '../helpers/databases';
import { buildTestApp, type TestApp } from '../helpers/testApp';

/**
 * The waiting list under load (decision 042): many seats returning at once while sweeps and offer
 * runs race, and two app instances offering at the same time; no seat is ever offered twice and the
 * type never sells more than its capacity. The rules one at a time are in waitlist.test.ts.
 */
describe.each(testDatabases)('Waiting list with offers racing on $name', (database) => {
  let t: TestApp;
  let organiser: Person;

  beforeAll(async () => {
    t = await buildTestApp(database);
    organiser = await person(t.deps.db, 'organiser');
  }, 120_000);
  afterAll(async () => t?.close());

  const join = (p: Person, ticketTypeId: string, quantity: number) =>
    authed(t, 'POST', '/api/waitlist', p.token, { ticketTypeId, quantity });
  const hold = async (p: Person, eventId: string, items: Record<string, number>) => {
    const res = await authed(t, 'POST', '/api/orders', p.token, { eventId, items, buyer: buyerOf(p) });
    expect(res.statusCode, res.body).toBe(201);
  };

  it('many seats returning at once are each offered once, never oversold, with offers racing', async () => {
    const capacity = 40;
    const { event, types } = await eventWithTypes(t.deps.db, organiser.id, [{ name: 'Flash', capacity }]);
    const flash = types[0]!;
    const holders = await people(t.deps.db, capacity, 'holder');
    for (const h of holders) await hold(h, event.id, { [flash.id]: 1 });
    const waiters = await people(t.deps.db, 60, 'waiter');
    for (const [i, w] of waiters.entries())
      expect((await join(w, flash.id, 1 + (i % 2))).statusCode).toBe(201);
    // Every hold ends at once; sweeps and offer runs race.
    await t.deps.db
      .update(orders)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(and(eq(orders.eventId, event.id), eq(orders.status, 'reserved')));
    const checkout = {
      ...t.deps,
      signer: await loadTicketSigner(t.deps.db, undefined),
      log: { info() {}, warn() {}, error() {} },
    };
    await Promise.all([
      sweepOnce(checkout),
      sweepOnce(checkout),
      offerReturnedSeats(t.deps),
      offerReturnedSeats(t.deps),
    ]);
    await offerReturnedSeats(t.deps);
    await expectNoSeatOfferedTwice(t, flash.id, capacity);
    // Strict order: the offered are exactly the first entries whose seats add up within 40.
    const rows = await t.deps.db
      .select()
      .from(waitlistEntries)
      .where(eq(waitlistEntries.ticketTypeId, flash.id))
      .orderBy(waitlistEntries.createdAt, waitlistEntries.id);
    const offeredIdx = rows.flatMap((r, i) => (r.status === 'offered' ? [i] : []));
    expect(offeredIdx).toEqual(offeredIdx.map((_, i) => i));
    expect(rows.slice(0, offeredIdx.length).reduce((n, r) => n + r.quantity, 0)).toBe(capacity);
  });
});

/** Every offered seat is in exactly one live order; the type never holds more than its capacity. */
async function expectNoSeatOfferedTwice(app: App, typeId: string, capacity: number) {
  const db = app.deps.db;
  const offered = await db
    .select()
    .from(waitlistEntries)
    .where(and(eq(waitlistEntries.ticketTypeId, typeId), eq(waitlistEntries.status, 'offered')));
  const ids = offered.map((e) => e.orderId!);
  expect(new Set(ids).size).toBe(ids.length);
  const live = await db
    .select({ orderId: orders.id, quantity: orderItems.quantity, buyer: orders.buyerUserId })
    .from(orders)
    .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
    .where(and(eq(orderItems.ticketTypeId, typeId), inArray(orders.status, ['reserved', 'paid'])));
  const seats = live.reduce((n, r) => n + r.quantity, 0);
  const [type] = await db.select().from(ticketTypes).where(eq(ticketTypes.id, typeId));
  expect(type!.sold).toBe(seats);
  expect(seats).toBeLessThanOrEqual(capacity);
  // Each offered entry's order is its own person's, for its own seats.
  const byOrder = new Map(live.map((r) => [r.orderId, r]));
  for (const e of offered) {
    expect(byOrder.get(e.orderId!)).toMatchObject({ quantity: e.quantity, buyer: e.userId });
  }
  return seats;
}

/** Two app instances (two pools, two sweepers) on one PostgreSQL database, offering at once. */
describe.skipIf(!testDatabases.some((d) => d.kind === 'postgres'))(
  'Waiting list with two app instances',
  () => {
    let first: TestApp;
    let second: App;
    let dataDir: string;

    beforeAll(async () => {
      first = await buildTestApp({ name: 'PostgreSQL', kind: 'postgres' });
      dataDir = await mkdtemp(path.join(tmpdir(), 'gatepass-waitlist-'));
      second = await buildApp(
        loadConfig(
          {
            NODE_ENV: 'test',
            LOG_LEVEL: 'silent',
            DATA_DIR: dataDir,
            SEED_SAMPLE_DATA: 'false',
            RATE_LIMITS: 'off',
          },
          { databaseUrl: first.deps.config.databaseUrl },
        ),
      );
    }, 120_000);
    afterAll(async () => {
      await second?.app.close();
      await first?.close();
      await rm(dataDir, { recursive: true, force: true });
    });

    it('offers each returned seat once across both, in waves, with no oversell', async () => {
      const organiser = await person(first.deps.db, 'organiser');
      const capacity = 30;
      const { event, types } = await eventWithTypes(first.deps.db, organiser.id, [{ name: 'Two', capacity }]);
      const two = types[0]!;
      const holders = await people(first.deps.db, capacity, 'holder');
      for (const [i, h] of holders.entries()) {
        const app = i % 2 ? second : first;
        const res = await app.app.inject({
          method: 'POST',
          url: '/api/orders',
          headers: { authorization: `Bearer ${h.token}` },
          payload: { eventId: event.id, items: { [two.id]: 1 }, buyer: buyerOf(h) },
        });
        expect(res.statusCode, res.body).toBe(201);
      }
      const waiters = await people(first.deps.db, 50, 'waiter');
      for (const [i, w] of waiters.entries()) {
        const app = i % 2 ? second : first;
        const res = await app.app.inject({
          method: 'POST',
          url: '/api/waitlist',
          headers: { authorization: `Bearer ${w.token}` },
          payload: { ticketTypeId: two.id, quantity: 1 + (i % 3 === 0 ? 1 : 0) },
        });
        expect(res.statusCode, res.body).toBe(201);
      }
      const checkoutOf = async (a: App) => ({
        ...a.deps,
        signer: await loadTicketSigner(a.deps.db, undefined),
        log: { info() {}, warn() {}, error() {} },
      });
      const [c1, c2] = [await checkoutOf(first), await checkoutOf(second)];
      // Three waves: a third of the holds end, both instances sweep and offer at once, twice each.
      for (let wave = 0; wave < 3; wave += 1) {
        const ending = holders.filter((_, i) => i % 3 === wave).map((h) => h.id);
        await first.deps.db
          .update(orders)
          .set({ expiresAt: sql`now() - interval '1 second'` })
          .where(
            and(
              eq(orders.eventId, event.id),
              eq(orders.status, 'reserved'),
              inArray(orders.buyerUserId, ending),
            ),
          );
        await Promise.all([
          sweepOnce(c1),
          sweepOnce(c2),
          offerReturnedSeats(first.deps, two.id),
          offerReturnedSeats(second.deps, two.id),
        ]);
        await expectNoSeatOfferedTwice(first, two.id, capacity);
      }
      const [row] = await first.deps.db.select().from(ticketTypes).where(eq(ticketTypes.id, two.id));
      expect(row!.sold).toBe(capacity);
      const offered = await first.deps.db
        .select()
        .from(waitlistEntries)
        .where(and(eq(waitlistEntries.ticketTypeId, two.id), eq(waitlistEntries.status, 'offered')));
      // All 30 seats went to the list (nobody else asked for them), in arrival order.
      expect(offered.reduce((n, e) => n + e.quantity, 0)).toBe(capacity);
    }, 120_000);
  },
);
