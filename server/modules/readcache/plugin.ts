import type { OutgoingHttpHeaders } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { preferredEncoding } from '../../http/acceptEncoding';
import { ifNoneMatch } from '../../http/conditional';
import { securityHeaders } from '../../http/security';
import type { DataVersion } from './dataVersion';
import { type CachedRead, cachedRead, KEPT_HEADERS } from './readCache';
import { type CacheLookup, VersionedCache } from './versionedCache';

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

/** A miss's way to store the body it is about to read. */
const TICKET = Symbol('readCacheTicket');
type WithTicket = FastifyRequest & { [TICKET]?: Extract<CacheLookup<CachedRead>, { hit: null }>['store'] };

/**
 * Caches the public read API in process, with ETag / 304, correct across instances sharing one
 * database (decision 015): fresh by DataVersion's rule (VersionedCache), so never a body older than
 * the last commit. Signed-in callers (who may see their own drafts) bypass it.
 *
 * Install on the /api scope before its routes: the hooks attach to the routes listed above as
 * they are registered, and run before @fastify/compress: the cache holds the JSON and its own
 * compressed copies (made once per entry), which the plugin passes through untouched.
 */
export function installReadCache(api: FastifyInstance, freshness: DataVersion) {
  const cache = new VersionedCache<CachedRead>(freshness, 1000);

  const servedFromCache = async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.method !== 'GET' || request.sessionUser) return;
    const found = await cache.lookup(request.url);
    const hit = found.hit;
    if (hit === null) {
      // A miss (or notifications that cannot be trusted): read afresh, with its ETag; stored if allowed.
      (request as WithTicket)[TICKET] = found.store;
      return;
    }
    // A 304 carries the identity headers (no Content-Encoding: it has no body).
    const notModified = ifNoneMatch(request.headers['if-none-match'], hit.etag);
    const { payload, headers } = hit.representation(notModified ? null : encodingFor(request));
    // Written straight to the socket: the bytes, their headers and what the hooks before this one
    // set (the security headers) are the whole answer, and the onSend hooks (compression, Vary, the
    // store below) have nothing to add to a body that is already encoded and stored. Skipping
    // Fastify's send path is a fifth of what a hit costs (decision 015).
    reply.hijack();
    const raw = reply.raw;
    if (notModified) {
      raw.writeHead(304, hitHeaders(headers, null));
      raw.end();
    } else {
      raw.writeHead(200, hitHeaders(headers, payload));
      raw.end(payload);
    }
  };

  // A hit's whole header block, made once per representation (and once for its 304): the security
  // headers — the only ones the hooks before this one set (installSecurityHeaders), the same for
  // every reply — and the representation's own. Nothing per request goes in, so nothing is read
  // back from the reply: test/api/read-cache.test.ts checks that a hit's headers are a miss's.
  const made = new WeakMap<object, { ok?: OutgoingHttpHeaders; notModified?: OutgoingHttpHeaders }>();
  const hitHeaders = (
    headers: Readonly<Record<string, string>>,
    payload: Buffer | null,
  ): OutgoingHttpHeaders => {
    let forHeaders = made.get(headers);
    if (!forHeaders) {
      forHeaders = {};
      made.set(headers, forHeaders);
    }
    const slot = payload ? 'ok' : 'notModified';
    let all = forHeaders[slot];
    if (!all) {
      all = { ...SECURITY_HEADERS, ...headers };
      all.vary = withAcceptEncoding(all.vary);
      if (payload) all['content-length'] = payload.length;
      forHeaders[slot] = all;
    }
    return all;
  };

  const storeAfterRead = async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const store = (request as WithTicket)[TICKET];
    if (!store || reply.statusCode !== 200 || typeof payload !== 'string') return payload;
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(reply.getHeaders())) {
      if (KEPT_HEADERS.test(name) && value !== undefined) headers[name] = String(value);
    }
    const stored = cachedRead({ body: payload, headers });
    store(stored);
    const notModified = ifNoneMatch(request.headers['if-none-match'], stored.etag);
    const representation = stored.representation(notModified ? null : encodingFor(request));
    reply.headers(representation.headers);
    if (notModified) {
      reply.code(304);
      return '';
    }
    return representation.payload;
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

const SECURITY_HEADERS = securityHeaders();
/** A Vary value that names Accept-Encoding (server/http/compression.ts does it for other replies). */
function withAcceptEncoding(vary: OutgoingHttpHeaders[string]): string {
  const before = vary === undefined ? '' : String(vary);
  if (/accept-encoding/i.test(before)) return before;
  return before ? `${before}, accept-encoding` : 'accept-encoding';
}

/** The encoding a cached body goes out in: compressed once per entry, never per reply. */
function encodingFor(request: FastifyRequest) {
  return preferredEncoding(request.headers['accept-encoding'], request.headers['x-no-compression']);
}

function toArray<T>(value: T | T[] | undefined): T[] {
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}
