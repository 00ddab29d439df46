import type { CheckinCounts, OfflineListResponse, ScanOrigin, ScanTicket } from '../../../contract/checkin';
import { lookupHash } from '../../../contract/doorLookup';
import { type DoorFacts, doorVerdict } from '../../../contract/doorVerdict';
import { checkRotatingCode, parseRotatingCode, type RotatingCode } from '../../../contract/rotatingCode';
import { readTicketReference } from '../../../contract/ticketReference';
import type { OfflineVerdict } from '../../../machines/doorScanner.machine';
import { tableGuestOnDevice, withTableOnDevice } from './tables';
import { type ParsedCode, parseTicketCode, uuidPrefix, type Verifier } from './ticketCode';

/** A scan made offline and waiting to be uploaded. */
export type QueuedScanEntry = {
  nonce: string;
  eventId: string;
  code: string;
  ticketId: string;
  ticketTypeId: string;
  scannedAt: string;
  /** The date the door admitted when it scanned (decision 046); the upload is judged with it. */
  eventDateId?: string | null;
};

export type Judgement = {
  outcome: OfflineVerdict['outcome'];
  admit: { ticketId: string; ticketTypeId: string } | null;
};

const THIS_DEVICE: ScanOrigin = { gate: null, device: 'this device' };

/**
 * Judges a code on the device with the rule the server uses (contract/doorVerdict.ts): read the
 * code (shape and signature), gather what the downloaded list and this device's queued scans say
 * about it, judge, answer. The list holds no codes: the signed code names its ticket id, and the
 * ticket is found by that id; nor references in clear: a typed one is found by its salted hash.
 * Pure: storage and the clock are the caller's.
 */
export async function judgeCode(args: {
  code: string;
  eventId: string;
  list: OfflineListResponse;
  queued: readonly QueuedScanEntry[];
  verify: Verifier;
  /** The date this door admits (decision 046); null: none chosen. */
  eventDateId?: string | null;
  /** The door's clock (ms): a live code must be made within a minute of it (decision 058). Absent: now. */
  now?: number;
}): Promise<Judgement> {
  const live = parseRotatingCode(args.code);
  if (live) return judgeLiveCode(live, args);
  const looked = await lookedUp(args.code, args.list);
  // A typed short reference or a ticket id picked in the guest search is looked up in the list (by
  // its salted hash, or by id), not decoded; a signed code names its ticket id once its signature
  // checks out.
  const read = looked ? null : await readCode(args.code, args.verify);
  const scanned = looked ? looked.ticketId : (read?.ticketId ?? null);
  // A one-code table's code admits the table's next guest not yet in (decision 067).
  const ticketId = scanned ? tableGuestOnDevice(scanned, args.list, args.queued) : null;
  const found =
    looked && ticketId
      ? lookUp(ticketId, null, { ...args, code: looked.presented, reference: looked.reference })
      : read && ticketId
        ? lookUp(ticketId, read, { ...args, reference: '' })
        : 'nothing';
  const verdict = doorVerdict({
    signed: looked !== null || read !== null,
    found,
    gate: null,
    scan: 'device',
    presented: !looked ? 'printed' : looked.reference ? 'reference' : 'search',
    rotatingRequired: args.list.rotatingCodes === 'required',
  });
  return {
    outcome: withTableOnDevice(verdict, ticketId, args.list, args.queued),
    // What the caller queues for upload: only for a ticket the verdict lets in.
    admit:
      ticketId && typeof found === 'object' && verdict.result === 'checked_in'
        ? { ticketId, ticketTypeId: found.ticket.shown.ticketTypeId }
        : null,
  };
}

/**
 * A holder's live code (decision 058): its ticket must be in the list with a phone key, and the code
 * signed with that key within a minute of this door's clock. Checked with the very function the
 * server uses on upload (contract/rotatingCode.ts), so a code admitted here is admitted there.
 */
