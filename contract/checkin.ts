import * as z from 'zod/mini';
import { idParam, uuid } from './common';
import { publicKeyResponse } from './orders';
import { TEXT_LIMITS, text } from './text';

/**
 * Check-in at the door (decision 016) on the wire.
 *
 * Scanner endpoints: the event's organiser (bearer token) or a check-in link's session
 * (`Authorization: Bearer gpci_…`, from POST /api/checkin/links/session):
 * - POST   /api/checkin/:eventId               scanRequest → 200 scanResponse
 * - DELETE /api/checkin/:eventId/:code         → 200 undoResponse (undo a check-in)
 * - GET    /api/checkin/:eventId/list          → offlineListResponse (ticket ids, names, types,
 *                                                status, revocations and the signing key; no codes;
 *                                                each holder's phone key for live codes, decision 058)
 * - POST   /api/checkin/:eventId/sync          syncRequest → syncResponse (queued offline scans)
 * - GET    /api/checkin/:eventId/search?q=     → guestSearchResponse (guest list search: name, email,
 *                                                phone, order number or ticket reference)
 * Wherever a scanner sends a `code`, a ticket's short reference typed from its page or printout does
 * too, and so does a ticket id picked from the guest search (decision 049). Look-ups by reference or
 * id and searches are rate-limited per check-in link (RATE_LIMIT_LOOKUP). So does a holder's live
 * code (contract/rotatingCode.ts), which is verified like a printed code and never counted.
 * Door staff without an account:
 * - GET    /api/checkin/links/:token           → linkInfoResponse (label and event: what the PIN page shows)
 * - POST   /api/checkin/links/session          linkSessionRequest → linkSessionResponse (PIN; rate-limited)
 * Organiser (the event's owner only):
 * - GET    /api/events/:eventId/checkin-links  → linkListResponse
 * - POST   /api/events/:eventId/checkin-links  createLinkRequest → 201 createdLinkResponse (token and PIN shown once)
 * - DELETE /api/events/:eventId/checkin-links/:linkId → linkListResponse (revoked)
 * - PATCH  /api/events/:eventId/checkin-links/:linkId  linkSellingRequest → linkListResponse (the owner
 *          lets a link sell at the door, or stops it: decision 062)
 * - GET    /api/events/:eventId/checkins       → checkinsResponse (who came and when)
 */

export const CHECKIN_RESULTS = [
  'checked_in',
  'already_checked_in',
  'wrong_event',
  'cancelled',
  'unknown',
  /** A ticket from a test-mode (unpaid) order scanned at a production door. */
  'test_mode',
  /** A ticket for another date of the event than the one this door admits (decision 046). */
  'wrong_date',
] as const;
export const checkinResult = z.enum(CHECKIN_RESULTS);
export type CheckinResult = z.infer<typeof checkinResult>;

/** Longest code a scanner may send: signed codes are ~130 characters; anything longer is not ours. */
export const MAX_CODE_LENGTH = 512;
export const PIN_LENGTH = 6;

export const ticketCode = text({
  label: 'Ticket code',
  max: MAX_CODE_LENGTH,
  required: true,
  requiredMessage: 'Enter or scan a ticket code',
});

/** Which device and gate did something: shown as 'Gate A · Ada's phone'. */
export const scanOrigin = z.object({
  gate: z.nullable(z.string()),
  device: z.nullable(z.string()),
});
export type ScanOrigin = z.infer<typeof scanOrigin>;

/** What the result screen shows about a ticket. */
export const scanTicket = z.object({
  /** What was presented: the scanned code, or the typed short reference (never the code then). */
  code: z.string(),
  /** The ticket's short reference (contract/ticketReference.ts); '' when the device does not know it. */
  reference: z._default(z.string(), ''),
  attendeeName: z.string(),
  ticketTypeId: uuid,
  ticketName: z.string(),
  orderReference: z.string(),
  /** Seats in the whole order, so staff see a group of four arrive together. */
  orderSeats: z.int(),
  /** The date it admits on ('Night 2 · Sat 5 Dec'), for an event with several dates (decision 046). */
  dateName: z.optional(z.string()),
  /**
   * A table's guest (decision 067): the table's number, its N and how many of it are in (this scan
   * included when it admitted): the door shows "Gold 3 — 4 of 10 in". Absent: not a table.
   */
  table: z.optional(z.object({ number: z.int(), size: z.int(), admitted: z.int() })),
});
export type ScanTicket = z.infer<typeof scanTicket>;

