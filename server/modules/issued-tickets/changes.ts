import { randomUUID } from 'node:crypto';
import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { AttendeeUpdateRequest } from '../../../contract/orders';
import {
  type NameCorrectionRequest,
  type TicketChangeKind,
  type TransferRequest,
  ticketChangeRefusal,
} from '../../../contract/ticketChanges';
import { readTicketReference } from '../../../contract/ticketReference';
import type { Tx } from '../../db/query';
import { events, issuedTickets, orders, ticketChanges, users } from '../../db/schema';
import { HttpError } from '../../http/errors';
import { findOrder, type IssuedTicketRow } from '../orders/data';
import type { CheckoutDeps } from '../orders/deps';
import { MESSAGES } from '../orders/messages';
import { sendTicketEmails } from './email';
import { wasHandedOver } from './handedOver';
import { sendTransferNotice } from './transferNotice';

/**
 * A ticket changing hands or names (issue #23, decision 040). Every change is a reissue: the old row
 * is revoked (its code and its link stop working at once, at the door online and in the offline
 * scanner after its next sync), a new row takes the seat with a new code and link, and the change
 * is recorded in ticket_changes for the guest list.
 */

type Holder = { firstName: string; lastName: string; email: string };
const fullName = (h: { firstName: string; lastName: string }) => `${h.firstName} ${h.lastName}`.trim();

/** Revokes `old` and issues its seat to `holder`; returns the new ticket's id. Inside the caller's transaction. */
async function reissue(
  tx: Tx,
  deps: CheckoutDeps,
  old: IssuedTicketRow,
  holder: Holder,
  kind: TicketChangeKind,
  byUserId: string | null,
): Promise<string> {
  await tx
    .update(issuedTickets)
    .set({ revokedAt: new Date(), revokeReason: 'reissued' })
    .where(eq(issuedTickets.id, old.id));
  const id = randomUUID();
  await tx.insert(issuedTickets).values({
    id,
    orderId: old.orderId,
    eventId: old.eventId,
    ticketTypeId: old.ticketTypeId,
    seat: old.seat,
    // A table's guest stays at their table (decision 067): the table's count is unchanged.
    tableNumber: old.tableNumber,
    tableSeat: old.tableSeat,
    tableSize: old.tableSize,
    tableOneCode: old.tableOneCode,
    code: deps.signer.sign({ id, eventId: old.eventId, ticketTypeId: old.ticketTypeId }),
    attendeeFirstName: holder.firstName,
    attendeeLastName: holder.lastName,
    attendeeEmail: holder.email,
    // The same person keeps their admission; a transfer is only allowed before any scan.
    checkedInAt: old.checkedInAt,
  });
  // The admission goes with the seat: a renamed ticket that was scanned stays scanned at the door
  // (ticket_checkins is what the door checks; counts read live tickets only, so nothing doubles).
  if (old.checkedInAt)
    await tx.execute(sql`
      insert into ticket_checkins (ticket_id, event_id, scanned_at, nonce, gate, device, device_id, link_id, user_id)
      select ${id}, event_id, scanned_at, nonce, gate, device, device_id, link_id, user_id
      from ticket_checkins where ticket_id = ${old.id}`);
  await tx.insert(ticketChanges).values({
    eventId: old.eventId,
    orderId: old.orderId,
    ticketTypeId: old.ticketTypeId,
    seat: old.seat,
    oldTicketId: old.id,
    newTicketId: id,
    kind,
    fromName: fullName({ firstName: old.attendeeFirstName, lastName: old.attendeeLastName }),
    fromEmail: old.attendeeEmail,
    toName: fullName(holder),
    toEmail: holder.email,
    byUserId,
  });
  return id;
}

/** A live ticket by a column, locked, with what the change rules need. */
async function lockLive(tx: Tx, where: SQL | undefined) {
  const [row] = await tx
    .select({
      ticket: issuedTickets,
      orderStatus: orders.status,
      buyerUserId: orders.buyerUserId,
      event: {
        startDate: events.startDate,
        startTime: events.startTime,
        transfersEnabled: events.transfersEnabled,
        closeHours: events.ticketChangesCloseHours,
      },
    })
    .from(issuedTickets)
    .innerJoin(orders, eq(orders.id, issuedTickets.orderId))
    .innerJoin(events, eq(events.id, issuedTickets.eventId))
    .where(and(where, isNull(issuedTickets.revokedAt)))
    .for('update', { of: issuedTickets });
  if (row?.orderStatus !== 'paid') return null;
  return row;
}
type Locked = NonNullable<Awaited<ReturnType<typeof lockLive>>>;

function refusal(kind: 'transfer' | 'name', row: Locked): string | null {
  return ticketChangeRefusal(kind, {
    event: row.event,
    transfersEnabled: row.event.transfersEnabled,
    closeHours: row.event.closeHours,
    checkedIn: row.ticket.checkedInAt !== null,
    revoked: false,
  });
}

async function verifiedUser(tx: Tx, userId: string) {
  const [u] = await tx
    .select({
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      verified: users.emailVerifiedAt,
    })
    .from(users)
    .where(eq(users.id, userId));
  return u?.verified ? u : null;
}