async function judgeLiveCode(live: RotatingCode, args: Parameters<typeof judgeCode>[0]): Promise<Judgement> {
  const listed = args.list.tickets.find((t) => t.id === live.ticketId);
  const check = await checkRotatingCode(live, listed?.deviceKey, args.now ?? Date.now());
  const ticketId = tableGuestOnDevice(live.ticketId, args.list, args.queued);
  const found = listed ? lookUp(ticketId, null, { ...args, reference: '' }) : 'nothing';
  const verdict = doorVerdict({
    signed: true,
    found,
    gate: null,
    scan: 'device',
    presented: 'rotating',
    // A ticket this list does not hold is simply not known here (no key was ever expected for it).
    rotatingProblem: check.ok || !listed ? null : check.problem,
    rotatingRequired: args.list.rotatingCodes === 'required',
  });
  return {
    outcome: withTableOnDevice(verdict, ticketId, args.list, args.queued),
    admit:
      typeof found === 'object' && verdict.result === 'checked_in'
        ? { ticketId, ticketTypeId: found.ticket.shown.ticketTypeId }
        : null,
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A presented value that is looked up rather than verified: a typed reference (found by hashing it
 * with the list's salt, decision 049: the list holds no reference in clear) or a ticket id from the
 * guest search. `ticketId` is null when the list does not know it. Null for anything else.
 */
async function lookedUp(
  code: string,
  list: OfflineListResponse,
): Promise<{ ticketId: string | null; presented: string; reference: string } | null> {
  const reference = readTicketReference(code);
  if (reference) {
    const hash = await lookupHash(list.lookupSalt, { kind: 'reference', value: reference });
    const ticket = list.tickets.find((t) => t.lookup.includes(hash));
    return { ticketId: ticket?.id ?? null, presented: reference, reference };
  }
  const id = code.trim().toLowerCase();
  if (!UUID.test(id)) return null;
  return { ticketId: list.tickets.some((t) => t.id === id) ? id : null, presented: id, reference: '' };
}

/** The code's parts when it is one of ours (well formed, signature checked); null otherwise. */
async function readCode(code: string, verify: Verifier): Promise<ParsedCode | null> {
  const parsed = parseTicketCode(code);
  if (!parsed || !(await verify(parsed.payload, parsed.signature))) return null;
  return parsed;
}

/**
 * What the downloaded list and this device's queue know of a ticket: named by a signed code (`code`
 * given), or by a short reference found in the list (`code` null).
 */
function lookUp(
  ticketId: string,
  code: ParsedCode | null,
  args: {
    code: string;
    /** The reference the door typed ('' when it scanned a code or picked a guest). */
    reference: string;
    eventId: string;
    list: OfflineListResponse;
    queued: readonly QueuedScanEntry[];
    eventDateId?: string | null;
  },
): DoorFacts['found'] {
  const { list, queued } = args;
  if (code && code.eventPrefix !== uuidPrefix(args.eventId)) return 'other_event';
  const listed = list.tickets.find((t) => t.id === ticketId);
  const type = listed
    ? { ticketTypeId: listed.ticketTypeId, ticketName: listed.ticketName }
    : list.counts.perType.find((t) => code && uuidPrefix(t.ticketTypeId) === code.ticketTypePrefix);
  if (!type) return 'nothing';
  const shown: ScanTicket = {
    code: args.code,
    reference: args.reference,
    // Signed by us but sold after the list was downloaded: genuine, only its name is not here yet.
    attendeeName: listed?.attendeeName ?? 'Bought after the list was downloaded',
    ticketTypeId: type.ticketTypeId,
    ticketName: type.ticketName,
    // The list holds order numbers only as hashes (decision 049): the server names the order online.
    orderReference: '',
    orderSeats: listed?.orderSeats ?? 1,
    ...(listed?.dateName ? { dateName: listed.dateName } : {}),
  };
  const door = args.eventDateId ?? null;
  const earlier = queued.find((q) => q.ticketId === ticketId);
  return {
    ticket: {
      shown,
      // The list says only that a ticket is cancelled, not why.
      cancelled: list.revoked.includes(ticketId) || listed?.status === 'cancelled' ? { reason: null } : null,
      testModeAtProductionDoor: listed?.status === 'test_mode',
      typeAdmittedHere: !list.allowedTicketTypeIds || list.allowedTicketTypeIds.includes(type.ticketTypeId),
      checkedIn: listed?.checkedInAt
        ? { at: listed.checkedInAt, by: listed.checkedInBy, byThisDevice: false, laterThanThisScan: false }
        : earlier
          ? { at: earlier.scannedAt, by: THIS_DEVICE, byThisDevice: true, laterThanThisScan: false }
          : null,
      // The same date rule as the server's (checkin/doorFacts.ts): the list names each ticket's date.
      otherDate:
        door && listed?.eventDateId && listed.eventDateId !== door
          ? (listed.dateName ?? 'another date')
          : null,
    },
  };
}

/** The list's counts plus this device's queued check-ins (not yet known to the server). */
export function countsWithQueue(
  list: OfflineListResponse,
  queued: readonly QueuedScanEntry[],
): CheckinCounts {
  const known = new Set(list.tickets.filter((t) => t.checkedInAt).map((t) => t.id));
  const fresh = queued.filter((q) => !known.has(q.ticketId));
  return {
    ...list.counts,
    checkedIn: list.counts.checkedIn + fresh.length,
    perType: list.counts.perType.map((t) => ({
      ...t,
      checkedIn: t.checkedIn + fresh.filter((q) => q.ticketTypeId === t.ticketTypeId).length,
    })),
  };
}
