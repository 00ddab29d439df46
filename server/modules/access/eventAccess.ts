import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import { isUuid, type Tx } from '../../db/query';
import { events, eventTeam, orders, organiserTeam, ticketTypes } from '../../db/schema';
import { HttpError } from '../../http/errors';
import { teamRolesFor } from './permissions';

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
  notYourRole: "Your role on this event's team does not allow this.",
  notYourOrder: "You don't have access to this order.",
  onlyBuyer: 'Only the buyer can do this.',
} as const;

export type EventRow = typeof events.$inferSelect;
export type TicketTypeRow = typeof ticketTypes.$inferSelect;
export type OrderRow = typeof orders.$inferSelect;

/** What the reads below need from the database: the handle or an open transaction. */
type Reader = Pick<Tx, 'select'>;

/**
 * What a user is to an event (decision 043): its owner ('organiser'), or a team member the owner
 * invited and who accepted (`event_team`, or `organiser_team` for all the owner's events). Each question below names the roles it lets through, so
 * adding a role never means finding every ownership check.
 */
export type EventRole = 'organiser' | 'co_organiser' | 'finance' | 'door';
export const TEAM_ROLES = ['co_organiser', 'finance', 'door'] as const;
export type TeamRole = (typeof TEAM_ROLES)[number];

// The role sets below are read from the permission table (permissions.ts, decision 048), not written twice.
/** Edit the event, its tickets, discounts, access codes, pictures, mails; publish; order attendee edits. */
export const MANAGING_ROLES: readonly EventRole[] = teamRolesFor('event.manage');
/** Read the management page (it carries the revenue): everyone but the door. */
export const VIEWING_ROLES: readonly EventRole[] = teamRolesFor('event.view');
/** Money: sales (JSON, charts, CSV), reading orders, cancelling them. */
export const SALES_ROLES: readonly EventRole[] = teamRolesFor('event.sales');
/** The guest list and its CSV (names, tickets, check-ins; no amounts). */
export const GUESTLIST_ROLES: readonly EventRole[] = teamRolesFor('event.guestlist');
/** The door: scanner, check-in links, arrivals. */
export const CHECKIN_ROLES: readonly EventRole[] = teamRolesFor('event.checkin');
/** The door's cash-up (decision 062): the owner and finance. */
export const CASHUP_ROLES: readonly EventRole[] = teamRolesFor('event.cashup');
/** Only the owner: payouts, deleting, and the team itself. */
export const OWNER_ROLES: readonly EventRole[] = teamRolesFor('event.team');

/** The user's role on an event already loaded, or null for anyone without one. */
export async function roleOn(
  db: Reader,
  event: Pick<EventRow, 'id' | 'organiserId'>,
  userId: string,
): Promise<EventRole | null> {
  if (event.organiserId === userId) return 'organiser';
  const [member] = await db
    .select({ role: eventTeam.role })
    .from(eventTeam)
    .where(
      and(
        eq(eventTeam.eventId, event.id),
        eq(eventTeam.userId, userId),
        isNotNull(eventTeam.acceptedAt),
        isNull(eventTeam.revokedAt),
      ),
    )
    .limit(1);
  if (member) return member.role as TeamRole;
  // A membership of all the owner's events (organiser_team): covers events created after it too.
  // The event's own membership, when there is one, wins (the owner may give one event another role).
  const [everyEvent] = await db
    .select({ role: organiserTeam.role })
    .from(organiserTeam)
    .where(
      and(
        eq(organiserTeam.organiserId, event.organiserId),
        eq(organiserTeam.userId, userId),
        isNotNull(organiserTeam.acceptedAt),
        isNull(organiserTeam.revokedAt),
      ),
    )
    .limit(1);
  return (everyEvent?.role as TeamRole | undefined) ?? null;
}

/** May this user do what `roles` allows on this (already loaded) event? */
export async function mayManage(
  db: Reader,
  event: Pick<EventRow, 'id' | 'organiserId'>,
  userId: string,
  roles: readonly EventRole[] = MANAGING_ROLES,
): Promise<boolean> {
  const role = await roleOn(db, event, userId);
  return role !== null && roles.includes(role);
}

async function requireManager(
  db: Reader,
  event: Pick<EventRow, 'id' | 'organiserId'>,
  userId: string,
  roles: readonly EventRole[],
) {
  const role = await roleOn(db, event, userId);
  if (role === null) throw new HttpError(403, ACCESS_MESSAGES.notYourEvent);
  if (!roles.includes(role)) throw new HttpError(403, ACCESS_MESSAGES.notYourRole);
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
  await requireManager(db, row, userId, roles);
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
  await requireManager(db, row.event, userId, roles);
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
  await requireManager(db, { id: order.eventId, organiserId }, userId, roles);
  return order;
}

/** May this user see this order? Its buyer, or whoever may manage its event (404 / 403 otherwise). */
export async function readableOrder(db: Reader, orderId: string, userId: string): Promise<OrderRow> {
  const { order, organiserId } = await orderWithOrganiser(db, orderId);
  if (order.buyerUserId === userId) return order;
  if (await mayManage(db, { id: order.eventId, organiserId }, userId, SALES_ROLES)) return order;
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
