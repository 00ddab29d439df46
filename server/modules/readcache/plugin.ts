import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { DatabaseHandle } from '../../db/client';
import { ifNoneMatch } from '../../http/conditional';
import { KEPT_HEADERS, ReadCache } from './readCache';
import { VersionGate } from './versionGate';

/** Where the triggers of migration 0003 notify. */
export const DATA_CHANGED_CHANNEL = 'gatepass_data_changed';

/**
 * The public reads served from the cache, as registered under /api. Their answer depends only on
 * the URL and the data (never on who asks, for a caller who is not signed in), which is what makes
 * one cached body right for every anonymous visitor.
 */
export const CACHED_ROUTES = new Set([
  '/api/events',
  '/api/events/trending',
  '/api/events/newest',
  '/api/events/:eventId',
  '/api/events/:eventId/related',
  '/api/tickets',
  '/api/tickets/event/:eventId',
]);

type Ticket = { key: string; version: string; generation: number };
const TICKET = Symbol('readCacheTicket');
type WithTicket = FastifyRequest & { [TICKET]?: Ticket };

/**
 * Caches the public read API in process, with ETag / 304, correct across instances sharing one
 * database (decision 015): every write to the tables those reads come from bumps a version sequence
 * and NOTIFYs (migration 0003, triggers, so every code path counts). A notification drops this
 * instance's cache; and each read first checks the version (one shared query for all requests in
 * flight, see VersionGate), so even a read that arrives before the notification does never gets
 * a body older than the last commit. Signed-in callers (who may see their own drafts) bypass it.
 *
 * Install on the /api scope before its routes: the hooks attach to the routes listed above as
 * they are registered, and run before compression, so the cache holds plain JSON.
 */
export async function installReadCache(api: FastifyInstance, database: DatabaseHandle) {
  const cache = new ReadCache();
  const gate = new VersionGate(async () => {
    const result = await database.db.execute<{ last_value: string | number }>(
      sql`select last_value from gatepass_data_version`,
    );
    const rows = Array.isArray(result) ? result : (result as { rows: unknown[] }).rows;
    return String((rows[0] as { last_value: string | number }).last_value);
  });

  const stopListening = await database.listen(DATA_CHANGED_CHANNEL, {
    notify: () => cache.drop(),
    lost: () => {
      cache.live = false;
      cache.drop();
    },
    ready: () => {
      cache.drop();
      cache.live = true;
    },
  });
  // This scope closes before the root's hook that closes the database (reverse registration order).
  api.addHook('onClose', async () => stopListening());

  const servedFromCache = async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.method !== 'GET' || request.sessionUser) return;
    const key = request.url;
    const version = await gate.read();
    const hit = cache.live ? cache.get(key, version) : null;
    if (!hit) {
      (request as WithTicket)[TICKET] = { key, version, generation: cache.generation };
      return;
    }
    reply.headers(hit.headers).header('etag', hit.etag).header('cache-control', 'no-cache');
    if (ifNoneMatch(request.headers['if-none-match'], hit.etag)) return reply.code(304).send();
    return reply.send(hit.body);
  };

  const storeAfterRead = async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const ticket = (request as WithTicket)[TICKET];
    if (!ticket || reply.statusCode !== 200 || typeof payload !== 'string') return payload;
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(reply.getHeaders())) {
      if (KEPT_HEADERS.test(name) && value !== undefined) headers[name] = String(value);
    }
    const stored = cache.set(ticket.key, ticket.generation, {
      body: payload,
      headers,
      version: ticket.version,
    });
    reply.header('etag', stored.etag).header('cache-control', 'no-cache');
    if (ifNoneMatch(request.headers['if-none-match'], stored.etag)) {
      reply.code(304);
      return '';
    }
    return payload;
  };

  api.addHook('onRoute', (route) => {
    if (!CACHED_ROUTES.has(route.url) || route.method !== 'GET') return;
    // onRequest (after the root's auth hook has set sessionUser): a hit skips query validation and
    // everything else; only 200 answers to valid requests were ever stored under a URL.
    route.onRequest = [...toArray(route.onRequest), servedFromCache];
    route.onSend = [storeAfterRead, ...toArray(route.onSend)];
  });

  return cache;
}

function toArray<T>(value: T | T[] | undefined): T[] {
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}
