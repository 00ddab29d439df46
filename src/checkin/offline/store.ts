import { type DBSchema, type IDBPDatabase, type IDBPObjectStore, openDB, type StoreNames } from 'idb';
import type { OfflineListResponse } from '../../../contract/checkin';
import type { QueuedScanEntry } from './judge';
import { storedListOf } from './storedList';

/**
 * What a door device keeps in IndexedDB (through `idb`): each event's downloaded ticket list, the
 * scans made offline waiting to be uploaded (each with its own nonce, so a retried upload is never
 * a second scan), and this device's random id (conflicts are reported back to it by id).
 */
interface CheckinDb extends DBSchema {
  lists: { key: string; value: { eventId: string; list: OfflineListResponse; savedAt: string } };
  queue: { key: string; value: QueuedScanEntry; indexes: { byEvent: string } };
  settings: { key: string; value: string };
}

let opened: Promise<IDBPDatabase<CheckinDb>> | null = null;

/**
 * Version 2: lists no longer hold ticket codes. Version 3: nor references, order numbers, emails or
 * phones in clear (decision 049: salted hashes instead). Lists saved by an older version are
 * rewritten in today's shape when the database is opened (a phone that was given an old list keeps
 * scanning offline, and stops carrying every ticket's code and every guest's contact details; until
 * its next download it cannot find a guest by reference, email or phone offline); a list that cannot
 * be read in today's shape is deleted.
 */
const VERSION = 3;

type ListStore = IDBPObjectStore<CheckinDb, ArrayLike<StoreNames<CheckinDb>>, 'lists', 'versionchange'>;

async function rewriteLists(store: ListStore) {
  for (let cursor = await store.openCursor(); cursor; cursor = await cursor.continue()) {
    const list = storedListOf(cursor.value.list);
    if (list) await cursor.update({ ...cursor.value, list });
    else await cursor.delete();
  }
}

function db() {
  opened ??= openDB<CheckinDb>('gatepass-checkin', VERSION, {
    upgrade(database, oldVersion, _newVersion, transaction) {
      if (oldVersion < 1) {
        database.createObjectStore('lists', { keyPath: 'eventId' });
        const queue = database.createObjectStore('queue', { keyPath: 'nonce' });
        queue.createIndex('byEvent', 'eventId');
        database.createObjectStore('settings');
        return;
      }
      if (oldVersion < 3) void rewriteLists(transaction.objectStore('lists'));
    },
  });
  return opened;
}

export async function saveList(eventId: string, list: OfflineListResponse) {
  await (await db()).put('lists', { eventId, list, savedAt: new Date().toISOString() });
}

/** The stored list, checked against today's shape (null: none, or one this scanner cannot use). */
export async function storedList(eventId: string): Promise<OfflineListResponse | null> {
  return storedListOf((await (await db()).get('lists', eventId))?.list);
}

export async function enqueueScan(entry: QueuedScanEntry) {
  await (await db()).put('queue', entry);
}

/** Queued scans of one event, oldest first (the order they happened). */
export async function queuedScans(eventId: string): Promise<QueuedScanEntry[]> {
  const rows = await (await db()).getAllFromIndex('queue', 'byEvent', eventId);
  return rows.sort((a, b) => a.scannedAt.localeCompare(b.scannedAt));
}

export async function dropQueued(nonces: readonly string[]) {
  const tx = (await db()).transaction('queue', 'readwrite');
  await Promise.all([...nonces.map((n) => tx.store.delete(n)), tx.done]);
}

/** This device's id: made once, kept. */
export async function deviceId(): Promise<string> {
  const database = await db();
  const known = await database.get('settings', 'deviceId');
  if (known) return known;
  const id = crypto.randomUUID();
  await database.put('settings', id, 'deviceId');
  return id;
}

/** The name staff gave this device ('Door laptop'), shown beside its scans. */
export async function deviceName(): Promise<string | null> {
  return (await (await db()).get('settings', 'deviceName')) ?? null;
}

export async function setDeviceName(name: string) {
  await (await db()).put('settings', name, 'deviceName');
}