export const ticketTypeCount = z.object({
  ticketTypeId: uuid,
  ticketName: z.string(),
  checkedIn: z.int(),
  total: z.int(),
  /** The type's date on an event with several dates (decision 046); absent or null: every date. */
  eventDateId: z.optional(z.nullable(uuid)),
});
export const gateCount = z.object({ gate: z.string(), checkedIn: z.int() });

export const checkinCounts = z.object({
  checkedIn: z.int(),
  total: z.int(),
  perType: z.array(ticketTypeCount),
  perGate: z.array(gateCount),
});
export type CheckinCounts = z.infer<typeof checkinCounts>;

/**
 * The counts a door admitting one date shows: that date's types (and any undated ones), with the
 * totals summed over them, so a door on night 2 is not shown night 1's arrivals. The gates' counts
 * stay the event's. No date chosen: the counts as they are.
 */
export function countsForDate(counts: CheckinCounts, eventDateId: string | null): CheckinCounts {
  if (!eventDateId) return counts;
  const perType = counts.perType.filter((t) => !t.eventDateId || t.eventDateId === eventDateId);
  return {
    ...counts,
    perType,
    checkedIn: perType.reduce((n, t) => n + t.checkedIn, 0),
    total: perType.reduce((n, t) => n + t.total, 0),
  };
}

export const eventIdOnlyParams = z.object({ eventId: idParam('Event id') });
export const eventCodeParams = z.object({
  eventId: idParam('Event id'),
  code: text({ label: 'Ticket code', max: 200, required: true }),
});

/** `device` names the phone or laptop ('Door laptop'); the server adds the link's gate itself. */
export const deviceField = z.optional(text({ label: 'Device name', max: TEXT_LIMITS.name }));

export const scanRequest = z.object({
  code: ticketCode,
  device: deviceField,
  /** The device's id, so a later conflict (an earlier offline scan elsewhere) is reported back to it. */
  deviceId: z.optional(uuid),
  /** The date this door admits, for an event with several dates (decision 046): others' tickets are refused. */
  eventDateId: z.optional(uuid),
});
export type ScanRequest = z.infer<typeof scanRequest>;

export const scanResponse = z.object({
  result: checkinResult,
  ticket: z.optional(scanTicket),
  /** For checked_in: now; for already_checked_in: when the first scan let them in. */
  checkedInAt: z.optional(z.string()),
  /** For already_checked_in: where the first scan happened. */
  checkedInBy: z.optional(scanOrigin),
  /** One sentence for staff ('Order GP-… was refunded'). */
  message: z.string(),
  /** On an admission: how the ticket was shown (decision 058): live code, printed code, reference, search. */
  codeKind: z.optional(z.enum(['rotating', 'printed', 'reference', 'search'])),
  counts: checkinCounts,
});
export type ScanResponse = z.infer<typeof scanResponse>;

export const undoResponse = z.object({ code: z.string(), message: z.string(), counts: checkinCounts });
export type UndoResponse = z.infer<typeof undoResponse>;

/* ---------- Offline list ---------- */

/**
 * One ticket as a door device keeps it. It carries no code: a code is the key to the venue, and a
 * leaked list must not let anyone print tickets. The device checks a scanned code's signature with
 * the event's public key and finds the ticket here by the id the signed code names.
 *
 * Nor does it carry anyone's contact data or references in clear (decision 049): the short reference,
 * the order number, the attendee's email and the buyer's phone are in `lookup` only as salted hashes
 * (contract/doorLookup.ts), so an exact one typed at the door is found offline and a leaked list shows
 * nobody's email, phone or reference. Names, type, status and date stay readable: the door needs them.
 * Lists stored before carried those fields in clear; reading one through this schema drops them.
 */
