import type { GuestMatch, OfflineTicket } from './checkin';
import { readTicketReference } from './ticketReference';

/**
 * Finding a guest at the door who cannot show a scannable code (decision 035): the one matching rule,
 * used by the server's search and by the door device searching its downloaded list offline, so both
 * find the same guests. Pure.
 *
 * A query matches a ticket when it is its short reference (typed any way), or when every word of it
 * appears in the attendee's name, email or the order number, or when it holds 4+ digits that appear
 * in the buyer's phone (typed 0803…, 803… or +234803… alike).
 */
export const MAX_GUEST_MATCHES = 20;
export const MIN_QUERY_LENGTH = 2;

export type GuestFields = Pick<
  OfflineTicket,
  | 'id'
  | 'reference'
  | 'orderReference'
  | 'attendeeEmail'
  | 'buyerPhone'
  | 'attendeeName'
  | 'ticketTypeId'
  | 'ticketName'
  | 'status'
  | 'checkedInAt'
>;

type Query = { words: string[]; reference: string | null; digits: string | null };

function queryOf(raw: string): Query | null {
  const trimmed = raw.trim().toLowerCase();
  if (trimmed.length < MIN_QUERY_LENGTH) return null;
  const digits = trimmed.replace(/\D/g, '');
  const phoneLike = /^[+\d\s()-]+$/.test(trimmed) && digits.length >= 4;
  return {
    words: trimmed.split(/\s+/),
    reference: readTicketReference(trimmed),
    // 0803… and +234803… are the same number: compare without the country code or trunk 0.
    digits: phoneLike ? digits.replace(/^(234|0)/, '') : null,
  };
}

function matches(q: Query, t: GuestFields): boolean {
  if (q.reference && t.reference === q.reference) return true;
  if (q.digits && t.buyerPhone.replace(/\D/g, '').includes(q.digits)) return true;
  const haystack = `${t.attendeeName} ${t.attendeeEmail} ${t.orderReference}`.toLowerCase();
  return q.words.every((w) => haystack.includes(w));
}

/** The tickets a query finds, still-valid and not-yet-admitted first, at most MAX_GUEST_MATCHES. */
export function searchGuests(raw: string, tickets: readonly GuestFields[]): GuestMatch[] {
  const q = queryOf(raw);
  if (!q) return [];
  const rank = (t: GuestFields) => (t.status !== 'valid' ? 2 : t.checkedInAt ? 1 : 0);
  return tickets
    .filter((t) => matches(q, t))
    .sort((a, b) => rank(a) - rank(b) || a.attendeeName.localeCompare(b.attendeeName))
    .slice(0, MAX_GUEST_MATCHES)
    .map((t) => ({
      id: t.id,
      reference: t.reference,
      attendeeName: t.attendeeName,
      ticketTypeId: t.ticketTypeId,
      ticketName: t.ticketName,
      orderReference: t.orderReference,
      status: t.status,
      checkedInAt: t.checkedInAt,
    }));
}
