import { type OfflineListResponse, offlineListResponse } from '../../../contract/checkin';

/**
 * A ticket list read back from this device's storage, in today's shape, or null when it is not one.
 *
 * Lists stored by an older scanner carried every ticket's full signed code, and later its reference,
 * order number, attendee email and buyer phone in clear. Parsing with the contract's schema drops
 * those keys (zod objects strip what they do not name), so an old list is still usable offline
 * without them; one that no longer fits at
 * all is treated as missing, and the scanner downloads a fresh one as soon as it is online.
 */
export function storedListOf(value: unknown): OfflineListResponse | null {
  const parsed = offlineListResponse.safeParse(value);
  return parsed.success ? parsed.data : null;
}
