import { randomBytes } from 'node:crypto';
import type { DatabaseHandle } from '../db/client';
import { DATA_CHANGED_CHANNEL } from '../modules/readcache/plugin';
import { subscriptionVersion, VersionGate } from '../modules/readcache/versionGate';

/*
 * Server-rendered pages by URL, in this process (docs/decisions/018-server-rendering.md, "Rendered
 * page cache"). A rendered page costs 80–300 ms of server time (three in-process API reads, the
 * Open Graph queries, the React render); a hit costs the data-version read and a string replace.
 *
 * Fresh the way the read cache of decision 015 is, with its own subscription to the same
 * notifications: every write to the data these pages show bumps the database's data version and
 * NOTIFYs at commit (migration 0003). A notification drops every page (the version alone is not
 * enough: the sequence moves when the write runs, before it commits, so a page rendered in between
 * carries the new version and the old data); each request reads the version first (a read that
 * started after the request arrived, shared by the requests in flight: VersionGate), so a page is
 * never served after a write another instance committed before the request, even if its
 * notification has not arrived yet. A page is stored only if nothing was dropped while it rendered,
 * and never while the subscription is down. Entries also expire after a minute (what the pages show
 * depends on the date, e.g. "upcoming").
 *
 * The pages are rendered as an anonymous visitor (server/http/ssr.ts), so one body fits everyone.
 * The CSP nonce must differ per response: pages are rendered with NONCE_PLACEHOLDER (random per
 * process, so no content can forge it) and each response substitutes its own nonce.
 */
export const NONCE_PLACEHOLDER = `nonce-${randomBytes(18).toString('hex')}`;

type Entry = { html: string; version: string; storedAt: number };

/** What `lookup` gives: the cached page, or how to store the one about to be rendered. */
export type PageLookup = { html: string } | { html: null; store: (html: string) => void };

export type PageCache = {
  lookup(url: string): Promise<PageLookup>;
  close(): Promise<void>;
};

export async function createPageCache(
  database: DatabaseHandle,
  { maxEntries = 200, maxAgeMs = 60_000 } = {},
): Promise<PageCache> {
  const entries = new Map<string, Entry>();
  let generation = 0;
  let live = false;
  const drop = () => {
    generation++;
    entries.clear();
  };
  const subscription = await database.listen(DATA_CHANGED_CHANNEL, {
    notify: drop,
    lost: () => {
      live = false;
      drop();
    },
    ready: () => {
      drop();
      live = true;
    },
  });
  const gate = new VersionGate(subscriptionVersion(subscription));
  const noStore: PageLookup = { html: null, store: () => {} };

  return {
    async lookup(url) {
      if (!live) return noStore;
      let version: string;
      try {
        version = await gate.read();
      } catch {
        return noStore;
      }
      const entry = entries.get(url);
      if (entry && entry.version === version && Date.now() - entry.storedAt <= maxAgeMs) {
        return { html: entry.html };
      }
      if (entry) entries.delete(url);
      const started = generation;
      return {
        html: null,
        store(html) {
          if (!live || generation !== started) return;
          if (entries.size >= maxEntries && !entries.has(url)) {
            const oldest = entries.keys().next().value;
            if (oldest !== undefined) entries.delete(oldest);
          }
          entries.set(url, { html, version, storedAt: Date.now() });
        },
      };
    },
    close: () => subscription.stop(),
  };
}
