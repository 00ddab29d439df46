import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Encoding } from '../../http/acceptEncoding';

/** The bytes of one cached body in one encoding, with every header that goes with them. */
export type Representation = { payload: Buffer; headers: Readonly<Record<string, string>> };

/** Smaller bodies go out as they are, as @fastify/compress's threshold decides for other replies. */
export const COMPRESS_THRESHOLD = 512;

export type CachedRead = {
  /** The serialized JSON body, sent as it is on a hit (no query, no serialization). */
  body: string;
  etag: string;
  /** Response headers that belong to the body (paging headers, content type). */
  headers: Record<string, string>;
  /** The data version the body was read at; a different version now means it may be stale. */
  version: string;
  storedAt: number;
  /**
   * The body as it goes on the wire for an encoding (null: identity), built on first use and
   * kept with the entry: a hit neither hashes nor compresses, it only writes bytes.
   */
  representation: (encoding: Encoding | null) => Representation;
};

/** Headers a cached body carries with it. */
export const KEPT_HEADERS =
  /^(?:content-type|x-total-count|x-page|x-page-size|access-control-expose-headers)$/i;

/**
 * Public read responses by URL, in this process. Dropped whole when the data changes (a
 * notification from any instance) or when the database subscription is lost; each entry also
 * remembers the data version it was built at. Bounded: the oldest entry goes when it is full.
 */
export class ReadCache {
  /** Bumped on every drop, so a read that began before a drop never stores its (old) result. */
  generation = 0;
  /** False while notifications cannot be trusted (not yet subscribed, or the connection dropped). */
  live = false;
  private readonly entries = new Map<string, CachedRead>();

  constructor(
    private readonly maxEntries = 1000,
    /** Lifetime of an entry: results also depend on the date ("upcoming" ends at Lagos midnight). */
    private readonly maxAgeMs = 60_000,
  ) {}

  get(key: string, version: string): CachedRead | null {
    const entry = this.entries.get(key);
    if (!entry) return null;
    if (entry.version !== version || Date.now() - entry.storedAt > this.maxAgeMs) {
      this.entries.delete(key);
      return null;
    }
    return entry;
  }

  /** Stores a body read at `version`, unless the cache was dropped since the read began. */
  set(key: string, generation: number, entry: Pick<CachedRead, 'body' | 'headers' | 'version'>): CachedRead {
    const stored = cachedRead(entry);
    if (!this.live || generation !== this.generation) return stored;
    if (this.entries.size >= this.maxEntries && !this.entries.has(key)) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, stored);
    return stored;
  }

  drop() {
    this.generation++;
    this.entries.clear();
  }

  get size() {
    return this.entries.size;
  }
}

function cachedRead(entry: Pick<CachedRead, 'body' | 'headers' | 'version'>): CachedRead {
  const etag = etagOf(entry.body);
  const identity = Buffer.from(entry.body, 'utf8');
  // `Vary: Accept-Encoding` is added to every text reply by server/http/compression.ts.
  const common = { ...entry.headers, etag, 'cache-control': 'no-cache' };
  const made = new Map<Encoding | null, Representation>();
  return {
    ...entry,
    etag,
    storedAt: Date.now(),
    representation(encoding) {
      const chosen = identity.length < COMPRESS_THRESHOLD ? null : encoding;
      let r = made.get(chosen);
      if (!r) {
        r =
          chosen === null
            ? { payload: identity, headers: common }
            : { payload: compress(identity, chosen), headers: { ...common, 'content-encoding': chosen } };
        made.set(chosen, r);
      }
      return r;
    },
  };
}

/**
 * Brotli at quality 5 and gzip at level 6: done once per entry (not per reply, as the plugin
 * would), so a little more effort than @fastify/compress's per-reply quality 4 pays off.
 */
export function compress(body: Buffer, encoding: Encoding): Buffer {
  if (encoding === 'br') {
    return brotliCompressSync(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 5,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    });
  }
  return gzipSync(body, { level: 6 });
}

export function etagOf(body: string): string {
  return `"${createHash('sha1').update(body).digest('base64url')}"`;
}
