import { and, desc, eq, isNotNull, isNull, not, or, sql } from 'drizzle-orm';
import { hasEnded } from '../../../contract/eventTime';
import type { HandedOverTicket, MyTicketsResponse, TicketView } from '../../../contract/orders';
import { changesCloseAt, ticketChangeRefusal } from '../../../contract/ticketChanges';
import type { Tx } from '../../db/query';
import { events, issuedTickets, orders, ticketTypes, users } from '../../db/schema';
import { HttpError } from '../../http/errors';
import { mayManage } from '../access/eventAccess';
import { ticketNameWithDate } from '../event-dates/data';
import type { CheckoutDeps } from '../orders/deps';
import { MESSAGES } from '../orders/messages';
import { eventSummary, wireTicket } from '../orders/present';
import { LINK_GONE } from './changes';
import { eventWhen, eventWhere, ticketFileName } from './email';
import { handedOver, wasHandedOver } from './handedOver';
import { ticketPdf } from './pdf';
import { qrDataUrl, qrSvg } from './qr';

const ticketColumns = {
  ticket: issuedTickets,
  ticketName: ticketNameWithDate,
  order: {
    id: orders.id,
    reference: orders.reference,
    testMode: orders.testMode,
    buyerUserId: orders.buyerUserId,
    status: orders.status,
  },
  event: events,
};

type TicketJoinRow = {
  ticket: typeof issuedTickets.$inferSelect;
  ticketName: string;
  order: { id: string; reference: string; testMode: boolean; buyerUserId: string | null; status: string };
  event: typeof events.$inferSelect;
};

function joined(db: Tx) {
  return db
    .select(ticketColumns)
    .from(issuedTickets)
    .innerJoin(ticketTypes, eq(ticketTypes.id, issuedTickets.ticketTypeId))
    .innerJoin(orders, eq(orders.id, issuedTickets.orderId))
    .innerJoin(events, eq(events.id, issuedTickets.eventId));
}

/** `mayBind`: the reader holds the ticket and may bind a phone to it (decision 058). */
async function toView(row: TicketJoinRow, mayBind = false): Promise<TicketView> {
  const facts = {
    event: row.event,
    transfersEnabled: row.event.transfersEnabled,
    closeHours: row.event.ticketChangesCloseHours,
    checkedIn: row.ticket.checkedInAt !== null,
    revoked: row.ticket.revokedAt !== null,
  };
  return {
    ...wireTicket(row.ticket, row.ticketName),
    orderId: row.order.id,
    orderReference: row.order.reference,
    testMode: row.order.testMode,
    event: eventSummary(row.event),
    qr: await qrDataUrl(row.ticket.code),
    past: hasEnded(row.event),
    transferRefusal: ticketChangeRefusal('transfer', facts),
    nameRefusal: ticketChangeRefusal('name', facts),
    changesCloseAt: changesCloseAt(facts).toISOString(),
    live: {
      issuedId: row.ticket.id,
      deviceKey: row.ticket.deviceKey,
      mayBind: mayBind && !facts.revoked && row.order.status === 'paid',
      required: row.event.rotatingCodes === 'required',
      checkToken: row.ticket.checkToken,
    },
  };
}

/**
 * The address whose tickets this user may see as an attendee: only once the account has proved it
 * owns it (a quick-checkout account has not yet: decision 038), else none.
 */
async function userEmail(db: Tx, userId: string): Promise<string> {
  const [u] = await db
    .select({ email: users.email, verified: users.emailVerifiedAt })
    .from(users)
    .where(eq(users.id, userId));
  return u?.verified ? u.email : '';
}

/** Whose it is by address: the attendee it was sent to (a verified account of that address). */
const sentTo = (email: string) => sql`lower(${issuedTickets.attendeeEmail}) = lower(${email})`;

/**
 * GET /api/tickets/mine: live tickets the user bought (and did not hand over) or that were sent to
 * their address, upcoming first; and the seats they bought that now belong to someone else, without
 * any code ("Sent to …").
 */
export async function myTickets(deps: CheckoutDeps, userId: string): Promise<MyTicketsResponse> {
  const email = await userEmail(deps.db, userId);
  const live = and(isNull(issuedTickets.revokedAt), eq(orders.status, 'paid'));
  const rows = await joined(deps.db)
    .where(and(live, or(and(eq(orders.buyerUserId, userId), not(handedOver)), sentTo(email))))
    .orderBy(events.startDate, events.startTime, issuedTickets.orderId, issuedTickets.seat)
    .limit(500);
  const gone = await joined(deps.db)
    .where(and(live, eq(orders.buyerUserId, userId), handedOver, not(sentTo(email))))
    .orderBy(events.startDate, events.startTime, issuedTickets.orderId, issuedTickets.seat)
    .limit(500);
  // Every ticket listed here is the reader's own (bought and kept, or sent to their address).
  const views = await Promise.all(rows.map((row) => toView(row, true)));
  return {
    upcoming: views.filter((v) => !v.past),
    past: views.filter((v) => v.past).reverse(),
    handedOver: gone.map(handedOverView),
    generatedAt: new Date().toISOString(),
  };
}

