import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { CheckinConflict, CheckinResult, ScanOrigin, ScanTicket } from '../../../contract/checkin';
import { checkinScans, issuedTickets, ticketCheckins } from '../../db/schema';
import { HttpError } from '../../http/errors';
import { rowsOf } from './counts';
import type { CheckinDeps, Scanner } from './deps';
import {
  cancelledMessage,
  type DoorTicket,
  refusedAsTestMode,
  scanTicketOf,
  TEST_MODE_MESSAGE,
  ticketByCode,
} from './tickets';

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
};

export type Recorded = {
  result: CheckinResult;
  ticket?: ScanTicket;
  checkedInAt?: string;
  checkedInBy?: ScanOrigin;
  message: string;
};

const MESSAGES = {
  checkedIn: 'Valid ticket. Checked in.',
  earlierWins: 'Checked in: this scan was earlier than the one made on another device.',
  already: 'Already checked in.',
  forged: 'Not a Gatepass ticket: the code is forged or damaged. Do not admit.',
  unknown: 'This ticket is not known here. Do not admit.',
  wrongEvent: 'This ticket is for another event.',
  notCheckedIn: 'This ticket is not checked in.',
  noSuchTicket: 'No ticket with this code at this event.',
  notYourCheckin: 'Only the organiser or the gate that checked this ticket in can undo it.',
} as const;

type Tx = Parameters<Parameters<CheckinDeps['db']['transaction']>[0]>[0];

/**
 * Records one scan. Codes that do not admit anyone (unknown, forged, another event, cancelled, the
 * wrong gate) change nothing. A valid one is admitted by inserting its row in `ticket_checkins`,
 * whose primary key lets exactly one of any number of simultaneous scans in. An offline scan that
 * finds the ticket already taken replaces the holder only when it happened earlier (one conditional
 * UPDATE under the row's lock): first scan by time wins, and the displaced scan is marked as lost.
 */
export async function recordScan(deps: CheckinDeps, input: ScanInput): Promise<Recorded> {
  const ticket = await ticketByCode(deps.db, input.code);
  if (!ticket)
    return {
      result: 'unknown',
      message: deps.signer.verify(input.code) ? MESSAGES.unknown : MESSAGES.forged,
    };
  // Nothing about another event's ticket (not even the name) reaches this event's door.
  if (ticket.eventId !== input.eventId) return { result: 'wrong_event', message: MESSAGES.wrongEvent };
  const shown = scanTicketOf(ticket);
  if (ticket.cancelled) return { result: 'cancelled', ticket: shown, message: cancelledMessage(ticket) };
  if (refusedAsTestMode(ticket, deps.config.isProduction))
    return { result: 'test_mode', ticket: shown, message: TEST_MODE_MESSAGE };
  const allowed = input.scanner.ticketTypeIds;
  if (allowed && !allowed.includes(ticket.ticketTypeId))
    return {
      result: 'wrong_event',
      ticket: shown,
      message: `${ticket.ticketName} tickets do not enter at ${input.scanner.gate ?? 'this gate'}.`,
    };
  // A device clock running ahead must not make its scans look later than they were, nor in the future.
  const scannedAt = new Date(Math.min(input.scannedAt.getTime(), Date.now()));
  return deps.db.transaction((tx) => admit(tx, ticket, { ...input, scannedAt }));
}

