import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { hasEnded } from '../../../contract/eventTime';
import {
  type JoinWaitlistRequest,
  type MyWaitlistResponse,
  type OrganiserWaitlistResponse,
  WAITLIST_MESSAGES,
} from '../../../contract/waitlist';
import { isUuid, type Tx } from '../../db/query';
import { events, ticketTypes, users, waitlistEntries } from '../../db/schema';
import { HttpError } from '../../http/errors';
import { ACCESS_MESSAGES } from '../access/eventAccess';
import { ticketNameWithDate } from '../event-dates/data';
import type { CheckoutDeps } from '../orders/deps';
import { eventSeatsLeft } from '../orders/inventory';
import { abandonOrder } from '../orders/service';
import { type OfferDeps, offerAfterRelease, settleOffers } from './offers';
import { joinLimit } from './queue';

/** The waiting list's rules for visitors and organisers (contract/waitlist.ts, decision 042). */

const LIVE = ['waiting', 'offered'] as const;

/** A public type of a published event, or the visitor's 404 (a hidden type has no public list). */
async function publicType(db: Tx, ticketTypeId: string) {
  if (!isUuid(ticketTypeId)) throw new HttpError(404, ACCESS_MESSAGES.ticketTypeNotFound);
  const [row] = await db
    .select({ type: ticketTypes, event: events })
    .from(ticketTypes)
    .innerJoin(events, eq(events.id, ticketTypes.eventId))
    .where(eq(ticketTypes.id, ticketTypeId));
  if (!row || row.type.hidden || row.event.status !== 'published')
    throw new HttpError(404, ACCESS_MESSAGES.ticketTypeNotFound);
  return row;
}

/** Sold out: the type's own seats are all sold or held, or the event's overall capacity is. */
export async function isSoldOut(
  db: Tx,
  type: typeof ticketTypes.$inferSelect,
  event: typeof events.$inferSelect,
): Promise<boolean> {
  if (type.capacity !== null && type.sold >= type.capacity) return true;
  if (event.capacity === null) return false;
  return ((await eventSeatsLeft(db, event.id)) ?? 1) <= 0;
}

/**
 * POST /api/waitlist: join a sold-out type's list for 1–N seats, N being what the type could ever
 * sell one order (queue.ts `joinLimit`). A confirmed email is needed (decision 050): a quick-checkout
 * account nobody has confirmed cannot hold places in line.
 */
