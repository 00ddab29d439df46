import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/client';
import { migrationsFolder } from '../../server/db/client';
import * as schema from '../../server/db/schema';
import { SAMPLE_EVENTS, SAMPLE_ORGANISER } from '../../server/seed/sample-events';
import { buyerOf, eventWithTypes, people, person } from '../helpers/checkout';
import { createScratchDatabase, postgresUrl } from '../helpers/databases';
import { type ServerProcess, startServerProcess } from '../helpers/serverProcess';

/** A real multipart/form-data body with one file, encoded by the platform's own FormData. */
async function multipart(field: string, bytes: Buffer, type = 'image/png') {
  const form = new FormData();
  form.append(field, new Blob([new Uint8Array(bytes)], { type }), 'image.png');
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return { body: Buffer.from(await request.arrayBuffer()), type: request.headers.get('content-type')! };
}

/**
 * Many Gatepass processes on one PostgreSQL database, each with its own DATA_DIR (nothing on disk
 * shared): three real servers started at the same moment on an empty database, then uploads,
 * resized images, PDF tickets and a sale that cross from one process to another.
 */
describe.skipIf(!postgresUrl)('Three processes started together on one empty PostgreSQL', () => {
  let servers: ServerProcess[] = [];
  let scratch: { url: string; drop: () => Promise<void> };
  let pool: pg.Pool;
  let db: Database;
  let dataDir: string;

  beforeAll(async () => {
    scratch = await createScratchDatabase();
    dataDir = await mkdtemp(path.join(tmpdir(), 'gatepass-nproc-'));
    // All three spawned before any is awaited: they migrate and seed at the same moment.
    servers = await Promise.all(
      [0, 1, 2].map((i) =>
        startServerProcess({
          DATABASE_URL: scratch.url,
          DATA_DIR: path.join(dataDir, String(i)),
          SEED_SAMPLE_DATA: 'true',
          RATE_LIMITS: 'off',
          LOG_LEVEL: 'warn',
          SPA_DIR: path.join(dataDir, 'no-spa'),
        }),
      ),
    );
    await Promise.all(servers.map((s) => s.healthy()));
    pool = new pg.Pool({ connectionString: scratch.url, max: 4 });
    db = drizzle(pool, { schema }) as unknown as Database;
  }, 180_000);

  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await pool?.end();
    await scratch?.drop();
    await rm(dataDir, { recursive: true, force: true });
  }, 120_000);

  it('one schema, one set of sample data, one signing key, all three healthy', async () => {
    for (const s of servers) {
      const res = await fetch(`${s.url}/api/health`);
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ status: 'ok', database: 'postgres' });
      expect(s.output()).not.toMatch(/duplicate key|error/i);
    }
    const journal = JSON.parse(await readFile(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8'));
    const applied = await pool.query('select hash from drizzle.__drizzle_migrations');
    expect(applied.rowCount).toBe(journal.entries.length);
    expect(new Set(applied.rows.map((r) => r.hash)).size).toBe(journal.entries.length);

    const count = async (table: string) =>
      Number((await pool.query(`select count(*) as n from ${table}`)).rows[0].n);
    expect(await count('users')).toBe(1);
    expect(
      (await db.select().from(schema.users).where(eq(schema.users.email, SAMPLE_ORGANISER.email))).length,
    ).toBe(1);
    expect(await count('events')).toBe(SAMPLE_EVENTS.length);
    expect(await count('ticket_types')).toBe(SAMPLE_EVENTS.reduce((n, e) => n + e.tickets.length, 0));
    // One poster per sample event, no strays from a loser's attempt.
    expect(await count(`stored_files where variant = ''`)).toBe(SAMPLE_EVENTS.length);

    expect(await count('signing_keys')).toBe(1);
    const keys = await Promise.all(
      servers.map(async (s) => (await (await fetch(`${s.url}/api/tickets/public-key`)).json()).publicKey),
    );
    expect(new Set(keys).size).toBe(1);
  }, 120_000);

  it('a poster and a ticket image uploaded through one process are served, resized, by the others', async () => {
    const organiser = await person(db, 'organiser');
    const { event, types } = await eventWithTypes(db, organiser.id, [{ name: 'Pit', capacity: 10 }]);
    const png = await sharp({ create: { width: 900, height: 1200, channels: 3, background: '#046c4e' } })
      .png()
      .toBuffer();
    const poster = await multipart('eventImage', png);
    const up = await fetch(`${servers[0]!.url}/api/events/update-image/${event.id}`, {
      method: 'PUT',
      headers: { 'content-type': poster.type, authorization: `Bearer ${organiser.token}` },
      body: poster.body,
    });
    expect(up.status, await up.clone().text()).toBe(200);
    const { image } = (await up.json()) as { image: string };
    expect(image).toMatch(/^\/api\/images\/posters\/[a-f0-9-]+\.webp$/);

    // Nothing on disk anywhere: the first process kept the bytes in the database.
    const stored = await db.select().from(schema.storedFiles).where(eq(schema.storedFiles.variant, ''));
    expect(stored.some((f) => `/api/images/${f.key}` === image)).toBe(true);

    const small = await fetch(`${servers[1]!.url}${image}?w=320`);
    expect(small.status).toBe(200);
    expect(small.headers.get('content-type')).toBe('image/webp');
    expect(small.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const etag = small.headers.get('etag')!;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    const bytes = Buffer.from(await small.arrayBuffer());
    expect((await sharp(bytes).metadata()).width).toBe(320);
    // The variant the second process rendered is the one the third serves, validator and all.
    const same = await fetch(`${servers[2]!.url}${image}?w=320`, { headers: { 'if-none-match': etag } });
    expect(same.status).toBe(304);
    const key = image.slice('/api/images/'.length);
    const variants = await db
      .select({ variant: schema.storedFiles.variant })
      .from(schema.storedFiles)
      .where(eq(schema.storedFiles.key, key));
    expect(variants.map((v) => v.variant).sort()).toEqual(['', 'w320']);

    const ticketImage = await multipart('ticketImage', png);
    const upTicket = await fetch(`${servers[1]!.url}/api/tickets/update-image/${types[0]!.id}`, {
      method: 'PUT',
      headers: { 'content-type': ticketImage.type, authorization: `Bearer ${organiser.token}` },
      body: ticketImage.body,
    });
    expect(upTicket.status, await upTicket.clone().text()).toBe(200);
    const ticketUrl = ((await upTicket.json()) as { ticket: { image: string } }).ticket.image;
    const shown = await fetch(`${servers[2]!.url}${ticketUrl}?w=160`);
    expect(shown.status).toBe(200);
    expect((await sharp(Buffer.from(await shown.arrayBuffer())).metadata()).width).toBe(160);

    // Replacing the poster through the third process removes the old one and its variant for all.
    const again = await fetch(`${servers[2]!.url}/api/events/update-image/${event.id}`, {
      method: 'PUT',
      headers: { 'content-type': poster.type, authorization: `Bearer ${organiser.token}` },
      body: poster.body,
    });
    expect(again.status).toBe(200);
    expect((await fetch(`${servers[0]!.url}${image}?w=320`)).status).toBe(404);
    expect(
      await db
        .select()
        .from(schema.storedFiles)
        .where(and(eq(schema.storedFiles.key, key))),
    ).toHaveLength(0);
  }, 120_000);

  it('a sale split across the three sells exactly the seats there are; a ticket bought on one is a PDF on another', async () => {
    const organiser = await person(db, 'organiser');
    const { event, types } = await eventWithTypes(db, organiser.id, [
      { name: 'Free', priceKobo: 0, capacity: 30 },
    ]);
    const buyers = await people(db, 90);
    const answers = await Promise.all(
      buyers.map(async (b, i) => {
        const res = await fetch(`${servers[i % 3]!.url}/api/orders`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${b.token}` },
          body: JSON.stringify({ eventId: event.id, items: { [types[0]!.id]: 1 }, buyer: buyerOf(b) }),
        });
        return {
          status: res.status,
          server: i % 3,
          buyer: b,
          body: (await res.json()) as { order?: { _id: string } },
        };
      }),
    );
    const won = answers.filter((a) => a.status === 201);
    expect(won).toHaveLength(30);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(60);
    const [row] = await db
      .select({ sold: schema.ticketTypes.sold })
      .from(schema.ticketTypes)
      .where(eq(schema.ticketTypes.id, types[0]!.id));
    expect(row!.sold).toBe(30);

    // Completed on the next process, its PDF built by the one after.
    const first = won[0]!;
    const paid = await fetch(
      `${servers[(first.server + 1) % 3]!.url}/api/orders/${first.body.order!._id}/pay`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${first.buyer.token}` },
        body: JSON.stringify({ acceptTerms: true, emailUpdates: false }),
      },
    );
    expect(paid.status, await paid.clone().text()).toBe(200);
    const { order } = (await paid.json()) as { order: { status: string; tickets: { code: string }[] } };
    expect(order.status).toBe('paid');
    const pdf = await fetch(
      `${servers[(first.server + 2) % 3]!.url}/api/tickets/code/${order.tickets[0]!.code}/pdf`,
      {
        headers: { authorization: `Bearer ${first.buyer.token}` },
      },
    );
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    const issued = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(schema.issuedTickets)
      .where(eq(schema.issuedTickets.orderId, first.body.order!._id));
    expect(issued[0]!.n).toBe(1);
  }, 120_000);
});
