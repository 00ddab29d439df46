import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventList, event as eventSchema } from '../../contract/events';
import { eventTicketsResponse } from '../../contract/tickets';
import { ticketTypes } from '../../server/db/schema';
import { testDatabases } from '../helpers/databases';
import { buildTestApp, type TestApp } from '../helpers/testApp';

/**
 * The public read cache (server/modules/readcache) must never serve a price or an availability
 * older than the last commit. On PostgreSQL two app instances share one database: the writer is
 * instance A (its own pool, as another server behind the load balancer would be) and every read is
 * on instance B, whose cache holds the old answer. On PGlite one instance is both.
 */
describe.each(testDatabases)('public read cache on $name', (database) => {
  let writer: TestApp;
  let reader: TestApp;
  let eventId: string;

  beforeAll(async () => {
    writer = await buildTestApp(database, { seed: true });
    reader =
      database.kind === 'postgres'
        ? await buildTestApp(database, { config: { databaseUrl: writer.deps.config.databaseUrl } })
        : writer;
    const listed = eventList.parse((await reader.app.inject('/api/events')).json());
    eventId = listed.find((e) => e.eventName === 'Afrobeats Under the Stars')!._id;
  });
  afterAll(async () => {
    if (reader && reader !== writer) await reader.close();
    await writer?.close();
  });

  const read = (url: string, headers: Record<string, string> = {}) =>
    reader.app.inject({ method: 'GET', url, headers });
  const cheapest = async () => {
    const { tickets } = eventTicketsResponse.parse((await read(`/api/tickets/event/${eventId}`)).json());
    return tickets[0]!;
  };

  it('answers repeat reads with the same ETag, and 304 when the client has it', async () => {
    const first = await read(`/api/events/${eventId}`);
    expect(first.statusCode).toBe(200);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await read(`/api/events/${eventId}`);
    expect(again.headers.etag).toBe(etag);
    expect(again.body).toBe(first.body);
    const conditional = await read(`/api/events/${eventId}`, { 'if-none-match': etag });
    expect(conditional.statusCode).toBe(304);
    expect(conditional.body).toBe('');
    expect((await read(`/api/events/${eventId}`, { 'if-none-match': '"other"' })).statusCode).toBe(200);
  });

  it('answers a hit with exactly the headers of the read that filled it', async () => {
    const withoutConnection = (headers: Record<string, unknown>) => {
      const { date: _date, connection: _connection, 'keep-alive': _keepAlive, ...rest } = headers;
      return rest;
    };
    // URLs nobody read yet (the page size differs): the first answer is a miss, the second a hit.
    for (const [url, accept] of [
      ['/api/events?pageSize=3', {}],
      ['/api/events?pageSize=4', { 'accept-encoding': 'br' }],
    ] as const) {
      const miss = await read(url, accept);
      const hit = await read(url, accept);
      expect(miss.statusCode).toBe(200);
      expect(hit.rawPayload.equals(miss.rawPayload)).toBe(true);
      expect(withoutConnection(hit.headers)).toEqual(withoutConnection(miss.headers));
      const notModified = await read(url, { ...accept, 'if-none-match': hit.headers.etag as string });
      expect(notModified.statusCode).toBe(304);
      expect(notModified.headers['content-security-policy']).toBe(miss.headers['content-security-policy']);
      expect(notModified.headers.etag).toBe(miss.headers.etag);
    }
  });

  it('keeps a hit compressed once: br and gzip decode to the identity body, with its ETag', async () => {
    const url = '/api/events';
    const plain = await read(url);
    expect(plain.headers['content-encoding']).toBeUndefined();
    for (const [encoding, decode] of [
      ['br', brotliDecompressSync],
      ['gzip', gunzipSync],
    ] as const) {
      // Twice: the first may build the compressed copy, the second is served from it.
      for (let i = 0; i < 2; i++) {
        const res = await read(url, { 'accept-encoding': encoding });
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-encoding']).toBe(encoding);
        expect(res.headers.vary).toMatch(/accept-encoding/i);
        expect(res.headers.etag).toBe(plain.headers.etag);
        expect(res.headers['x-total-count']).toBe(plain.headers['x-total-count']);
        expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
        expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length);
        expect(decode(res.rawPayload).toString('utf8')).toBe(plain.body);
      }
    }
    // x-no-compression, and a 304 (no body, so no Content-Encoding), go out as identity.
    const noCompression = await read(url, { 'accept-encoding': 'br', 'x-no-compression': '1' });
    expect(noCompression.headers['content-encoding']).toBeUndefined();
    expect(noCompression.body).toBe(plain.body);
    const notModified = await read(url, {
      'accept-encoding': 'br',
      'if-none-match': plain.headers.etag as string,
    });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.headers['content-encoding']).toBeUndefined();
  });

  it('serves reads from memory: a write that fires no trigger is not seen', async () => {
    // Proves the reads below are really cached (otherwise the freshness tests could not fail):
    // with triggers off for one transaction, nothing tells the cache, and it keeps the old price.
    const before = await cheapest();
    await read(`/api/tickets/event/${eventId}`);
    await writer.deps.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.update(ticketTypes).set({ priceKobo: 999_900 }).where(eq(ticketTypes.id, before._id));
    });
    expect((await cheapest()).ticketPrice).toBe(before.ticketPrice);
    // Put it back the same silent way, so the cached answer is true again.
    await writer.deps.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx
        .update(ticketTypes)
        .set({ priceKobo: Math.round(before.ticketPrice * 100) })
        .where(eq(ticketTypes.id, before._id));
    });
  });

  it('a price change shows on the very next read of the event, its tickets and the listing', async () => {
    const ticket = await cheapest();
    const listed = () => read('/api/events');
    const eventBefore = eventSchema.parse((await read(`/api/events/${eventId}`)).json());
    expect(eventBefore.priceFrom).toBe(ticket.ticketPrice);
    await listed();

    await writer.deps.db.update(ticketTypes).set({ priceKobo: 250 }).where(eq(ticketTypes.id, ticket._id));

    expect((await cheapest()).ticketPrice).toBe(2.5);
    expect(eventSchema.parse((await read(`/api/events/${eventId}`)).json()).priceFrom).toBe(2.5);
    const inList = eventList.parse((await listed()).json()).find((e) => e._id === eventId)!;
    expect(inList.priceFrom).toBe(2.5);
  });

  it('selling the last ticket shows it sold out on the very next read', async () => {
    const ticket = await cheapest();
    await writer.deps.db
      .update(ticketTypes)
      .set({ capacity: 5, sold: 4, ticketStock: 'limited' })
      .where(eq(ticketTypes.id, ticket._id));
    expect((await cheapest()).availableTickets).toBe(1);

    // The selling UPDATE as checkout runs it: guarded so it never oversells.
    await writer.deps.db.execute(
      sql`update ticket_types set sold = sold + 1 where id = ${ticket._id} and sold + 1 <= capacity`,
    );
    expect((await cheapest()).availableTickets).toBe(0);
  });

  it.runIf(database.kind === 'postgres')(
    'while the LISTEN connection is down, reads are fresh; once it is back, cached again',
    async () => {
      const before = await cheapest();
      const price = async () => {
        const { tickets } = eventTicketsResponse.parse((await read(`/api/tickets/event/${eventId}`)).json());
        return tickets.find((t) => t._id === before._id)!.ticketPrice;
      };
      await price();
      const silently = async (priceKobo: number) =>
        writer.deps.db.transaction(async (tx) => {
          await tx.execute(sql`set local session_replication_role = replica`);
          await tx.update(ticketTypes).set({ priceKobo }).where(eq(ticketTypes.id, before._id));
        });
      // Cut every LISTEN connection on this database, as a server restart or a network cut would.
      const atCut = { ...reader.freshness.history };
      const admin = new pg.Client({ connectionString: writer.deps.config.databaseUrl });
      await admin.connect();
      await admin.query(
        `select pg_terminate_backend(pid) from pg_stat_activity
         where datname = current_database() and application_name = 'gatepass-listen'`,
      );
      await admin.end();
      // A write that notifies nobody: only a fresh read can see it.
      await silently(123_400);
      // Within half a second: sooner than the reconnection (after a second), which drops the cache too.
      await expect.poll(price, { timeout: 500 }).toBe(1234);
      // Reconnected (it tries every second): reads are cached again, so a silent write goes unseen.
      // Each try fills the cache, writes silently and reads again. On a machine starved of CPU a
      // try can meet a false alarm (a version read with no answer within QUERY_TIMEOUT_MS counts
      // as a lost connection, the safe side), so it tries again; the message says what it saw.
      const cachedAgain = async () => {
        await price();
        await silently(567_800);
        const seen = await price();
        await silently(123_400);
        return seen === 1234;
      };
      let tries = 0;
      let cached = false;
      const deadline = Date.now() + 60_000;
      while (!cached && Date.now() < deadline) {
        tries++;
        cached = reader.freshness.live && (await cachedAgain());
        if (!cached) await new Promise((resolve) => setTimeout(resolve, 300));
      }
      const { losses, reconnections } = reader.freshness.history;
      expect(
        cached,
        `cached again after ${tries} tries: live ${reader.freshness.live}, ` +
          `${losses - atCut.losses} losses and ${reconnections - atCut.reconnections} reconnections since the cut`,
      ).toBe(true);
      expect(losses - atCut.losses).toBeGreaterThan(0);
      expect(reconnections - atCut.reconnections).toBeGreaterThan(0);
      await writer.deps.db
        .update(ticketTypes)
        .set({ priceKobo: Math.round(before.ticketPrice * 100) })
        .where(eq(ticketTypes.id, before._id));
    },
    90_000,
  );
});
