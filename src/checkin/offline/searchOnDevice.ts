import type { OfflineListResponse } from '../../../contract/checkin';
import { lookupHash, lookupKeysOf } from '../../../contract/doorLookup';
import { searchGuests } from '../../../contract/guestSearch';
import type { FoundGuests } from '../../../machines/guestSearch.machine';
import type { QueuedScanEntry } from './judge';

/**
 * Searches this device's downloaded list: names partly, a reference, order number, email or phone
 * only whole (hashed with the list's salt, as the list holds them: decision 049). A guest this device
 * admitted offline (still in its upload queue) shows as in, at the time it let them in.
 */
export async function searchOnDevice(
  query: string,
  list: OfflineListResponse,
  queued: readonly QueuedScanEntry[],
): Promise<FoundGuests> {
  const keys = await Promise.all(lookupKeysOf(query).map((k) => lookupHash(list.lookupSalt, k)));
  const admittedHere = new Map(queued.map((q) => [q.ticketId, q.scannedAt]));
  const tickets = list.tickets.map((t) =>
    t.checkedInAt || !admittedHere.has(t.id) ? t : { ...t, checkedInAt: admittedHere.get(t.id) ?? null },
  );
  return { matches: searchGuests(query, keys, tickets), source: 'device' };
}
