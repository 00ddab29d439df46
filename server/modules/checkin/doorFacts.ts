import type { DoorFacts, KnownTicket, PreviousCheckin } from '../../../contract/doorVerdict';
import { checkRotatingCode } from '../../../contract/rotatingCode';
import type { ticketCheckins } from '../../db/schema';
import type { CheckinDeps, Scanner } from './deps';
import { cancelReasonOf, type DoorTicket, type Presented, refusedAsTestMode, scanTicketOf } from './tickets';

/**
 * What the server knows about a scanned code, in the words of the shared door verdict
 * (contract/doorVerdict.ts). Whether the ticket is already checked in is left out here: only the
 * record step can learn that atomically, and it judges again with what it found (`withCheckin`).
 */
export function serverDoorFacts(
  deps: CheckinDeps,
  scan: {
    eventId: string;
    code: string;
    origin: 'online' | 'offline';
    scanner: Scanner;
    /** The date the door admits (decision 046); null: no date chosen, any ticket's date is fine. */
    eventDateId?: string | null;
  },
  presented: Presented & { rotatingProblem?: RotatingCheckProblem | null },
): DoorFacts {
  const { ticket, byReference } = presented;
  return {
    // A code found among the issued tickets is one we signed; any other is checked against our key.
    // A typed short reference is looked up, not decoded: one not found here is unknown, not forged.
    // A live code is well formed here; its own check (`rotatingProblem`) is judged by the verdict.
    signed:
      ticket !== null ||
      byReference ||
      presented.kind === 'rotating' ||
      deps.signer.verify(scan.code) !== null,
    found: !ticket
      ? 'nothing'
      : ticket.eventId !== scan.eventId
        ? 'other_event'
        : { ticket: knownTicket(deps, ticket, scan.scanner, scan.eventDateId ?? null) },
    gate: scan.scanner.gate,
    scan: scan.origin === 'online' ? 'online' : 'upload',
    presented: presented.kind,
    rotatingProblem: presented.rotatingProblem ?? null,
    rotatingRequired: ticket?.rotatingRequired ?? false,
  };
}

type RotatingCheckProblem = NonNullable<DoorFacts['rotatingProblem']>;

/**
 * A live code's check at the time of the scan (an upload's: when the device scanned it, never later
 * than now): the same function the door device runs (contract/rotatingCode.ts).
 */
export async function rotatingProblemOf(
  presented: Presented,
  scannedAt: Date,
): Promise<RotatingCheckProblem | null> {
  if (!presented.rotating || !presented.ticket) return null;
  const at = Math.min(scannedAt.getTime(), Date.now());
  const check = await checkRotatingCode(presented.rotating, presented.ticket.deviceKey, at);
  return check.ok ? null : check.problem;
}

function knownTicket(
  deps: CheckinDeps,
  ticket: DoorTicket,
  scanner: Scanner,
  doorDate: string | null,
): KnownTicket {
  const allowed = scanner.ticketTypeIds;
  return {
    shown: scanTicketOf(ticket),
    cancelled: ticket.cancelled ? { reason: cancelReasonOf(ticket) } : null,
    testModeAtProductionDoor: refusedAsTestMode(ticket, deps.config.isProduction),
    typeAdmittedHere: !allowed || allowed.includes(ticket.ticketTypeId),
    checkedIn: null,
    otherDate: doorDate && ticket.eventDateId && ticket.eventDateId !== doorDate ? ticket.dateName : null,
  };
}

/** The same facts, with the check-in the record step found in place. */
export function withCheckin(facts: DoorFacts, checkedIn: PreviousCheckin | null): DoorFacts {
  if (typeof facts.found !== 'object') return facts;
  return { ...facts, found: { ticket: { ...facts.found.ticket, checkedIn } } };
}

type CheckinRow = typeof ticketCheckins.$inferSelect;

/**
 * A recorded check-in as the verdict reads it. `scannedAt` is the scan being judged; without it (a
 * replayed scan, whose answer was decided the first time) the check-in never counts as later.
 */
export function previousCheckinOf(holder: CheckinRow | undefined, scannedAt: Date | null): PreviousCheckin {
  return {
    at: holder ? holder.scannedAt.toISOString() : null,
    by: holder ? { gate: holder.gate, device: holder.device } : null,
    byThisDevice: false,
    laterThanThisScan: Boolean(holder && scannedAt && holder.scannedAt.getTime() > scannedAt.getTime()),
  };
}
