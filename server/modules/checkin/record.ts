import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { CheckinConflict } from '../../../contract/checkin';
import { type DoorFacts, type DoorVerdict, doorVerdict } from '../../../contract/doorVerdict';
import { tableFullMessage } from '../../../contract/tables';
import { queryRows, type Tx } from '../../db/query';
import { checkinScans, issuedTickets, ticketCheckins } from '../../db/schema';
import { HttpError } from '../../http/errors';
import {
  claimNonce,
  claimTicket,
  currentCheckin,
  lockedCheckin,
  markLost,
  type ScanRecord,
  scanOfNonce,
  takeOver,
} from './claim';
import type { CheckinDeps, Scanner } from './deps';
import { previousCheckinOf, rotatingProblemOf, serverDoorFacts, withCheckin } from './doorFacts';
import { tableGuestToAdmit, withTableCount } from './tables';
import { type DoorTicket, ticketPresented } from './tickets';

export type ScanInput = {
  eventId: string;
  code: string;
  /** Made by the device for offline scans; by us for online ones. */
  nonce: string;
  scannedAt: Date;
  /** Offline scans happened in the past and may be earlier than one already recorded. */
  origin: 'online' | 'offline';
  device: string | null;
  deviceId: string | null;
  scanner: Scanner;
  /** The date the door admits, for an event with several dates (decision 046). */
  eventDateId?: string | null;
};

export type Recorded = DoorVerdict;

const MESSAGES = {
  notCheckedIn: 'This ticket is not checked in.',
  noSuchTicket: 'No ticket with this code at this event.',
  notYourCheckin: 'Only the organiser or the gate that checked this ticket in can undo it.',
} as const;

/**
 * Records one scan: read the ticket the code names, judge it (the door verdict shared with the
 * offline scanner, contract/doorVerdict.ts), record the admission, answer. A code the verdict turns
 * away changes nothing.
 */
export async function recordScan(deps: CheckinDeps, input: ScanInput): Promise<Recorded> {
  const presented = await ticketPresented(deps.db, input.eventId, input.code);
  const { ticket } = presented;
  const rotatingProblem = await rotatingProblemOf(presented, input.scannedAt);
  const facts = serverDoorFacts(deps, input, { ...presented, rotatingProblem });
  const verdict = doorVerdict(facts);
  if (verdict.result !== 'checked_in' || !ticket) return withTableCount(deps.db, verdict, ticket);
  const recorded = await deps.db.transaction(async (tx) => {
    if (!ticket.table?.oneCode) return admit(tx, facts, scanRecordOf(input, ticket));
    // One code per table (decision 067): the code admits the table's next guest not yet in.
    const guest = await tableGuestToAdmit(tx, ticket, input.nonce);
    if (!guest)
      return {
        result: 'already_checked_in' as const,
        ticket: verdict.ticket,
        message: tableFullMessage({ ticketName: ticket.ticketName, ...ticket.table }),
      };
    return admit(tx, facts, scanRecordOf(input, { ...ticket, id: guest }));
  });
  return withTableCount(deps.db, recorded, ticket);
}

/**
 * Admits a ticket the verdict lets in, unless another scan got there first: then it is judged again
 * against the check-in in place (already checked in, or, for an offline scan made earlier, first
 * scan by time wins and this one takes the place, the displaced scan marked as lost).
 */
async function admit(tx: Tx, facts: DoorFacts, scan: ScanRecord): Promise<Recorded> {
  if (!(await claimNonce(tx, scan))) return replay(tx, facts, scan);
  if (await claimTicket(tx, scan))
    return { ...doorVerdict(facts), checkedInAt: scan.scannedAt.toISOString() };
  const holder = await lockedCheckin(tx, scan.ticketId);
  const verdict = doorVerdict(withCheckin(facts, previousCheckinOf(holder, scan.scannedAt)));
  if (verdict.result === 'checked_in' && holder) {
    await takeOver(tx, scan, holder);
    return { ...verdict, checkedInAt: scan.scannedAt.toISOString() };
  }
  // An online scan that finds the ticket taken is simply 'already checked in', shown on the spot; an
  // offline one was admitted on its device, so losing is a conflict both devices are told about.
  await markLost(tx, scan.nonce, facts.scan === 'upload' ? (holder?.nonce ?? null) : null);
  return verdict;
}