export const offlineTicket = z.object({
  /** The issued ticket's id: what the revocation list and the code's signature name. */
  id: uuid,
  /** Salted hashes of the ticket's reference, order number, attendee email and buyer phone. */
  lookup: z._default(z.array(z.string()), []),
  attendeeName: z.string(),
  ticketTypeId: uuid,
  ticketName: z.string(),
  orderSeats: z.int(),
  /** test_mode: an unpaid test-mode order's ticket, refused at a production door. */
  status: z.enum(['valid', 'cancelled', 'test_mode']),
  checkedInAt: z.nullable(z.string()),
  checkedInBy: z.nullable(scanOrigin),
  /** The date it admits on (decision 046); absent or null: any date. */
  eventDateId: z.optional(z.nullable(uuid)),
  dateName: z.optional(z.string()),
  /**
   * The public key of the holder's phone (decision 058: compressed P-256, 44 characters), which its
   * rotating codes are signed with; absent: no phone linked yet (only its printed code is checked).
   */
  deviceKey: z.optional(z.string()),
  /**
   * A table's guest (decision 067): its table's number within its type, its place (0-based), the
   * table's N, and whether one code admits the table (then any code of the table admits the next
   * guest not yet in, up to N). The device groups a table by type and number. Absent: not a table.
   */
  table: z.optional(z.object({ number: z.int(), seat: z.int(), size: z.int(), oneCode: z.boolean() })),
});
export type OfflineTicket = z.infer<typeof offlineTicket>;

export const scannerEvent = z.object({
  id: uuid,
  eventName: z.string(),
  startDate: z.string(),
  startTime: z.string(),
  location: z.nullable(z.string()),
});
export type ScannerEvent = z.infer<typeof scannerEvent>;

export const offlineListResponse = z.object({
  event: scannerEvent,
  /** null = every type; a link limited to some types lists only those. */
  allowedTicketTypeIds: z.nullable(z.array(uuid)),
  tickets: z.array(offlineTicket),
  /** The salt of every ticket's `lookup` hashes: random, new with each download (decision 049). */
  lookupSalt: z._default(z.string(), ''),
  /** Revoked issued-ticket ids of this event (cancelled, refunded, reissued). */
  revoked: z.array(uuid),
  /**
   * The organiser's choice (decision 058): 'required' admits only live codes from holders' phones
   * (and guests picked by name), 'allowed' also the printed code. Absent (lists stored before): allowed.
   */
  rotatingCodes: z.optional(z.enum(['allowed', 'required'])),
  publicKey: publicKeyResponse,
  counts: checkinCounts,
  generatedAt: z.string(),
});
export type OfflineListResponse = z.infer<typeof offlineListResponse>;

/* ---------- Guest search at the door ---------- */

export const guestSearchQuery = z.object({
  q: text({
    label: 'Search',
    max: 100,
    required: true,
    requiredMessage: 'Type a name, email, phone or order number',
  }),
});

/**
 * One ticket a search found: enough to pick the right guest and admit them by the ticket's id (a
 * scan of the id, decision 049). No reference, order number, email or phone: what the door list
 * shows in clear, and nothing more.
 */
export const guestMatch = z.object({
  id: uuid,
  attendeeName: z.string(),
  ticketTypeId: uuid,
  ticketName: z.string(),
  status: offlineTicket.shape.status,
  checkedInAt: z.nullable(z.string()),
  dateName: z.optional(z.string()),
});
export type GuestMatch = z.infer<typeof guestMatch>;

export const guestSearchResponse = z.object({ matches: z.array(guestMatch) });
export type GuestSearchResponse = z.infer<typeof guestSearchResponse>;

/* ---------- Sync of offline scans ---------- */

export const MAX_SYNC_SCANS = 500;

export const queuedScan = z.object({
  /** Made on the device per scan: the same nonce sent twice is one scan. */
  nonce: uuid,
  code: ticketCode,
  /** When the device scanned it (ISO); the earliest scan of a ticket wins. */
  scannedAt: z.iso.datetime({ offset: true, error: 'scannedAt must be an ISO date-time' }),
  /** The date the door admitted when it scanned (decision 046), judged again on upload. */
  eventDateId: z.optional(uuid),
});
export type QueuedScan = z.infer<typeof queuedScan>;

export const syncRequest = z.object({
  /** A random id the device keeps, so conflicts can be reported back to it later. */
  deviceId: uuid,
  device: deviceField,
  scans: z.array(queuedScan).check(z.maxLength(MAX_SYNC_SCANS, `At most ${MAX_SYNC_SCANS} scans per upload`)),
});
export type SyncRequest = z.infer<typeof syncRequest>;

export const syncedScan = z.object({
  nonce: uuid,
  result: checkinResult,
  ticket: z.optional(scanTicket),
  checkedInAt: z.optional(z.string()),
  checkedInBy: z.optional(scanOrigin),
});
export type SyncedScan = z.infer<typeof syncedScan>;

