import type { CheckinResult, ScanOrigin, ScanTicket } from './checkin';
import { DATE_MESSAGES } from './eventDates';

/**
 * Whether a scanned ticket gets in: the one rule, used by the server (online scans and uploads of
 * offline scans, server/modules/checkin/record.ts) and by the door device judging with no network
 * (src/checkin/offline/judge.ts). Each side gathers what it knows into `DoorFacts`; this function
 * alone turns them into the result and the sentence staff read. Pure: no clock, storage or network.
 *
 * The table, first matching row wins:
 *
 * | # | facts                                                   | result             | message                                   | ticket |
 * |---|---------------------------------------------------------|--------------------|-------------------------------------------|--------|
 * | 1 | code not signed by us (malformed, or bad signature)     | unknown            | FORGED                                    | no     |
 * | 1a| rotating code, not signed by its ticket's key            | unknown            | LIVE_WRONG_KEY                            | no     |
 * | 1b| rotating code, this side holds no key for its ticket     | unknown            | LIVE_NO_KEY                               | no     |
 * | 2 | signed, names a ticket of another event                 | wrong_event        | WRONG_EVENT                               | no     |
 * | 3 | signed, no ticket known here                            | unknown            | NOT_KNOWN                                 | no     |
 * | 3a| rotating code signed by its key, too old (or too new)    | unknown            | LIVE_STALE                                | yes    |
 * | 4 | ticket revoked (cancelled, refunded, reissued)          | cancelled          | by reason (below)                         | yes    |
 * | 5 | ticket of a test-mode order at a production door        | test_mode          | TEST_MODE                                 | yes    |
 * | 6 | ticket type not admitted at this gate                   | wrong_event        | "<type> tickets do not enter at <gate>."  | yes    |
 * | 6b| ticket for another date than the door's (decision 046)  | wrong_date         | "This ticket is for <date>."              | yes    |
 * | 6c| printed code or typed reference, event requires live    | unknown            | LIVE_REQUIRED                             | yes    |
 * |   | codes (decision 058; a guest picked by name still can)  |                    |                                           |        |
 * | 7 | already checked in, and this is not an uploaded offline | already_checked_in | ALREADY (ALREADY_HERE: this device's own  | yes    |
 * |   | scan made before that check-in                          |                    | queued scan), with when and where if known|        |
 * | 8 | already checked in, this uploaded offline scan earlier  | checked_in         | EARLIER_WINS (takes the check-in's place) | yes    |
 * | 9 | otherwise                                               | checked_in         | ADMITTED (ADMITTED_OFFLINE on the device) | yes    |
 *
 * Cancellation words: reissued → "This code was replaced…"; refunded → "Order <ref> was refunded…";
 * cancelled → "Order <ref> was cancelled…"; reason not known (the device's list says only that a
 * ticket is cancelled, and carries no order reference) → "This ticket was cancelled or refunded…".
 * A gate with no name (the organiser's own scanner; the device, whose list does not name its gate)
 * is "this gate". Rows 1–6c refuse whatever the check-in state; only rows 8 and 9 admit, and an
 * admission says how the ticket was shown (`codeKind`): the holder's live code, the printed code, a
 * typed reference, or a guest picked in the search.
 */

/** How a ticket was shown at the door (decision 058). */
export type CodeKind = 'rotating' | 'printed' | 'reference' | 'search';

/** Why a revoked ticket no longer admits, when the side judging knows it. */
export type CancelReason = 'reissued' | 'refunded' | 'cancelled';

/** A ticket this side found for the code, at this event. */
export type KnownTicket = {
  /** What the result screen shows about it. */
  shown: ScanTicket;
  /** null: still valid; otherwise revoked, with the reason when known (null: not known). */
  cancelled: { reason: CancelReason | null } | null;
  /** Its order was settled by the test-mode provider and this is a production door. */
  testModeAtProductionDoor: boolean;
  /** Its type is one this gate admits (a gate limited to some types). */
  typeAdmittedHere: boolean;
  /** The check-in already recorded for it, if any. */
  checkedIn: PreviousCheckin | null;
  /**
   * Its date's name when it admits on another date than the one this door admits (an event with
   * several dates, decision 046); null or absent: this door's date, any date, or no date chosen.
   */
  otherDate?: string | null;
};

export type PreviousCheckin = {
  /** When and where, when known (a check-in undone at that very moment leaves neither). */
  at: string | null;
  by: ScanOrigin | null;
  /** Recorded by this device's own queued scan, not yet uploaded. */
  byThisDevice: boolean;
  /** It happened after the scan being judged (only an uploaded offline scan can be earlier). */
  laterThanThisScan: boolean;
};

export type DoorFacts = {
  /**
   * The code is one we signed: well formed and its Ed25519 signature checks out — or a ticket's short
   * reference typed in its place (decision 035), which is looked up rather than decoded, so one that
   * names no ticket here is not known rather than forged.
   */
  signed: boolean;
  /** What the code names here: a ticket of this event, one of another event, or nothing known. */
  found: { ticket: KnownTicket } | 'other_event' | 'nothing';
  /** The gate's name, when the scanner knows it. */
  gate: string | null;
  /**
   * Who judges: the server for a scan made online ('online') or for an offline scan being uploaded
   * ('upload'); the door device itself with no network ('device').
   */
  scan: 'online' | 'upload' | 'device';
  /** How it was shown; absent: a printed code (the only kind before decision 058). */
  presented?: CodeKind;
  /** A rotating code whose check failed (contract/rotatingCode.ts); absent or null: none failed. */
  rotatingProblem?: 'stale' | 'wrong_key' | 'no_key' | null;
  /** The event admits only live codes, and guests picked by name (decision 058). */
  rotatingRequired?: boolean;
};

