import type { CheckinCounts, OfflineListResponse, ScanOrigin, ScanTicket } from '../../../contract/checkin';
import type { OfflineVerdict } from '../../../machines/doorScanner.machine';
import { parseTicketCode, uuidPrefix, type Verifier } from './ticketCode';

/** A scan made offline and waiting to be uploaded. */
export type QueuedScanEntry = {
  nonce: string;
  eventId: string;
  code: string;
  ticketId: string;
  ticketTypeId: string;
  scannedAt: string;
};

export type Judgement = {
  outcome: OfflineVerdict['outcome'];
  admit: { ticketId: string; ticketTypeId: string } | null;
};

const THIS_DEVICE: ScanOrigin = { gate: null, device: 'this device' };

/**
 * Judges a code on the device, the way the server would: shape and signature first (a forged code is
 * refused with no list at all), then the event, the revocation list, the downloaded ticket list and
 * the scans this device made since. The list holds no codes: the signed code names its ticket id, and
 * the ticket is found by that id. Pure: storage and the clock are the caller's.
 */
export async function judgeCode(args: {
  code: string;
  eventId: string;
  list: OfflineListResponse;
  queued: readonly QueuedScanEntry[];
  verify: Verifier;
}): Promise<Judgement> {
  const { code, eventId, list, queued, verify } = args;
  const refuse = (result: 'unknown' | 'wrong_event', message: string): Judgement => ({
    outcome: { result, message },
    admit: null,
  });
  const parsed = parseTicketCode(code);
  if (!parsed) return refuse('unknown', 'This is not a Gatepass ticket code.');
  if (!(await verify(parsed.payload, parsed.signature)))
    return refuse('unknown', 'Forged or damaged code: its signature does not match. Do not admit.');
  if (parsed.eventPrefix !== uuidPrefix(eventId))
    return refuse('wrong_event', 'This ticket is for another event.');

  const listed = list.tickets.find((t) => t.id === parsed.ticketId);
  const type = listed
    ? { ticketTypeId: listed.ticketTypeId, ticketName: listed.ticketName }
    : list.counts.perType.find((t) => uuidPrefix(t.ticketTypeId) === parsed.ticketTypePrefix);
  if (!type) return refuse('unknown', 'This ticket type is not in the downloaded list.');
  const ticket: ScanTicket = listed
    ? {
        code,
        attendeeName: listed.attendeeName,
        ticketTypeId: listed.ticketTypeId,
        ticketName: listed.ticketName,
        // The list leaves order references out: a name, a type and the seats are enough at the door.
        orderReference: '',
        orderSeats: listed.orderSeats,
      }
    : // Signed by us but sold after the list was downloaded: genuine, only its name is not here yet.
      {
        code,
        attendeeName: 'Bought after the list was downloaded',
        ticketTypeId: type.ticketTypeId,
        ticketName: type.ticketName,
        orderReference: '',
        orderSeats: 1,
      };

  if (list.revoked.includes(parsed.ticketId) || listed?.status === 'cancelled')
    return {
      outcome: {
        result: 'cancelled',
        ticket,
        message: 'This ticket was cancelled or refunded. Do not admit.',
      },
      admit: null,
    };
  if (listed?.status === 'test_mode')
    return {
      outcome: {
        result: 'test_mode',
        ticket,
        message: 'Test-mode ticket — not valid for entry. Do not admit.',
      },
      admit: null,
    };
  if (list.allowedTicketTypeIds && !list.allowedTicketTypeIds.includes(type.ticketTypeId))
    return {
      outcome: {
        result: 'wrong_event',
        ticket,
        message: `${type.ticketName} tickets do not enter at this gate.`,
      },
      admit: null,
    };
  if (listed?.checkedInAt)
    return {
      outcome: {
        result: 'already_checked_in',
        ticket,
        checkedInAt: listed.checkedInAt,
        ...(listed.checkedInBy ? { checkedInBy: listed.checkedInBy } : {}),
        message: 'Already checked in.',
      },
      admit: null,
    };
  const earlier = queued.find((q) => q.ticketId === parsed.ticketId);
  if (earlier)
    return {
      outcome: {
        result: 'already_checked_in',
        ticket,
        checkedInAt: earlier.scannedAt,
        checkedInBy: THIS_DEVICE,
        message: 'Already checked in on this device.',
      },
      admit: null,
    };
  return {
    outcome: { result: 'checked_in', ticket, message: 'Valid ticket. Checked in offline; it will sync.' },
    admit: { ticketId: parsed.ticketId, ticketTypeId: type.ticketTypeId },
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