/** The buyer (until the seat is handed over), or the attendee it was sent to (a verified account of that address), holds the ticket. */
async function assertHolder(tx: Tx, userId: string, row: Locked) {
  // A buyer who sent the seat on holds it no longer (decision 053).
  if (row.buyerUserId === userId && !(await wasHandedOver(tx, row.ticket))) return;
  const user = await verifiedUser(tx, userId);
  if (user && user.email.toLowerCase() === row.ticket.attendeeEmail.toLowerCase()) return;
  // Not confirmable to anyone else, like an unknown code.
  throw new HttpError(404, MESSAGES.ticketNotFound);
}

async function liveByCode(tx: Tx, deps: CheckoutDeps, code: string): Promise<Locked> {
  if (!deps.signer.verify(code)) throw new HttpError(404, MESSAGES.ticketNotFound);
  const row = await lockLive(tx, eq(issuedTickets.code, code));
  if (!row) throw new HttpError(404, MESSAGES.ticketNotFound);
  return row;
}

/**
 * POST /api/tickets/code/:code/transfer: the holder sends the ticket to someone else. The new holder
 * is mailed the new ticket; the previous holder and the buyer are told (their record of it).
 */
export async function transferTicket(deps: CheckoutDeps, userId: string, code: string, to: TransferRequest) {
  const done = await deps.db.transaction(async (tx) => {
    const row = await liveByCode(tx, deps, code);
    await assertHolder(tx, userId, row);
    const refused = refusal('transfer', row);
    if (refused) throw new HttpError(409, refused);
    if (to.email.toLowerCase() === row.ticket.attendeeEmail.toLowerCase())
      throw new HttpError(
        400,
        'This ticket is already held by that email address. To change the name, correct it instead.',
      );
    const newId = await reissue(tx, deps, row.ticket, to, 'transfer', userId);
    return { newId, old: row.ticket };
  });
  await sendTicketEmails(deps, done.old.orderId, [done.newId]);
  await sendTransferNotice(deps, done.old, to);
  return { message: `Ticket sent to ${fullName(to)} (${to.email}). Your copy no longer works.` };
}

/** POST /api/tickets/code/:code/name: the holder corrects the name on the ticket (a new code, same address). */
export async function correctTicketName(
  deps: CheckoutDeps,
  userId: string,
  code: string,
  name: NameCorrectionRequest,
): Promise<string> {
  // A renamed ticket stays in its order: the id the email needs is the one the row already has.
  const { newId, orderId } = await deps.db.transaction(async (tx) => {
    const row = await liveByCode(tx, deps, code);
    await assertHolder(tx, userId, row);
    const refused = refusal('name', row);
    if (refused) throw new HttpError(409, refused);
    const holder = { ...name, email: row.ticket.attendeeEmail };
    return {
      newId: await reissue(tx, deps, row.ticket, holder, 'name', userId),
      orderId: row.ticket.orderId,
    };
  });
  await sendTicketEmails(deps, orderId, [newId]);
  return newId;
}

export const LINK_GONE =
  'This ticket link no longer works: the ticket was transferred, renamed or cancelled. Ask the person who sent it for a new link.';

/**
 * POST /api/tickets/shared/claim: someone signed in who opened a ticket's link takes it into their
 * own account. Whoever has the link can already show the ticket at the door, so this gives no more
 * than the link did; it is a transfer to them, under the same rules (transfers on, not scanned, before
 * the cut-off), and the link they used stops working.
 */
export async function claimSharedTicket(deps: CheckoutDeps, userId: string, token: string): Promise<string> {
  const result = await deps.db.transaction(async (tx) => {
    const row = await lockLive(tx, eq(issuedTickets.shareToken, token));
    if (!row) throw new HttpError(404, LINK_GONE);
    const user = await verifiedUser(tx, userId);
    if (!user)
      throw new HttpError(
        403,
        'Confirm your email address first (see the link we sent you), then claim the ticket.',
      );
    if (user.email.toLowerCase() === row.ticket.attendeeEmail.toLowerCase())
      return { newId: row.ticket.id, old: null };
    const refused = refusal('transfer', row);
    if (refused) throw new HttpError(409, refused);
    const holder = { firstName: user.firstName, lastName: user.lastName, email: user.email };
    return { newId: await reissue(tx, deps, row.ticket, holder, 'claim', userId), old: row.ticket, holder };
  });
  if (result.old && result.holder) {
    await sendTicketEmails(deps, result.old.orderId, [result.newId]);
    await sendTransferNotice(deps, result.old, result.holder);
  }
  return result.newId;
}

/**
 * The organiser edits an attendee (PATCH /api/orders/:id/tickets/:code): a reissue like the others,
 * recorded as the organiser's, with no cut-off (the organiser may fix a name at the door).
 */
export async function reissueTicket(
  deps: CheckoutDeps,
  orderId: string,
  code: string,
  body: AttendeeUpdateRequest,
  byUserId: string,
) {
  const newId = await deps.db.transaction(async (tx) => {
    const order = await findOrder(tx, orderId, true);
    if (!order) throw new HttpError(404, MESSAGES.orderNotFound);
    if (order.status !== 'paid') throw new HttpError(409, 'Only the tickets of a paid order can be changed.');
    // The team names a ticket by its reference (it never gets the code, decision 048); the buyer may use either.
    const reference = readTicketReference(code);
    const which = reference ? eq(issuedTickets.reference, reference) : eq(issuedTickets.code, code);
    const row = await lockLive(tx, and(eq(issuedTickets.orderId, orderId), which));
    if (!row) throw new HttpError(404, MESSAGES.ticketNotFound);
    return reissue(tx, deps, row.ticket, body, 'organiser', byUserId);
  });
  await sendTicketEmails(deps, orderId, [newId]);
}
