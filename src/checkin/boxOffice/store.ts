import { type DBSchema, type IDBPDatabase, openDB } from 'idb';
import type { Allowance, DoorSale, SellableType } from '../../../contract/boxOffice';

/**
 * What a selling door device keeps (IndexedDB through `idb`, decision 062), apart from the scanner's
 * own database: per event the types it sells and its seat allowances as last synced (their
 * `remaining` lowered by each sale made since), and the sales waiting to be uploaded, each under the
 * id made for it when it happened — so an upload repeated after a lost answer is one sale.
 */
type StoredTill = { eventId: string; types: SellableType[]; allowances: Allowance[] };
type QueuedSale = { id: string; eventId: string; sale: DoorSale };

interface BoxOfficeDb extends DBSchema {
  tills: { key: string; value: StoredTill };
  sales: { key: string; value: QueuedSale; indexes: { byEvent: string } };
}

let opened: Promise<IDBPDatabase<BoxOfficeDb>> | null = null;

function db() {
  opened ??= openDB<BoxOfficeDb>('gatepass-box-office', 1, {
    upgrade(database) {
      database.createObjectStore('tills', { keyPath: 'eventId' });
      database.createObjectStore('sales', { keyPath: 'id' }).createIndex('byEvent', 'eventId');
    },
  });
  return opened;
}

export async function storedTill(eventId: string): Promise<StoredTill> {
  return (await (await db()).get('tills', eventId)) ?? { eventId, types: [], allowances: [] };
}

export async function saveTill(eventId: string, types: SellableType[], allowances: Allowance[]) {
  await (await db()).put('tills', { eventId, types, allowances });
}

/** Sales of the event waiting to be uploaded, in the order they happened. */
export async function queuedSales(eventId: string): Promise<DoorSale[]> {
  const rows = await (await db()).getAllFromIndex('sales', 'byEvent', eventId);
  return rows.map((r) => r.sale).sort((a, b) => a.soldAt.localeCompare(b.soldAt));
}

/**
 * Records a sale on the device in one transaction: queued for upload, and the seats it used taken off
 * the stored allowance (so the next sale, offline, sees what is left).
 */
export async function queueSale(eventId: string, sale: DoorSale): Promise<StoredTill> {
  const tx = (await db()).transaction(['tills', 'sales'], 'readwrite');
  const till = (await tx.objectStore('tills').get(eventId)) ?? { eventId, types: [], allowances: [] };
  const allowances = till.allowances.map((a) => {
    const q = sale.lines.filter((l) => l.ticketTypeId === a.ticketTypeId).reduce((n, l) => n + l.quantity, 0);
    return q > 0 ? { ...a, used: a.used + q, remaining: a.remaining - q } : a;
  });
  const next = { ...till, allowances };
  await Promise.all([
    tx.objectStore('tills').put(next),
    tx.objectStore('sales').put({ id: sale.id, eventId, sale }),
    tx.done,
  ]);
  return next;
}

export async function dropSales(ids: readonly string[]) {
  const tx = (await db()).transaction('sales', 'readwrite');
  await Promise.all([...ids.map((id) => tx.store.delete(id)), tx.done]);
}
