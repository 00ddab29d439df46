import { randomBytes } from 'node:crypto';
import type { DataVersion } from '../modules/readcache/dataVersion';
import { VersionedCache } from '../modules/readcache/versionedCache';

/*
 * Server-rendered pages by URL, in this process (docs/decisions/018-server-rendering.md, "Rendered
 * page cache"). A rendered page costs 80–300 ms of server time (three in-process API reads, the
 * Open Graph queries, the React render); a hit costs the data-version read and a string replace.
 * Fresh by the same rule and the same subscription as the read cache (VersionedCache, DataVersion):
 * never a page older than the last commit, from any instance.
 *
 * The pages are rendered as an anonymous visitor (server/http/ssr.ts), so one body fits everyone.
 * The CSP nonce must differ per response: pages are rendered with NONCE_PLACEHOLDER (random per
 * process, so no content can forge it) and each response substitutes its own nonce.
 */
export const NONCE_PLACEHOLDER = `nonce-${randomBytes(18).toString('hex')}`;

/** What `lookup` gives: the cached page, or how to store the one about to be rendered. */
export type PageLookup = { html: string } | { html: null; store: (html: string) => void };

export type PageCache = { lookup(url: string): Promise<PageLookup> };

export function createPageCache(
  freshness: DataVersion,
  { maxEntries = 200, maxAgeMs = 60_000 } = {},
): PageCache {
  const pages = new VersionedCache<string>(freshness, maxEntries, maxAgeMs);
  return {
    async lookup(url) {
      const found = await pages.lookup(url);
      return found.hit === null ? { html: null, store: found.store } : { html: found.hit };
    },
  };
}
