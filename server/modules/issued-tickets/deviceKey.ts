import { eq, sql } from 'drizzle-orm';
import type { DeviceKeyResponse, TicketCheckResponse } from '../../../contract/liveCodes';
import { compressPublicKey } from '../../../contract/rotatingCode';
import { ticketChangeRefusal } from '../../../contract/ticketChanges';
import { queryRows, type Tx } from '../../db/query';
import { events, issuedTickets, orders, ticketTypes, users } from '../../db/schema';
import { HttpError } from '../../http/errors';
import { mayManage } from '../access/eventAccess';
import type { CheckoutDeps } from '../orders/deps';
import { MESSAGES } from '../orders/messages';
import { wasHandedOver } from './handedOver';

/**
 * A ticket's phone key (decision 058): the holder's phone binds its public key the first time it opens
 * the ticket, and the door checks the ticket's rotating codes with it. One phone at a time: a second
 * key is refused until the holder moves the ticket on purpose (`move`), which replaces the old key, so
 * the old phone's codes stop admitting. Transfers and name changes reissue the ticket as a new row
 * (issued-tickets/changes.ts), which starts with no key: the new holder's phone binds it.
 */

export const DEVICE_KEY_MESSAGES = {
  bound: 'This phone now shows the live code for this ticket.',
  same: 'This phone already shows the live code for this ticket.',
  moved: 'The ticket moved to this phone. The codes on the other phone no longer work.',
  otherPhone:
    'This ticket shows its live code on another phone. Move it to this phone from your account to use it here.',
  notHolder: "Only the ticket's holder can show its live code on their phone.",
  badKey: 'This phone sent a key that is not a P-256 public key.',
  notLive: 'This ticket no longer admits anyone: it was cancelled, refunded or replaced.',
} as const;

async function holds(tx: Tx, userId: string, row: { buyerUserId: string | null; ticket: Row }) {
  // The buyer until the seat is handed over (decision 053), or the attendee's verified account.
  if (row.buyerUserId === userId && !(await wasHandedOver(tx, row.ticket))) return true;
  const [u] = await tx
    .select({ email: users.email, verified: users.emailVerifiedAt })
    .from(users)
    .where(eq(users.id, userId));
  return Boolean(u?.verified && u.email.toLowerCase() === row.ticket.attendeeEmail.toLowerCase());
}

type Row = typeof issuedTickets.$inferSelect;

export async function bindDeviceKey(
  deps: CheckoutDeps,
  userId: string,
  code: string,
  publicKey: string,
  mode: 'bind' | 'move',
): Promise<DeviceKeyResponse> {
  const compressed = compressPublicKey(publicKey);
  if (!compressed) throw new HttpError(400, DEVICE_KEY_MESSAGES.badKey);
  if (!deps.signer.verify(code)) throw new HttpError(404, MESSAGES.ticketNotFound);
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        ticket: issuedTickets,
        buyerUserId: orders.buyerUserId,
        orderStatus: orders.status,
        event: events,
      })
      .from(issuedTickets)
      .innerJoin(orders, eq(orders.id, issuedTickets.orderId))
      .innerJoin(events, eq(events.id, issuedTickets.eventId))
      .where(eq(issuedTickets.code, code))
      .for('update', { of: issuedTickets });
    if (!row) throw new HttpError(404, MESSAGES.ticketNotFound);
    if (!(await holds(tx, userId, row))) {
      // Whoever may read the ticket (its organiser's team) learns why; anyone else, that it is not known.
      if (await mayManage(tx, row.event, userId)) throw new HttpError(403, DEVICE_KEY_MESSAGES.notHolder);
      throw new HttpError(404, MESSAGES.ticketNotFound);
    }
    if (row.ticket.revokedAt || row.orderStatus !== 'paid')
      throw new HttpError(409, DEVICE_KEY_MESSAGES.notLive);
    const current = row.ticket.deviceKey;
    if (current === compressed) return { deviceKey: compressed, message: DEVICE_KEY_MESSAGES.same };
    if (current && mode === 'bind') throw new HttpError(409, DEVICE_KEY_MESSAGES.otherPhone);
    await tx
      .update(issuedTickets)
      .set({ deviceKey: compressed, deviceKeyAt: new Date() })
      .where(eq(issuedTickets.id, row.ticket.id));
    return {
      deviceKey: compressed,
      message: current ? DEVICE_KEY_MESSAGES.moved : DEVICE_KEY_MESSAGES.bound,
    };
  });
}

export const CHECK_GONE =
  'This check link does not work. Ask the seller for the ticket’s current check link.';

/**
 * POST /api/tickets/check: the ticket a check link names, as a would-be buyer may see it. A replaced
 * ticket's link still answers (not valid): the buyer learns the seller's copy no longer admits.
 */
export async function checkTicket(deps: CheckoutDeps, token: string): Promise<TicketCheckResponse> {
  const [row] = await deps.db
    .select({
      ticket: issuedTickets,
      orderStatus: orders.status,
      event: events,
      ticketName: ticketTypes.ticketName,
    })
    .from(issuedTickets)
    .innerJoin(orders, eq(orders.id, issuedTickets.orderId))
    .innerJoin(events, eq(events.id, issuedTickets.eventId))
    .innerJoin(ticketTypes, eq(ticketTypes.id, issuedTickets.ticketTypeId))
    .where(eq(issuedTickets.checkToken, token))
    .limit(1);
  if (!row) throw new HttpError(404, CHECK_GONE);
  const valid = row.ticket.revokedAt === null && row.orderStatus === 'paid';
  const checkedIn = await scannedAtDoor(deps, row.ticket.id, row.ticket.checkedInAt);
  return {
    eventName: row.event.eventName,
    startDate: row.event.startDate,
    startTime: row.event.startTime.slice(0, 5),
    ticketName: row.ticketName,
    valid,
    unused: !checkedIn,
    transferRefusal: ticketChangeRefusal('transfer', {
      event: row.event,
      transfersEnabled: row.event.transfersEnabled,
      closeHours: row.event.ticketChangesCloseHours,
      checkedIn,
      revoked: !valid,
    }),
    liveCode: row.ticket.deviceKey !== null,
    liveRequired: row.event.rotatingCodes === 'required',
    generatedAt: new Date().toISOString(),
  };
}

/** Scanned, by the ticket's own mark or by the door's check-in record. */
async function scannedAtDoor(deps: CheckoutDeps, ticketId: string, checkedInAt: Date | null) {
  if (checkedInAt) return true;
  const rows = await queryRows(
    deps.db,
    sql`select 1 from ticket_checkins where ticket_id = ${ticketId} limit 1`,
  );
  return rows.length > 0;
}
