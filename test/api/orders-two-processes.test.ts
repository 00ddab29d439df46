import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/client';
import * as schema from '../../server/db/schema';
import { buyerOf, eventWithTypes, people, person } from '../helpers/checkout';
import { createScratchDatabase, postgresUrl } from '../helpers/databases';
import { type ServerProcess, startServerProcess } from '../helpers/serverProcess';

/**
 * Never oversell with several API processes: two real servers (`node --import tsx server/main.ts`)
 * on one scratch PostgreSQL database, 200 buyers split between them racing for 150 seats: more than
 * one process's 100 buyers can take (one batch of a process may hold all of its buyers, decision
 * 060), so both must sell, and they race for the last seats.
 */
describe.skipIf(!postgresUrl)('Two API processes on one PostgreSQL', () => {
  const servers: ServerProcess[] = [];
  let scratch: { url: string; drop: () => Promise<void> };
  let pool: pg.Pool;
  let db: Database;
  let dataDir: string;

  beforeAll(async () => {
    scratch = await createScratchDatabase();
    dataDir = await mkdtemp(path.join(tmpdir(), 'gatepass-2proc-'));
    // One after the other: the first applies the migrations, the second finds them applied.
    for (let i = 0; i < 2; i += 1) {
      const server = await startServerProcess({
        DATABASE_URL: scratch.url,
        DATA_DIR: path.join(dataDir, String(i)),
        SEED_SAMPLE_DATA: 'false',
        RATE_LIMITS: 'off',
        LOG_LEVEL: 'warn',
        SPA_DIR: path.join(dataDir, 'no-spa'),
      });
      servers.push(server);
      await server.healthy();
    }
    pool = new pg.Pool({ connectionString: scratch.url, max: 4 });
    db = drizzle(pool, { schema }) as unknown as Database;
  }, 120_000);

  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await pool?.end();
    await scratch?.drop();
    await rm(dataDir, { recursive: true, force: true });
  }, 120_000);

  it('200 concurrent reservations for 150 seats over HTTP across both processes → exactly 150 sold', async () => {
    const organiser = await person(db, 'organiser');
    const { event, types } = await eventWithTypes(db, organiser.id, [{ name: 'Flash', capacity: 150 }]);
    const buyers = await people(db, 200);
    const answers = await Promise.all(
      buyers.map(async (b, i) => {
        const res = await fetch(`${servers[i % 2]!.url}/api/orders`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${b.token}` },
          body: JSON.stringify({ eventId: event.id, items: { [types[0]!.id]: 1 }, buyer: buyerOf(b) }),
        });
        return { status: res.status, body: (await res.json()) as { message?: string } };
      }),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(150);
    const refused = answers.filter((a) => a.status === 409);
    expect(refused).toHaveLength(50);
    expect(new Set(refused.map((a) => a.body.message))).toEqual(new Set(['"Flash" is sold out.']));
    // Both processes sold some.
    expect(new Set(answers.map((a, i) => (a.status === 201 ? i % 2 : -1)).filter((x) => x >= 0)).size).toBe(
      2,
    );
    const [row] = await db
      .select({ sold: schema.ticketTypes.sold })
      .from(schema.ticketTypes)
      .where(eq(schema.ticketTypes.id, types[0]!.id));
    expect(row!.sold).toBe(150);
    const [held] = await db
      .select({ seats: sql<number>`coalesce(sum(${schema.orderItems.quantity}), 0)::int` })
      .from(schema.orderItems)
      .innerJoin(schema.orders, eq(schema.orders.id, schema.orderItems.orderId))
      .where(sql`${schema.orders.eventId} = ${event.id} and ${schema.orders.status} = 'reserved'`);
    expect(held!.seats).toBe(150);
  });

  it('both sweepers release expired holds together without double-releasing', async () => {
    const organiser = await person(db, 'organiser');
    const { event, types } = await eventWithTypes(db, organiser.id, [{ name: 'Sweep', capacity: 40 }]);
    const buyers = await people(db, 40);
    for (const [i, b] of buyers.entries()) {
      const res = await fetch(`${servers[i % 2]!.url}/api/orders`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${b.token}` },
        body: JSON.stringify({ eventId: event.id, items: { [types[0]!.id]: 1 }, buyer: buyerOf(b) }),
      });
      expect(res.status).toBe(201);
    }
    await db
      .update(schema.orders)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(schema.orders.eventId, event.id));
    // Both processes are asked to reserve the (apparently sold-out) seats at once: each runs a sweep
    // first. SKIP LOCKED means each hold is released exactly once.
    const late = await people(db, 2);
    const answers = await Promise.all(
      late.map((b, i) =>
        fetch(`${servers[i]!.url}/api/orders`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${b.token}` },
          body: JSON.stringify({ eventId: event.id, items: { [types[0]!.id]: 1 }, buyer: buyerOf(b) }),
        }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual([201, 201]);
    const [row] = await db
      .select({ sold: schema.ticketTypes.sold })
      .from(schema.ticketTypes)
      .where(eq(schema.ticketTypes.id, types[0]!.id));
    expect(row!.sold).toBe(2);
    const expired = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(schema.orderEvents)
      .innerJoin(schema.orders, eq(schema.orders.id, schema.orderEvents.orderId))
      .where(sql`${schema.orders.eventId} = ${event.id} and ${schema.orderEvents.toStatus} = 'expired'`);
    expect(expired[0]!.n).toBe(40);
  });
});