export type DoorVerdict = {
  result: CheckinResult;
  ticket?: ScanTicket;
  checkedInAt?: string;
  checkedInBy?: ScanOrigin;
  message: string;
  /** On an admission: how the ticket was shown, so staff see which kind got in. */
  codeKind?: CodeKind;
};

export const DOOR_MESSAGES = {
  forged: 'Not a Gatepass ticket: the code is forged or damaged. Do not admit.',
  wrongEvent: 'This ticket is for another event.',
  notKnown: 'This ticket is not known here. Do not admit.',
  reissued: 'This code was replaced by a newer ticket. Ask for the latest one.',
  cancelledOrRefunded: 'This ticket was cancelled or refunded. Do not admit.',
  testMode: 'Test-mode ticket — not valid for entry. Do not admit.',
  already: 'Already checked in.',
  alreadyHere: 'Already checked in on this device.',
  earlierWins: 'Checked in: this scan was earlier than the one made on another device.',
  admitted: 'Valid ticket. Checked in.',
  admittedOffline: 'Valid ticket. Checked in offline; it will sync.',
  liveWrongKey: "This live code was not made on the ticket holder's phone. Do not admit.",
  liveNoKey:
    'This live code cannot be checked here: the ticket was linked to a phone after this list was downloaded. Sync the list, or find the guest by name.',
  liveStale: 'Old code — ask the guest to open the ticket live.',
  liveRequired:
    'This event admits only the live code on the holder’s phone. Ask the guest to open the ticket on their phone.',
} as const;

/** What an admission says it let in, for the result screen. */
export const CODE_KIND_TEXT: Record<CodeKind, string> = {
  rotating: 'Live code from the holder’s phone',
  printed: 'Printed code',
  reference: 'Typed reference',
  search: 'Picked from the guest list',
};

export const wrongGateMessage = (ticketName: string, gate: string | null) =>
  `${ticketName} tickets do not enter at ${gate ?? 'this gate'}.`;

export function cancelledMessage(reason: CancelReason | null, orderReference: string): string {
  if (reason === 'reissued') return DOOR_MESSAGES.reissued;
  if (reason === 'refunded') return `Order ${orderReference} was refunded. Do not admit.`;
  if (reason === 'cancelled') return `Order ${orderReference} was cancelled. Do not admit.`;
  return DOOR_MESSAGES.cancelledOrRefunded;
}

export function doorVerdict(facts: DoorFacts): DoorVerdict {
  if (!facts.signed) return { result: 'unknown', message: DOOR_MESSAGES.forged };
  // A live code that fails its signature check proves nothing, not even which event it is for.
  if (facts.rotatingProblem === 'wrong_key')
    return { result: 'unknown', message: DOOR_MESSAGES.liveWrongKey };
  if (facts.rotatingProblem === 'no_key') return { result: 'unknown', message: DOOR_MESSAGES.liveNoKey };
  // Nothing about another event's ticket (not even the name) reaches this event's door.
  if (facts.found === 'other_event') return { result: 'wrong_event', message: DOOR_MESSAGES.wrongEvent };
  if (facts.found === 'nothing') return { result: 'unknown', message: DOOR_MESSAGES.notKnown };
  const t = facts.found.ticket;
  const ticket = t.shown;
  // An old live code was made by the holder's phone: who it is may be shown, not let in.
  if (facts.rotatingProblem === 'stale')
    return { result: 'unknown', ticket, message: DOOR_MESSAGES.liveStale };
  if (t.cancelled)
    return {
      result: 'cancelled',
      ticket,
      message: cancelledMessage(t.cancelled.reason, ticket.orderReference),
    };
  if (t.testModeAtProductionDoor) return { result: 'test_mode', ticket, message: DOOR_MESSAGES.testMode };
  if (!t.typeAdmittedHere)
    return { result: 'wrong_event', ticket, message: wrongGateMessage(ticket.ticketName, facts.gate) };
  if (t.otherDate) return { result: 'wrong_date', ticket, message: DATE_MESSAGES.notThisDate(t.otherDate) };
  const codeKind = facts.presented ?? 'printed';
  if (facts.rotatingRequired && (codeKind === 'printed' || codeKind === 'reference'))
    return { result: 'unknown', ticket, message: DOOR_MESSAGES.liveRequired };
  const previous = t.checkedIn;
  if (previous && !(facts.scan === 'upload' && previous.laterThanThisScan))
    return {
      result: 'already_checked_in',
      ticket,
      ...(previous.at ? { checkedInAt: previous.at } : {}),
      ...(previous.by ? { checkedInBy: previous.by } : {}),
      message: previous.byThisDevice ? DOOR_MESSAGES.alreadyHere : DOOR_MESSAGES.already,
    };
  // First scan by time wins: an offline scan made before the recorded check-in takes its place.
  if (previous) return { result: 'checked_in', ticket, codeKind, message: DOOR_MESSAGES.earlierWins };
  return {
    result: 'checked_in',
    ticket,
    codeKind,
    message: facts.scan === 'device' ? DOOR_MESSAGES.admittedOffline : DOOR_MESSAGES.admitted,
  };
}
