import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/query';
import { checkinScans, issuedTickets, ticketCheckins } from '../../db/schema';

/**
 * The writes of an admission, each one statement inside the scan's transaction. The primary key of
 * `ticket_checkins` lets exactly one of any number of simultaneous scans in; a scan that finds the
 * ticket taken reads the check-in in place under its row lock, so what it is judged against cannot
 * change (nor be undone) before it commits.
 */

export type CheckinRow = typeof ticketCheckins.$inferSelect;

/** The scan being recorded: its nonce, when it happened, and the gate and device that made it. */
export type ScanRecord = {
  nonce: string;
  eventId: string;
  ticketId: string;
  scannedAt: Date;
  gate: string | null;
  device: string | null;
  deviceId: string | null;
  linkId: string | null;
  userId: string | null;
};

const whoOf = (s: ScanRecord) => ({
  gate: s.gate,
  device: s.device,
  deviceId: s.deviceId,
  linkId: s.linkId,
  userId: s.userId,
});

/** Logs the scan under its nonce; false when that nonce was seen before (an upload retried). */
export async function claimNonce(tx: Tx, s: ScanRecord): Promise<boolean> {
  const fresh = await tx
    .insert(checkinScans)
    .values({
      nonce: s.nonce,
      eventId: s.eventId,
      ticketId: s.ticketId,
      scannedAt: s.scannedAt,
      result: 'checked_in',
      ...whoOf(s),
    })
    .onConflictDoNothing()
    .returning({ nonce: checkinScans.nonce });
  return fresh.length > 0;
}

/** Checks the ticket in when nobody has; false when it is taken. */
export async function claimTicket(tx: Tx, s: ScanRecord): Promise<boolean> {
  const won = await tx
    .insert(ticketCheckins)
    .values({ ticketId: s.ticketId, eventId: s.eventId, scannedAt: s.scannedAt, nonce: s.nonce, ...whoOf(s) })
    .onConflictDoNothing()
    .returning({ ticketId: ticketCheckins.ticketId });
  if (won.length === 0) return false;
  await markTicket(tx, s);
  return true;
}

/** The check-in in place, locked until the transaction ends (undefined: undone meanwhile). */
export async function lockedCheckin(tx: Tx, ticketId: string): Promise<CheckinRow | undefined> {
  const [holder] = await tx
    .select()
    .from(ticketCheckins)
    .where(eq(ticketCheckins.ticketId, ticketId))
    .for('update')
    .limit(1);
  return holder;
}

export async function currentCheckin(tx: Tx, ticketId: string): Promise<CheckinRow | undefined> {
  const [holder] = await tx
    .select()
    .from(ticketCheckins)
    .where(eq(ticketCheckins.ticketId, ticketId))
    .limit(1);
  return holder;
}

/** An earlier scan takes the locked check-in's place; the scan it displaces is marked as lost to it. */
export async function takeOver(tx: Tx, s: ScanRecord, holder: CheckinRow): Promise<void> {
  await tx
    .update(ticketCheckins)
    .set({ scannedAt: s.scannedAt, nonce: s.nonce, ...whoOf(s) })
    .where(and(eq(ticketCheckins.ticketId, s.ticketId), eq(ticketCheckins.nonce, holder.nonce)));
  await tx
    .update(checkinScans)
    .set({ result: 'already_checked_in', lostTo: s.nonce })
    .where(eq(checkinScans.nonce, holder.nonce));
  await markTicket(tx, s);
}

/** This scan did not get the ticket in; `lostTo` names the scan that did, for a conflict report. */
export async function markLost(tx: Tx, nonce: string, lostTo: string | null): Promise<void> {
  await tx
    .update(checkinScans)
    .set({ result: 'already_checked_in', lostTo })
    .where(eq(checkinScans.nonce, nonce));
}

/** What a nonce's scan was recorded as, the first time. */
export async function scanOfNonce(tx: Tx, nonce: string) {
  const [scan] = await tx
    .select({ result: checkinScans.result, ticketId: checkinScans.ticketId })
    .from(checkinScans)
    .where(eq(checkinScans.nonce, nonce))
    .limit(1);
  return scan;
}

const markTicket = (tx: Tx, s: ScanRecord) =>
  tx.update(issuedTickets).set({ checkedInAt: s.scannedAt }).where(eq(issuedTickets.id, s.ticketId));
