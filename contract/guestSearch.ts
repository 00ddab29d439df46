import type { GuestMatch, OfflineTicket } from './checkin';
import { lookupKeysOf } from './doorLookup';
import { REFERENCE_ALPHABET, REFERENCE_LENGTH } from './ticketReference';

/**
 * Finding a guest at the door who cannot show a scannable code (decisions 035 and 049): the one
 * matching rule, used by the server's search and by the door device searching its downloaded list
 * offline, so both find the same guests. Pure.
 *
 * A query matches a ticket when every word of it appears in the attendee's name (partly typed names
 * match), or when it is exactly one of the ticket's look-ups: its short reference, its order number,
 * the attendee's email or the buyer's phone (each typed any way: contract/doorLookup.ts). Those are
 * compared as keys — hashes on the device, which holds no contact data in clear, plain keys on the
 * server — so a part of an email, phone or reference finds nothing, online or off, and a door link
 * cannot be used to read contact details out by guessing their first digits.
 */
export const MAX_GUEST_MATCHES = 20;
export const MIN_QUERY_LENGTH = 2;

export type GuestFields = Pick<
  OfflineTicket,
  'id' | 'attendeeName' | 'ticketTypeId' | 'ticketName' | 'status' | 'checkedInAt' | 'dateName'
> & {
  /** The ticket's look-up keys, in the same form as the query's (hashed on the device). */
  lookup: readonly string[];
};

function nameMatches(raw: string, name: string): boolean {
  const words = raw.trim().toLowerCase().split(/\s+/);
  const haystack = name.toLowerCase();
  return words.every((w) => haystack.includes(w));
}

/**
 * The tickets a query finds, still-valid and not-yet-admitted first, at most MAX_GUEST_MATCHES.
 * `queryKeys` are the query's look-ups (`lookupKeysOf(raw)`) in the form the tickets' `lookup` is in.
 */
export function searchGuests(
  raw: string,
  queryKeys: readonly string[],
  tickets: readonly GuestFields[],
): GuestMatch[] {
  if (raw.trim().length < MIN_QUERY_LENGTH) return [];
  const keys = new Set(queryKeys);
  const rank = (t: GuestFields) => (t.status !== 'valid' ? 2 : t.checkedInAt ? 1 : 0);
  return tickets
    .filter((t) => t.lookup.some((k) => keys.has(k)) || nameMatches(raw, t.attendeeName))
    .sort((a, b) => rank(a) - rank(b) || a.attendeeName.localeCompare(b.attendeeName))
    .slice(0, MAX_GUEST_MATCHES)
    .map((t) => ({
      id: t.id,
      attendeeName: t.attendeeName,
      ticketTypeId: t.ticketTypeId,
      ticketName: t.ticketName,
      status: t.status,
      checkedInAt: t.checkedInAt,
      ...(t.dateName ? { dateName: t.dateName } : {}),
    }));
}

const REFERENCE_CHARS = new Set(REFERENCE_ALPHABET);

/**
 * What to tell staff when the device's own list found nothing for what looks like (part of) a
 * reference, order number, phone or email: the list holds those only as hashes, so only the whole
 * value can match offline. Null for a whole reference or order number (it is simply not in the list)
 * and for what reads as a name.
 */
export function offlineSearchHint(raw: string): string | null {
  if (lookupKeysOf(raw).some((k) => k.kind === 'reference' || k.kind === 'order')) return null;
  const compact = raw.replace(/[\s-]/g, '').toUpperCase();
  if (raw.includes('@')) return 'Type the whole email address to find it offline.';
  if (/^gp/i.test(raw.trim())) return 'Type the whole order number to find it offline.';
  if (/^\+?[\d\s().-]+$/.test(raw.trim())) return 'Type the whole phone number to find it offline.';
  // Part of a reference may also be part of a name, which would have matched: say both.
  const referenceLike =
    compact.length >= 3 &&
    compact.length < REFERENCE_LENGTH &&
    [...compact].every((ch) => REFERENCE_CHARS.has(ch));
  return referenceLike
    ? 'Type the whole reference (10 characters) to find it offline; names match in part.'
    : null;
}
