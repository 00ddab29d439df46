import { describe, expect, it } from 'vitest';
import { VersionedCache } from '../../server/modules/readcache/versionedCache';

/** A data-version source under the test's control: what the LISTEN subscription gives in the app. */
function source(initial = '1') {
  const listeners: Array<() => void> = [];
  const s = {
    live: true,
    version: initial,
    read: async () => s.version,
    onChange: (l: () => void) => void listeners.push(l),
    /** A write committed: the sequence moved and a notification came. */
    commit(next: string) {
      s.version = next;
      for (const l of listeners) l();
    },
  };
  return s;
}

async function miss<V>(cache: VersionedCache<V>, key: string) {
  const found = await cache.lookup(key);
  if (!('store' in found)) throw new Error(`expected a miss for ${key}`);
  return found.store;
}

describe('VersionedCache: one freshness rule for the read cache and the page cache', () => {
  it('stores a miss and serves it while the version holds', async () => {
    const cache = new VersionedCache<string>(source(), 10);
    (await miss(cache, '/a'))('A');
    expect(await cache.lookup('/a')).toEqual({ hit: 'A' });
  });

  it('a notification drops everything, and a value built before it is never stored', async () => {
    const s = source();
    const cache = new VersionedCache<string>(s, 10);
    (await miss(cache, '/a'))('A');
    const storeB = await miss(cache, '/b');
    s.commit('2');
    storeB('B (read before the write)');
    expect(cache.size).toBe(0);
    expect((await cache.lookup('/b')).hit).toBeNull();
  });

  it('a version that moved without a notification yet is a miss (another instance committed)', async () => {
    const s = source();
    const cache = new VersionedCache<string>(s, 10);
    (await miss(cache, '/a'))('A');
    s.version = '2';
    expect((await cache.lookup('/a')).hit).toBeNull();
  });

  it('nothing is stored or served while notifications cannot be trusted', async () => {
    const s = source();
    const cache = new VersionedCache<string>(s, 10);
    s.live = false;
    (await miss(cache, '/a'))('A');
    s.live = true;
    expect((await cache.lookup('/a')).hit).toBeNull();
  });

  it('a version that cannot be read is a miss that stores nothing', async () => {
    const s = source();
    const cache = new VersionedCache<string>(s, 10);
    s.read = async () => {
      throw new Error('connection lost');
    };
    (await miss(cache, '/a'))('A');
    expect(cache.size).toBe(0);
  });

  it('entries expire with age, and the oldest goes when full', async () => {
    const s = source();
    const aged = new VersionedCache<string>(s, 10, -1);
    (await miss(aged, '/a'))('A');
    expect((await aged.lookup('/a')).hit).toBeNull();

    const small = new VersionedCache<string>(s, 2);
    for (const key of ['/1', '/2', '/3']) (await miss(small, key))(key);
    expect(small.size).toBe(2);
    expect((await small.lookup('/1')).hit).toBeNull();
    expect(await small.lookup('/3')).toEqual({ hit: '/3' });
  });
});
