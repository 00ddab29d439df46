import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../db/client';
import { VersionGate } from '../modules/readcache/versionGate';

/*
 * Server-rendered pages by URL, in this process (docs/decisions/018-server-rendering.md, "Rendered
 * HTML cache"). A rendered page costs 80–100 ms of server time (three in-process API reads, the
 * Open Graph queries, the React render); a hit costs the data-version query and a string replace.
 *
 * Fresh by construction, across instances: every write to the data these pages show bumps the
 * database's data version (migration 0003, the same sequence the read cache of decision 015 checks),
 * and each request reads that version first (a read that started after the request arrived, shared
 * by the requests in flight: VersionGate). A page is stored under the version read *before* it was
 * rendered, so a write during the render makes it unservable at once; a hit is only ever served
 * while no write has committed since. Like the read cache, an entry also expires after a minute
 * (what the pages show depends on the date, e.g. "upcoming").
 *
 * The pages are rendered as an anonymous visitor (server/http/ssr.ts), so one body fits everyone.
 * The CSP nonce must differ per response: pages are rendered with NONCE_PLACEHOLDER (random per
 * process, so no content can forge it) and each response substitutes its own nonce.
 */
export const NONCE_PLACEHOLDER = `nonce-${randomBytes(18).toString('hex')}`;

type Entry = { html: string; version: string; storedAt: number };

export type PageCache = {
  /** The current data version: read once per request, before `get` and before rendering. */
  version(): Promise<string>;
  get(url: string, version: string): string | null;
  set(url: string, version: string, html: string): void;
};

export function createPageCache(
  readVersion: () => Promise<string>,
  { maxEntries = 200, maxAgeMs = 60_000 } = {},
): PageCache {
  const gate = new VersionGate(readVersion);
  const entries = new Map<string, Entry>();
  return {
    version: () => gate.read(),
    get(url, version) {
      const entry = entries.get(url);
      if (!entry) return null;
      if (entry.version !== version || Date.now() - entry.storedAt > maxAgeMs) {
        entries.delete(url);
        return null;
      }
      return entry.html;
    },
    set(url, version, html) {
      if (entries.size >= maxEntries && !entries.has(url)) {
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) entries.delete(oldest);
      }
      entries.set(url, { html, version, storedAt: Date.now() });
    },
  };
}

/** The database's data version (migration 0003's sequence), as the read cache reads it. */
export function dataVersionReader(database: DatabaseHandle): () => Promise<string> {
  return async () => {
    const result = await database.db.execute<{ last_value: string | number }>(
      sql`select last_value from gatepass_data_version`,
    );
    const rows = Array.isArray(result) ? result : (result as { rows: unknown[] }).rows;
    return String((rows[0] as { last_value: string | number }).last_value);
  };
}
