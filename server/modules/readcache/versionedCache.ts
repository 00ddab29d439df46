import type { DataVersion } from './dataVersion';

/** A hit, or how to store the value about to be built (a no-op when it must not be kept). */
export type CacheLookup<V> = { hit: V } | { hit: null; store: (value: V) => void };

type Entry<V> = { value: V; version: string; storedAt: number };

/**
 * Values by key, in this process, fresh by one rule (DataVersion): dropped whole on every change
 * notification, each entry valid only at the data version it was built at and for `maxAgeMs` (what
 * is shown also depends on the date: "upcoming" ends at Lagos midnight), stored only if nothing was
 * dropped while it was built and never while notifications cannot be trusted. Bounded: the oldest
 * entry goes when it is full. The read cache (JSON bodies) and the page cache (rendered HTML) are two.
 */
export class VersionedCache<V> {
  /** Bumped on every drop, so a value built from a read that began before a drop is never stored. */
  private generation = 0;
  private readonly entries = new Map<string, Entry<V>>();
  private readonly noStore: CacheLookup<V> = { hit: null, store: () => {} };

  constructor(
    private readonly freshness: Pick<DataVersion, 'live' | 'read' | 'onChange'>,
    private readonly maxEntries: number,
    private readonly maxAgeMs = 60_000,
  ) {
    freshness.onChange(() => this.drop());
  }

  async lookup(key: string): Promise<CacheLookup<V>> {
    if (!this.freshness.live) return this.noStore;
    let version: string;
    try {
      version = await this.freshness.read();
    } catch {
      // The version cannot be read (the subscription is down or not answering): build afresh, keep nothing.
      return this.noStore;
    }
    const entry = this.entries.get(key);
    if (entry && entry.version === version && Date.now() - entry.storedAt <= this.maxAgeMs) {
      return { hit: entry.value };
    }
    if (entry) this.entries.delete(key);
    const started = this.generation;
    return {
      hit: null,
      store: (value) => {
        if (!this.freshness.live || this.generation !== started) return;
        if (this.entries.size >= this.maxEntries && !this.entries.has(key)) {
          const oldest = this.entries.keys().next().value;
          if (oldest !== undefined) this.entries.delete(oldest);
        }
        this.entries.set(key, { value, version, storedAt: Date.now() });
      },
    };
  }

  drop() {
    this.generation++;
    this.entries.clear();
  }

  get size() {
    return this.entries.size;
  }
}
