import { createHash } from 'node:crypto';

export type CachedRead = {
  /** The serialized JSON body, sent as it is on a hit (no query, no serialization). */
  body: string;
  etag: string;
  /** Response headers that belong to the body (paging headers, content type). */
  headers: Record<string, string>;
  /** The data version the body was read at; a different version now means it may be stale. */
  version: string;
  storedAt: number;
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
  set(key: string, generation: number, entry: Omit<CachedRead, 'etag' | 'storedAt'>): CachedRead {
    const stored = { ...entry, etag: etagOf(entry.body), storedAt: Date.now() };
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

export function etagOf(body: string): string {
  return `"${createHash('sha1').update(body).digest('base64url')}"`;
}