/** The same nonce again (an upload retried after its answer was lost): the first answer, unchanged. */
async function replay(tx: Tx, facts: DoorFacts, scan: ScanRecord): Promise<Recorded> {
  const first = await scanOfNonce(tx, scan.nonce);
  if (!first || first.ticketId !== scan.ticketId)
    throw new HttpError(409, 'This scan id was already used for another ticket.');
  const holder = await currentCheckin(tx, scan.ticketId);
  const previous = previousCheckinOf(holder, null);
  const verdict = doorVerdict(first.result === 'checked_in' ? facts : withCheckin(facts, previous));
  // Whichever the first answer was, it says who holds the ticket now.
  if (!holder) return verdict;
  return {
    ...verdict,
    checkedInAt: holder.scannedAt.toISOString(),
    checkedInBy: { gate: holder.gate, device: holder.device },
  };
}

function scanRecordOf(input: ScanInput, ticket: DoorTicket): ScanRecord {
  return {
    nonce: input.nonce,
    eventId: input.eventId,
    ticketId: ticket.id,
    // A device clock running ahead must not make its scans look later than they were, nor in the future.
    scannedAt: new Date(Math.min(input.scannedAt.getTime(), Date.now())),
    gate: input.scanner.gate,
    device: input.device,
    deviceId: input.deviceId,
    linkId: input.scanner.linkId,
    userId: input.scanner.userId,
  };
}

export const onlineScan = (
  deps: CheckinDeps,
  args: Omit<ScanInput, 'nonce' | 'scannedAt' | 'origin'>,
): Promise<Recorded> =>
  recordScan(deps, { ...args, nonce: randomUUID(), scannedAt: new Date(), origin: 'online' });

/**
 * Undoes a check-in: the organiser any, a link only its own. The delete is conditional on the
 * check-in it read still being the one in place (no read-then-write race with a sync).
 */
export async function undoCheckin(deps: CheckinDeps, eventId: string, code: string, scanner: Scanner) {
  const { ticket } = await ticketPresented(deps.db, eventId, code);
  if (!ticket || ticket.eventId !== eventId) throw new HttpError(404, MESSAGES.noSuchTicket);
  await deps.db.transaction(async (tx) => {
    const [holder] = await tx
      .select()
      .from(ticketCheckins)
      .where(eq(ticketCheckins.ticketId, ticket.id))
      .for('update')
      .limit(1);
    if (!holder) throw new HttpError(404, MESSAGES.notCheckedIn);
    if (scanner.kind === 'link' && holder.linkId !== scanner.linkId)
      throw new HttpError(403, MESSAGES.notYourCheckin);
    await tx
      .delete(ticketCheckins)
      .where(and(eq(ticketCheckins.ticketId, ticket.id), eq(ticketCheckins.nonce, holder.nonce)));
    await tx.update(issuedTickets).set({ checkedInAt: null }).where(eq(issuedTickets.id, ticket.id));
    await tx.update(checkinScans).set({ result: 'undone' }).where(eq(checkinScans.nonce, holder.nonce));
  });
  return { code: ticket.code, message: `Check-in of ${ticket.attendeeName} undone.` };
}

/** Every conflict this device took part in, as the scan that lost or the one that won. */
export async function conflictsFor(
  deps: CheckinDeps,
  eventId: string,
  deviceId: string,
): Promise<CheckinConflict[]> {
  const rows = await queryRows<{
    reference: string;
    attendee_name: string;
    ticket_name: string;
    l_gate: string | null;
    l_device: string | null;
    l_at: string | Date;
    l_nonce: string;
    w_gate: string | null;
    w_device: string | null;
    w_at: string | Date;
    w_nonce: string;
  }>(
    deps.db,
    sql`
      select it.reference, it.attendee_first_name || ' ' || it.attendee_last_name as attendee_name, tt.ticket_name,
             l.gate as l_gate, l.device as l_device, l.scanned_at as l_at, l.nonce as l_nonce,
             w.gate as w_gate, w.device as w_device, w.scanned_at as w_at, w.nonce as w_nonce
      from checkin_scans l
      join checkin_scans w on w.nonce = l.lost_to
      join issued_tickets it on it.id = l.ticket_id
      join ticket_types tt on tt.id = it.ticket_type_id
      where l.event_id = ${eventId} and (l.device_id = ${deviceId} or w.device_id = ${deviceId})
      order by l.scanned_at desc
      limit 100`,
  );
  const iso = (v: string | Date) => new Date(v).toISOString();
  // The ticket's printed reference, never its code: a code admits, and the door device that took
  // part in a conflict has no need of one (the list it scans from carries none, decision 049).
  return rows.map((r) => ({
    reference: r.reference,
    attendeeName: r.attendee_name,
    ticketName: r.ticket_name,
    winner: { gate: r.w_gate, device: r.w_device, scannedAt: iso(r.w_at), nonce: r.w_nonce },
    loser: { gate: r.l_gate, device: r.l_device, scannedAt: iso(r.l_at), nonce: r.l_nonce },
  }));
}