export async function joinWaitlist(deps: OfferDeps, userId: string, body: JoinWaitlistRequest) {
  const { type, event } = await publicType(deps.db, body.ticketTypeId);
  if (hasEnded(event, Date.now())) throw new HttpError(409, WAITLIST_MESSAGES.eventClosed);
  if (!type.waitlistEnabled) throw new HttpError(409, WAITLIST_MESSAGES.off(type.ticketName));
  const [user] = await deps.db
    .select({
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      verifiedAt: users.emailVerifiedAt,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) throw new HttpError(401, 'Please sign in to continue.');
  if (!user.verifiedAt) throw new HttpError(403, WAITLIST_MESSAGES.verifyFirst);
  const limit = joinLimit(type, event);
  if (body.quantity > limit) throw new HttpError(400, WAITLIST_MESSAGES.overLimit(type.ticketName, limit));
  if (!(await isSoldOut(deps.db, type, event)))
    throw new HttpError(409, WAITLIST_MESSAGES.notSoldOut(type.ticketName));
  // The partial unique index keeps one live entry per person and type, whoever wins a race.
  const inserted = await deps.db
    .insert(waitlistEntries)
    .values({
      eventId: event.id,
      ticketTypeId: type.id,
      userId,
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      quantity: body.quantity,
    })
    .onConflictDoNothing()
    .returning({ id: waitlistEntries.id });
  if (inserted.length === 0) throw new HttpError(409, WAITLIST_MESSAGES.already);
  return myEntries(deps.db, userId, event.id);
}

/**
 * DELETE /api/waitlist/:ticketId: leave the list. An offer not yet paid is let go too (its hold
 * is cancelled, the seats return), and the next person is offered them at once.
 */
export async function leaveWaitlist(deps: CheckoutDeps, userId: string, ticketTypeId: string) {
  const { event } = await publicType(deps.db, ticketTypeId);
  await settleOffers(deps.db, { ticketTypeId });
  const [entry] = await deps.db
    .select()
    .from(waitlistEntries)
    .where(
      and(
        eq(waitlistEntries.ticketTypeId, ticketTypeId),
        eq(waitlistEntries.userId, userId),
        inArray(waitlistEntries.status, [...LIVE]),
      ),
    );
  if (!entry) throw new HttpError(404, WAITLIST_MESSAGES.notOnList);
  if (entry.status === 'offered' && entry.orderId) {
    await abandonOrder(deps, userId, entry.orderId).catch((error: unknown) => {
      // Paid (or ended) in the meantime: settling below records what it became.
      if (!(error instanceof HttpError && error.status === 409)) throw error;
    });
  }
  await deps.db
    .update(waitlistEntries)
    .set({ status: 'left' })
    .where(and(eq(waitlistEntries.id, entry.id), inArray(waitlistEntries.status, [...LIVE])));
  await settleOffers(deps.db, { ticketTypeId });
  if (entry.status === 'offered') await offerAfterRelease(deps, [ticketTypeId]);
  return myEntries(deps.db, userId, event.id);
}

/**
 * A waiting entry's place in its line (1 = next), counted in the database. Raw, qualified names:
 * drizzle leaves columns unqualified inside sql``, and they would bind to the subquery's table.
 */
const POSITION = sql<number | null>`case when waitlist_entries.status = 'waiting' then (
  select count(*)::int + 1 from waitlist_entries a
  where a.ticket_type_id = waitlist_entries.ticket_type_id and a.status = 'waiting'
    and (a.created_at, a.id) < (waitlist_entries.created_at, waitlist_entries.id)) end`;

/** GET /api/waitlist/event/:eventId: my newest entry per type of this event (not the ones I left). */
export async function myEntries(db: Tx, userId: string, eventId: string): Promise<MyWaitlistResponse> {
  if (!isUuid(eventId)) throw new HttpError(404, ACCESS_MESSAGES.eventNotFound);
  const [event] = await db.select().from(events).where(eq(events.id, eventId));
  if (event?.status !== 'published') throw new HttpError(404, ACCESS_MESSAGES.eventNotFound);
  const types = await db.select().from(ticketTypes).where(eq(ticketTypes.eventId, eventId));
  const eventLeft = event.capacity === null ? null : await eventSeatsLeft(db, eventId);
  const openTypes = hasEnded(event, Date.now())
    ? []
    : types
        .filter((t) => !t.hidden && t.waitlistEnabled)
        .filter(
          (t) => (t.capacity !== null && t.sold >= t.capacity) || (eventLeft !== null && eventLeft <= 0),
        );
  const open = openTypes.map((t) => t.id);
  const limits = Object.fromEntries(openTypes.map((t) => [t.id, joinLimit(t, event)]));
  await settleOffers(db, { eventId });
  const rows = await db
    .select({ entry: waitlistEntries, position: POSITION })
    .from(waitlistEntries)
    .where(
      and(
        eq(waitlistEntries.eventId, eventId),
        eq(waitlistEntries.userId, userId),
        sql`${waitlistEntries.status} <> 'left'`,
      ),
    )
    .orderBy(desc(waitlistEntries.createdAt));
  const newest = new Map<string, (typeof rows)[number]>();
  for (const r of rows) if (!newest.has(r.entry.ticketTypeId)) newest.set(r.entry.ticketTypeId, r);
  return {
    open,
    limits,
    entries: [...newest.values()].map(({ entry, position }) => ({
      ticketTypeId: entry.ticketTypeId,
      quantity: entry.quantity,
      status: entry.status,
      position: position === null ? null : Number(position),
      orderId: entry.status === 'offered' ? entry.orderId : null,
      expiresAt: entry.status === 'offered' && entry.expiresAt ? entry.expiresAt.toISOString() : null,
    })),
  };
}

/** GET /api/events/:eventId/waitlist (the event's managers): every type's list, oldest first. */
export async function organiserWaitlist(db: Tx, eventId: string): Promise<OrganiserWaitlistResponse> {
  await settleOffers(db, { eventId });
  const [event] = await db.select().from(events).where(eq(events.id, eventId));
  if (!event) throw new HttpError(404, ACCESS_MESSAGES.eventNotFound);
  const types = await db
    .select({
      id: ticketTypes.id,
      // With its date on a multi-date event, so three nights' 'Regular' are told apart.
      ticketName: ticketNameWithDate,
      waitlistEnabled: ticketTypes.waitlistEnabled,
      capacity: ticketTypes.capacity,
      sold: ticketTypes.sold,
    })
    .from(ticketTypes)
    .where(eq(ticketTypes.eventId, eventId))
    .orderBy(asc(ticketTypes.createdAt));
  const rows = await db
    .select({ entry: waitlistEntries, position: POSITION })
    .from(waitlistEntries)
    .where(and(eq(waitlistEntries.eventId, eventId), sql`${waitlistEntries.status} <> 'left'`))
    .orderBy(asc(waitlistEntries.createdAt), asc(waitlistEntries.id));
  const eventLeft = event.capacity === null ? null : await eventSeatsLeft(db, eventId);
  return {
    offerMinutes: event.waitlistOfferMinutes,
    types: types.map((t) => ({
      ticketTypeId: t.id,
      ticketName: t.ticketName,
      enabled: t.waitlistEnabled,
      soldOut: (t.capacity !== null && t.sold >= t.capacity) || (eventLeft !== null && eventLeft <= 0),
      entries: rows
        .filter((r) => r.entry.ticketTypeId === t.id)
        .map(({ entry, position }) => ({
          position: position === null ? null : Number(position),
          name: `${entry.firstName} ${entry.lastName}`.trim(),
          email: entry.email,
          quantity: entry.quantity,
          status: entry.status,
          createdAt: entry.createdAt.toISOString(),
          offeredAt: entry.offeredAt?.toISOString() ?? null,
          expiresAt: entry.expiresAt?.toISOString() ?? null,
        })),
    })),
  };
}

/** PUT /api/events/:eventId/waitlist/:ticketId: the list on or off for one type (its entries are kept). */
export async function switchWaitlist(
  deps: OfferDeps,
  eventId: string,
  ticketTypeId: string,
  enabled: boolean,
) {
  const updated = await deps.db
    .update(ticketTypes)
    .set({ waitlistEnabled: enabled })
    .where(and(eq(ticketTypes.id, ticketTypeId), eq(ticketTypes.eventId, eventId)))
    .returning({ id: ticketTypes.id });
  if (updated.length === 0) throw new HttpError(404, ACCESS_MESSAGES.ticketTypeNotFound);
  // Switched back on with seats free: those waiting are offered them now.
  if (enabled) await offerAfterRelease(deps, [ticketTypeId]);
  return organiserWaitlist(deps.db, eventId);
}

/** PUT /api/events/:eventId/waitlist: how long an offer holds its seats, for offers made from now on. */
export async function setOfferMinutes(db: Tx, eventId: string, offerMinutes: number) {
  await db.update(events).set({ waitlistOfferMinutes: offerMinutes }).where(eq(events.id, eventId));
  return organiserWaitlist(db, eventId);
}