async function admit(tx: Tx, ticket: DoorTicket, input: ScanInput): Promise<Recorded> {
  const shown = scanTicketOf(ticket);
  const who = {
    gate: input.scanner.gate,
    device: input.device,
    deviceId: input.deviceId,
    linkId: input.scanner.linkId,
    userId: input.scanner.userId,
  };
  const fresh = await tx
    .insert(checkinScans)
    .values({
      nonce: input.nonce,
      eventId: input.eventId,
      ticketId: ticket.id,
      scannedAt: input.scannedAt,
      result: 'checked_in',
      ...who,
    })
    .onConflictDoNothing()
    .returning({ nonce: checkinScans.nonce });
  if (fresh.length === 0) return replay(tx, ticket, input.nonce);

  const won = await tx
    .insert(ticketCheckins)
    .values({
      ticketId: ticket.id,
      eventId: input.eventId,
      scannedAt: input.scannedAt,
      nonce: input.nonce,
      ...who,
    })
    .onConflictDoNothing()
    .returning({ ticketId: ticketCheckins.ticketId });
  if (won.length > 0) {
    await tx
      .update(issuedTickets)
      .set({ checkedInAt: input.scannedAt })
      .where(eq(issuedTickets.id, ticket.id));
    return {
      result: 'checked_in',
      ticket: shown,
      checkedInAt: input.scannedAt.toISOString(),
      message: MESSAGES.checkedIn,
    };
  }

  if (input.origin === 'offline') {
    const at = input.scannedAt.toISOString();
    const displaced = rowsOf<{ nonce: string }>(
      await tx.execute(sql`
        with old as (
          select ticket_id, nonce, scanned_at from ticket_checkins where ticket_id = ${ticket.id} for update
        )
        update ticket_checkins tc
        set scanned_at = ${at}::timestamptz, nonce = ${input.nonce}, gate = ${who.gate}, device = ${who.device},
            device_id = ${who.deviceId}, link_id = ${who.linkId}, user_id = ${who.userId}
        from old
        where tc.ticket_id = old.ticket_id and old.scanned_at > ${at}::timestamptz
        returning old.nonce`),
    );
    const loser = displaced[0]?.nonce;
    if (loser) {
      await tx
        .update(checkinScans)
        .set({ result: 'already_checked_in', lostTo: input.nonce })
        .where(eq(checkinScans.nonce, loser));
      await tx
        .update(issuedTickets)
        .set({ checkedInAt: input.scannedAt })
        .where(eq(issuedTickets.id, ticket.id));
      return { result: 'checked_in', ticket: shown, checkedInAt: at, message: MESSAGES.earlierWins };
    }
  }

  const [holder] = await tx
    .select()
    .from(ticketCheckins)
    .where(eq(ticketCheckins.ticketId, ticket.id))
    .limit(1);
  // An online scan that finds the ticket taken is simply 'already checked in', shown on the spot; an
  // offline one was admitted on its device, so losing is a conflict both devices are told about.
  await tx
    .update(checkinScans)
    .set({
      result: 'already_checked_in',
      lostTo: input.origin === 'offline' ? (holder?.nonce ?? null) : null,
    })
    .where(eq(checkinScans.nonce, input.nonce));
  return {
    result: 'already_checked_in',
    ticket: shown,
    ...(holder
      ? {
          checkedInAt: holder.scannedAt.toISOString(),
          checkedInBy: { gate: holder.gate, device: holder.device },
        }
      : {}),
    message: MESSAGES.already,
  };
}

/** The same nonce again (an upload retried after its answer was lost): the first answer, unchanged. */
async function replay(tx: Tx, ticket: DoorTicket, nonce: string): Promise<Recorded> {
  const [scan] = await tx
    .select({ result: checkinScans.result, ticketId: checkinScans.ticketId })
    .from(checkinScans)
    .where(eq(checkinScans.nonce, nonce))
    .limit(1);
  if (!scan || scan.ticketId !== ticket.id)
    throw new HttpError(409, 'This scan id was already used for another ticket.');
  const [holder] = await tx
    .select()
    .from(ticketCheckins)
    .where(eq(ticketCheckins.ticketId, ticket.id))
    .limit(1);
  const shown = scanTicketOf(ticket);
  const result: CheckinResult = scan.result === 'checked_in' ? 'checked_in' : 'already_checked_in';
  return {
    result,
    ticket: shown,
    ...(holder
      ? {
          checkedInAt: holder.scannedAt.toISOString(),
          checkedInBy: { gate: holder.gate, device: holder.device },
        }
      : {}),
    message: result === 'checked_in' ? MESSAGES.checkedIn : MESSAGES.already,
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
  const ticket = await ticketByCode(deps.db, code);
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
  const rows = rowsOf<{
    code: string;
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
    await deps.db.execute(sql`
      select it.code, it.attendee_first_name || ' ' || it.attendee_last_name as attendee_name, tt.ticket_name,
             l.gate as l_gate, l.device as l_device, l.scanned_at as l_at, l.nonce as l_nonce,
             w.gate as w_gate, w.device as w_device, w.scanned_at as w_at, w.nonce as w_nonce
      from checkin_scans l
      join checkin_scans w on w.nonce = l.lost_to
      join issued_tickets it on it.id = l.ticket_id
      join ticket_types tt on tt.id = it.ticket_type_id
      where l.event_id = ${eventId} and (l.device_id = ${deviceId} or w.device_id = ${deviceId})
      order by l.scanned_at desc
      limit 100`),
  );
  const iso = (v: string | Date) => new Date(v).toISOString();
  return rows.map((r) => ({
    code: r.code,
    attendeeName: r.attendee_name,
    ticketName: r.ticket_name,
    winner: { gate: r.w_gate, device: r.w_device, scannedAt: iso(r.w_at), nonce: r.w_nonce },
    loser: { gate: r.l_gate, device: r.l_device, scannedAt: iso(r.l_at), nonce: r.l_nonce },
  }));
}
