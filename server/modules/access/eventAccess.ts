import { eq } from 'drizzle-orm';
import { isUuid, type Tx } from '../../db/query';
import { events, orders, ticketTypes } from '../../db/schema';
import { HttpError } from '../../http/errors';

/**
 * Who may touch an event, and what they are told when they may not: one function per question,
 * one message per answer. An event that does not exist (or an id that cannot be one) is 404; an
 * event that exists but is someone else's is 403 with the same words everywhere.
 */
export const ACCESS_MESSAGES = {
  eventNotFound: 'Event not found',
  ticketTypeNotFound: 'Ticket not found',
  orderNotFound: 'Order not found',
  notYourEvent: 'You can only manage your own events.',
  notYourOrder: "You don't have access to this order.",
  onlyBuyer: 'Only the buyer can do this.',
} as const;

export type EventRow = typeof events.$inferSelect;
export type TicketTypeRow = typeof ticketTypes.$inferSelect;
export type OrderRow = typeof orders.$inferSelect;

/** What the reads below need from the database: the handle or an open transaction. */
type Reader = Pick<Tx, 'select'>;

/**
 * What a user is to an event. Today only its organiser has a role; team roles (door staff, box
 * office, co-organiser) join this union, `roleOn` learns to look them up, and each question below
 * names the roles it lets through — so adding a role never means finding every ownership check.
 */
export type EventRole = 'organiser';

/** The roles that may change an event, its tickets, discounts and orders. */
export const MANAGING_ROLES: readonly EventRole[] = ['organiser'];

/** The user's role on an event already loaded, or null for anyone without one. */
export function roleOn(event: Pick<EventRow, 'organiserId'>, userId: string): EventRole | null {
  return event.organiserId === userId ? 'organiser' : null;
}

/** May this user manage this (already loaded) event? */
export function mayManage(
  event: Pick<EventRow, 'organiserId'>,
  userId: string,
  roles: readonly EventRole[] = MANAGING_ROLES,
): boolean {
  const role = roleOn(event, userId);
  return role !== null && roles.includes(role);
}

function requireManager(event: Pick<EventRow, 'organiserId'>, userId: string, roles: readonly EventRole[]) {
  if (!mayManage(event, userId, roles)) throw new HttpError(403, ACCESS_MESSAGES.notYourEvent);
}

/** The event, when this user may manage it: 404 when there is no such event, 403 when it is someone else's. */
export async function manageableEvent(
  db: Reader,
  eventId: string,
  userId: string,
  roles: readonly EventRole[] = MANAGING_ROLES,
): Promise<EventRow> {
  if (!isUuid(eventId)) throw new HttpError(404, ACCESS_MESSAGES.eventNotFound);
  const [row] = await db.select().from(events).where(eq(events.id, eventId)).limit(1);
  if (!row) throw new HttpError(404, ACCESS_MESSAGES.eventNotFound);
  requireManager(row, userId, roles);
  return row;
}

/** A ticket type with its event, when this user may manage the event (404 / 403 otherwise). */
export async function manageableTicketType(
  db: Reader,
  ticketTypeId: string,
  userId: string,
  roles: readonly EventRole[] = MANAGING_ROLES,
): Promise<{ ticket: TicketTypeRow; event: EventRow }> {
  if (!isUuid(ticketTypeId)) throw new HttpError(404, ACCESS_MESSAGES.ticketTypeNotFound);
  const [row] = await db
    .select({ ticket: ticketTypes, event: events })
    .from(ticketTypes)
    .innerJoin(events, eq(events.id, ticketTypes.eventId))
    .where(eq(ticketTypes.id, ticketTypeId))
    .limit(1);
  if (!row) throw new HttpError(404, ACCESS_MESSAGES.ticketTypeNotFound);
  requireManager(row.event, userId, roles);
  return row;
}

async function orderWithOrganiser(db: Reader, orderId: string) {
  if (!isUuid(orderId)) throw new HttpError(404, ACCESS_MESSAGES.orderNotFound);
  const [row] = await db
    .select({ order: orders, organiserId: events.organiserId })
    .from(orders)
    .innerJoin(events, eq(events.id, orders.eventId))
    .where(eq(orders.id, orderId))
    .limit(1);
  if (!row) throw new HttpError(404, ACCESS_MESSAGES.orderNotFound);
  return row;
}

/** An order, when this user may manage its event (attendee edits, refunds): 404 / 403 otherwise. */
export async function manageableOrder(
  db: Reader,
  orderId: string,
  userId: string,
  roles: readonly EventRole[] = MANAGING_ROLES,
): Promise<OrderRow> {
  const { order, organiserId } = await orderWithOrganiser(db, orderId);
  requireManager({ organiserId }, userId, roles);
  return order;
}

/** May this user see this order? Its buyer, or whoever may manage its event (404 / 403 otherwise). */
export async function readableOrder(db: Reader, orderId: string, userId: string): Promise<OrderRow> {
  const { order, organiserId } = await orderWithOrganiser(db, orderId);
  if (order.buyerUserId === userId || mayManage({ organiserId }, userId)) return order;
  throw new HttpError(403, ACCESS_MESSAGES.notYourOrder);
}

/**
 * May this user act as the buyer (pay, apply a discount, abandon)? Only the buyer: the event's
 * organiser may read the order but not act for them.
 */
export async function buyersOrder(db: Reader, orderId: string, userId: string): Promise<OrderRow> {
  const order = await readableOrder(db, orderId, userId);
  if (order.buyerUserId !== userId) throw new HttpError(403, ACCESS_MESSAGES.onlyBuyer);
  return order;
}