/** The same ticket scanned on two devices while apart: the earlier scan stands, the later lost. */
export const checkinConflict = z.object({
  /** The ticket's printed reference (not its code). */
  reference: z.string(),
  attendeeName: z.string(),
  ticketName: z.string(),
  winner: z.object({ ...scanOrigin.shape, scannedAt: z.string(), nonce: z.nullable(z.string()) }),
  loser: z.object({ ...scanOrigin.shape, scannedAt: z.string(), nonce: z.nullable(z.string()) }),
});
export type CheckinConflict = z.infer<typeof checkinConflict>;

export const syncResponse = z.object({
  results: z.array(syncedScan),
  /** Every conflict this device took part in, as winner or loser (so both sides hear of it). */
  conflicts: z.array(checkinConflict),
  counts: checkinCounts,
});
export type SyncResponse = z.infer<typeof syncResponse>;

/* ---------- Check-in links for door staff ---------- */

export const linkTokenParams = z.object({
  token: text({ label: 'Check-in link', max: 100, required: true }),
});
export const linkIdParams = z.object({ eventId: idParam('Event id'), linkId: idParam('Check-in link id') });

export const createLinkRequest = z.object({
  label: text({
    label: 'Label',
    max: TEXT_LIMITS.name,
    required: true,
    requiredMessage: 'Give the link a label',
  }),
  /** Omitted or empty: every ticket type. */
  ticketTypeIds: z.optional(z.array(uuid).check(z.maxLength(50, 'Too many ticket types'))),
  /** The link may also sell tickets at the door (box office, decision 062): the event's owner alone may allow it. */
  canSell: z.optional(z.boolean({ error: 'canSell must be true or false' })),
});
export type CreateLinkRequest = z.infer<typeof createLinkRequest>;

export const checkinLink = z.object({
  id: uuid,
  label: z.string(),
  ticketTypeIds: z.nullable(z.array(uuid)),
  createdAt: z.string(),
  expiresAt: z.string(),
  revokedAt: z.nullable(z.string()),
  status: z.enum(['active', 'revoked', 'expired']),
  /** Allowed by the owner to sell at the door (decision 062); absent on older answers: no. */
  canSell: z.optional(z.boolean()),
  checkedIn: z.int(),
});
export type CheckinLink = z.infer<typeof checkinLink>;

export const linkListResponse = z.object({ links: z.array(checkinLink) });

/** The owner turns a link's selling on or off after it was made (a phone lost, a till closed early). */
export const linkSellingRequest = z.object({
  canSell: z.boolean({ error: 'Say whether the link may sell (true or false).' }),
});
export type LinkSellingRequest = z.infer<typeof linkSellingRequest>;
export type LinkListResponse = z.infer<typeof linkListResponse>;

/** The only time the token and PIN are readable: they are stored hashed. */
export const createdLinkResponse = z.object({ link: checkinLink, token: z.string(), pin: z.string() });
export type CreatedLinkResponse = z.infer<typeof createdLinkResponse>;

export const linkInfoResponse = z.object({
  label: z.string(),
  event: scannerEvent,
  status: checkinLink.shape.status,
});
export type LinkInfoResponse = z.infer<typeof linkInfoResponse>;

export const linkSessionRequest = z.object({
  token: text({ label: 'Check-in link', max: 100, required: true, requiredMessage: 'Missing link' }),
  pin: z.string({ error: 'Enter the 6-digit PIN' }).check(z.regex(/^\d{6}$/, 'Enter the 6-digit PIN')),
});
export type LinkSessionRequest = z.infer<typeof linkSessionRequest>;

export const linkSessionResponse = z.object({
  sessionToken: z.string(),
  label: z.string(),
  event: scannerEvent,
  expiresAt: z.string(),
});
export type LinkSessionResponse = z.infer<typeof linkSessionResponse>;

/* ---------- Who came ---------- */

export const checkinRow = z.object({
  code: z.string(),
  attendeeName: z.string(),
  ticketName: z.string(),
  checkedInAt: z.string(),
  checkedInBy: scanOrigin,
});
export type CheckinRow = z.infer<typeof checkinRow>;
export const checkinsResponse = z.object({ checkins: z.array(checkinRow), counts: checkinCounts });
export type CheckinsResponse = z.infer<typeof checkinsResponse>;
