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
  /**
   * The body as it goes on the wire for an encoding (null: identity), built on first use and
   * kept with the entry: a hit neither hashes nor compresses, it only writes bytes.
   */
  representation: (encoding: Encoding | null) => Representation;
};

/** Headers a cached body carries with it. */
export const KEPT_HEADERS =
  /^(?:content-type|x-total-count|x-page|x-page-size|access-control-expose-headers)$/i;

/** A body read from the database, with its ETag and its encodings made on first use. */
export function cachedRead(entry: Pick<CachedRead, 'body' | 'headers'>): CachedRead {
  const etag = etagOf(entry.body);
  const identity = Buffer.from(entry.body, 'utf8');
  // `Vary: Accept-Encoding` is added to every text reply by server/http/compression.ts.
  const common = { ...entry.headers, etag, 'cache-control': 'no-cache' };
  const made = new Map<Encoding | null, Representation>();
  return {
    ...entry,
    etag,
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