function handedOverView(row: TicketJoinRow): HandedOverTicket {
  return {
    id: row.ticket.id,
    ticketName: row.ticketName,
    toName: `${row.ticket.attendeeFirstName} ${row.ticket.attendeeLastName}`.trim(),
    event: eventSummary(row.event),
    past: hasEnded(row.event),
  };
}

/**
 * A ticket by its code, for whoever may see it: the buyer, the attendee it was sent to, or the
 * event's organiser. Anyone else gets the same 404 as an unknown code (codes are not confirmable).
 */
async function readableTicket(
  deps: CheckoutDeps,
  userId: string,
  code: string,
): Promise<TicketJoinRow & { holder: boolean }> {
  if (!deps.signer.verify(code)) throw new HttpError(404, MESSAGES.ticketNotFound);
  const [row] = await joined(deps.db).where(eq(issuedTickets.code, code)).limit(1);
  if (!row) throw new HttpError(404, MESSAGES.ticketNotFound);
  if (row.order.buyerUserId === userId && !(await wasHandedOver(deps.db, row.ticket)))
    return { ...row, holder: true };
  const email = await userEmail(deps.db, userId);
  if (email && email.toLowerCase() === row.ticket.attendeeEmail.toLowerCase())
    return { ...row, holder: true };
  if (await mayManage(deps.db, row.event, userId)) return { ...row, holder: false };
  throw new HttpError(404, MESSAGES.ticketNotFound);
}

export async function ticketByCode(deps: CheckoutDeps, userId: string, code: string): Promise<TicketView> {
  const row = await readableTicket(deps, userId, code);
  return toView(row, row.holder);
}

/** A live ticket by its id, for the one who just changed or claimed it (its holder now). */
export async function ticketById(deps: CheckoutDeps, ticketId: string): Promise<TicketView> {
  const [row] = await joined(deps.db).where(eq(issuedTickets.id, ticketId)).limit(1);
  if (!row) throw new HttpError(404, MESSAGES.ticketNotFound);
  return toView(row, true);
}

/**
 * POST /api/tickets/shared: the ticket its link opens, without an account (decision 040). Only a
 * live ticket of a paid order; a reissued, cancelled or refunded one answers that the link is gone.
 */
export async function sharedTicket(deps: CheckoutDeps, token: string): Promise<TicketView> {
  const [row] = await joined(deps.db)
    .where(
      and(eq(issuedTickets.shareToken, token), isNull(issuedTickets.revokedAt), eq(orders.status, 'paid')),
    )
    .limit(1);
  if (!row) throw new HttpError(404, LINK_GONE);
  return toView(row);
}

export async function ticketPdfByCode(deps: CheckoutDeps, userId: string, code: string) {
  const row = await readableTicket(deps, userId, code);
  const pdf = await ticketPdf({
    code: row.ticket.code,
    reference: row.ticket.reference,
    eventName: row.event.eventName,
    when: eventWhen(row.event),
    where: eventWhere(row.event),
    attendeeName: `${row.ticket.attendeeFirstName} ${row.ticket.attendeeLastName}`,
    ticketName: row.ticketName,
    orderReference: row.order.reference,
    testMode: row.order.testMode,
  });
  return { pdf, filename: ticketFileName(row.event.eventName, row.ticket.seat) };
}

export async function ticketQrByCode(deps: CheckoutDeps, userId: string, code: string) {
  const row = await readableTicket(deps, userId, code);
  return qrSvg(row.ticket.code);
}

/** For door scanners: every revoked ticket (cancelled, refunded or reissued), by ticket id. */
export async function revocationList(deps: CheckoutDeps) {
  const rows = await deps.db
    .select({
      ticketId: issuedTickets.id,
      eventId: issuedTickets.eventId,
      revokedAt: issuedTickets.revokedAt,
      reason: issuedTickets.revokeReason,
    })
    .from(issuedTickets)
    .where(isNotNull(issuedTickets.revokedAt))
    .orderBy(desc(issuedTickets.revokedAt))
    .limit(100_000);
  return {
    revoked: rows.map((r) => ({
      ticketId: r.ticketId,
      eventId: r.eventId,
      revokedAt: (r.revokedAt as Date).toISOString(),
      reason: r.reason ?? 'revoked',
    })),
    generatedAt: new Date().toISOString(),
  };
}
