import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { CheckoutQuestion } from '../../../contract/questions';
import type { Database } from '../../db/client';
import { prepared } from '../../db/prepared';
import type { Tx } from '../../db/query';
import {
  events,
  issuedTickets,
  type OrderAttendeeRow,
  type OrderStatusRow,
  orderEvents,
  orderItems,
  orders,
  ticketTypes,
} from '../../db/schema';
import type { Unlock } from '../access-codes/service';
import { ticketNameWithDate } from '../event-dates/data';
import type { AnswerRow } from '../questions/answers';
import type { SeatRequest } from './inventory';

/** Kept for the modules outside checkout that still import it from here; new code imports db/query. */

export type OrderRow = typeof orders.$inferSelect;
export type TicketTypeRow = typeof ticketTypes.$inferSelect;
export type EventRow = typeof events.$inferSelect;
export type IssuedTicketRow = typeof issuedTickets.$inferSelect;

export async function findEvent(db: Tx, eventId: string): Promise<EventRow | null> {
  const [row] = await db.select().from(events).where(eq(events.id, eventId)).limit(1);
  return row ?? null;
}

export async function eventTicketTypes(db: Tx, eventId: string): Promise<TicketTypeRow[]> {
  return db
    .select()
    .from(ticketTypes)
    .where(eq(ticketTypes.eventId, eventId))
    .orderBy(asc(ticketTypes.createdAt));
}

export async function findOrder(db: Tx, orderId: string, lock = false): Promise<OrderRow | null> {
  const query = db.select().from(orders).where(eq(orders.id, orderId)).limit(1);
  const [row] = await (lock ? query.for('update') : query);
  return row ?? null;
}

export async function itemsOf(db: Tx, orderIds: string[]) {
  if (orderIds.length === 0) return [];
  return db
    .select({
      orderId: orderItems.orderId,
      ticketTypeId: orderItems.ticketTypeId,
      quantity: orderItems.quantity,
      refundedQuantity: orderItems.refundedQuantity,
      unitPriceKobo: orderItems.unitPriceKobo,
      ticketName: ticketNameWithDate,
      /** A table for N (decision 067): each unit of the line is N tickets. */
      tableSize: ticketTypes.tableSize,
      tableOneCode: ticketTypes.tableOneCode,
    })
    .from(orderItems)
    .innerJoin(ticketTypes, eq(ticketTypes.id, orderItems.ticketTypeId))
    .where(inArray(orderItems.orderId, orderIds))
    .orderBy(asc(orderItems.orderId), asc(ticketTypes.createdAt), asc(ticketTypes.id));
}

export async function ticketsOf(db: Tx, orderIds: string[], includeRevoked = false) {
  if (orderIds.length === 0) return [];
  return db
    .select({ ticket: issuedTickets, ticketName: ticketNameWithDate })
    .from(issuedTickets)
    .innerJoin(ticketTypes, eq(ticketTypes.id, issuedTickets.ticketTypeId))
    .where(
      and(
        inArray(issuedTickets.orderId, orderIds),
        includeRevoked ? undefined : isNull(issuedTickets.revokedAt),
      ),
    )
    .orderBy(asc(issuedTickets.orderId), asc(issuedTickets.seat));
}

/** An order's seats, as the inventory takes and gives them back. */
export async function seatRequestsOf(tx: Tx, orderId: string): Promise<SeatRequest[]> {
  return tx
    .select({
      ticketTypeId: orderItems.ticketTypeId,
      // Seats the organiser already refunded went back on sale then (decision 044).
      quantity: sql<number>`${orderItems.quantity} - ${orderItems.refundedQuantity}`.mapWith(Number),
    })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId));
}

export type NewOrder = {
  eventId: string;
  buyerUserId: string;
  buyer: { firstName: string; lastName: string; email: string; phone: string };
  attendees: OrderAttendeeRow[];
  /** The access code it reserved with (it unlocked a hidden type), else null. */
  accessCodeId: string | null;
  expiresAt: Date;
  /** Its answers to the checkout questions (decision 045), written with it. */
  answers?: readonly AnswerRow[];
  items: { ticketTypeId: string; quantity: number; unitPriceKobo: number }[];
  totals: {
    subtotalKobo: number;
    discountKobo: number;
    feesKobo: number;
    feesAbsorbed: boolean;
    totalKobo: number;
  };
};

export async function replaceItems(tx: Tx, orderId: string, items: NewOrder['items']) {
  await tx.delete(orderItems).where(eq(orderItems.orderId, orderId));
  await tx.insert(orderItems).values(items.map((i) => ({ ...i, orderId })));
}

export async function recordTransition(
  tx: Tx,
  orderId: string,
  from: OrderStatusRow | null,
  to: OrderStatusRow,
  note?: string,
) {
  await tx.insert(orderEvents).values({ orderId, fromStatus: from, toStatus: to, note: note ?? null });
}

/** Moves an order to `to` and records it; the caller holds the order's row lock. */
export async function setStatus(
  tx: Tx,
  order: OrderRow,
  to: OrderStatusRow,
  extra: Partial<typeof orders.$inferInsert> = {},
  note?: string,
) {
  await tx
    .update(orders)
    .set({ status: to, updatedAt: new Date(), ...extra })
    .where(eq(orders.id, order.id));
  await recordTransition(tx, order.id, order.status, to, note);
}

export async function updateOrder(tx: Tx, orderId: string, values: Partial<typeof orders.$inferInsert>) {
  await tx
    .update(orders)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(orders.id, orderId));
}

/**
 * Claims up to `limit` expired holds for this process: `FOR UPDATE SKIP LOCKED`, so several
 * processes sweeping at once each take different orders and none waits on another.
 */
export async function claimExpiredHolds(
  tx: Tx,
  limit: number,
  opts: { eventId?: string; wait?: boolean } = {},
): Promise<OrderRow[]> {
  const query = tx
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.status, 'reserved'),
        sql`${orders.expiresAt} <= now()`,
        opts.eventId ? eq(orders.eventId, opts.eventId) : undefined,
      ),
    )
    .orderBy(asc(orders.expiresAt))
    .limit(limit);
  // `wait`: a buyer refused for lack of seats waits for another process's sweep of the same holds
  // instead of skipping them; PostgreSQL re-checks `status = 'reserved'` after that sweep commits,
  // so nothing is released twice.
  return opts.wait ? query.for('update') : query.for('update', { skipLocked: true });
}

export async function ordersOfBuyer(db: Tx, buyerUserId: string) {
  return db
    .select()
    .from(orders)
    .where(eq(orders.buyerUserId, buyerUserId))
    .orderBy(desc(orders.createdAt))
    .limit(200);
}

export async function eventsByIds(db: Tx, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(events)
    .where(inArray(events.id, [...new Set(ids)]));
}

/* ---------- The reservation batch (reserveBatch.ts): one transaction for many buyers ---------- */

/** A JSON column as both drivers hand it back (node-postgres parses it, PGlite may not). */
const parsed = <T>(v: T | string): T => (typeof v === 'string' ? (JSON.parse(v) as T) : v);

/**
 * Everything a reservation batch reads before it takes seats, in ONE round trip (decision 051): the
 * event, its types (oldest first), which of these buyers already hold seats for it (their hold is
 * replaced, not doubled), whether expired holds are still counted as sold, the event's live checkout
 * questions (decision 045) and what each access code the batch's buyers typed unlocks (decision 036;
 * matched as unlockFor matches one: trimmed, ignoring case).
 *
 * Prepared once per database handle, the buyers and codes as two array parameters (decision 060):
 * built per batch, with one parameter per buyer, drizzle spent more of the server's CPU on the
 * query's text than on anything else of the batch's.
 */
export async function batchState(
  db: Database,
  eventId: string,
  buyerUserIds: string[],
  accessCodes: string[] = [],
) {
  const statement = prepared(db, 'reservation_batch_state', (name) => {
    const event = sql.placeholder('eventId');
    return db
      .select({
        event: events,
        type: ticketTypes,
        holds: sql<
          [string, string][]
        >`(select coalesce(json_agg(json_build_array(h.buyer_user_id, h.id)), '[]'::json) from (
          select distinct on (o.buyer_user_id) o.buyer_user_id, o.id from orders o
          where o.event_id = ${event}::uuid and o.status = 'reserved' and o.expires_at > now()
            and o.buyer_user_id = any(${sql.placeholder('buyers')}::uuid[])
          order by o.buyer_user_id, o.created_at desc) h)`,
        expired: sql<boolean>`exists(select 1 from orders x where x.event_id = ${event}::uuid
          and x.status = 'reserved' and x.expires_at <= now())`,
        // Someone waits for this type (decision 042): its returned seats are theirs, offered in order.
        waiting: sql<boolean>`exists(select 1 from waitlist_entries w where w.ticket_type_id = ticket_types.id
          and w.status = 'waiting' and ticket_types.waitlist_enabled)`,
        // As questions/service.ts liveQuestions reads them: not deleted, in the organiser's order.
        questions: sql<
          CheckoutQuestion[]
        >`(select coalesce(json_agg(json_build_object('id', q.id, 'label', q.label,
          'kind', q.kind, 'scope', q.scope, 'required', q.required, 'options', q.options) order by q.position), '[]'::json)
          from event_questions q where q.event_id = ${event}::uuid and q.deleted_at is null)`,
        unlocks: sql<
          [string, string, string[], string | null][]
        >`(select coalesce(json_agg(json_build_array(k.asked, a.id, a.ticket_type_ids, d.code)), '[]'::json)
          from unnest(${sql.placeholder('codes')}::text[]) k(asked)
          join access_codes a on a.event_id = ${event}::uuid and lower(a.code) = lower(k.asked)
          left join discount_codes d on d.id = a.discount_code_id)`,
      })
      .from(events)
      .leftJoin(ticketTypes, eq(ticketTypes.eventId, events.id))
      .where(eq(events.id, event))
      .orderBy(asc(ticketTypes.createdAt))
      .prepare(name);
  });
  const rows = await statement.execute({
    eventId,
    buyers: [...new Set(buyerUserIds)],
    codes: [...new Set(accessCodes.map((c) => c.trim()))],
  });
  const first = rows[0];
  if (!first)
    return {
      event: null,
      types: [],
      holds: new Map<string, string>(),
      expired: false,
      waiting: new Set<string>(),
      questions: [] as CheckoutQuestion[],
      unlocks: new Map<string, Unlock>(),
    };
  return {
    event: first.event,
    types: rows.flatMap((r) => (r.type ? [r.type] : [])),
    holds: new Map(parsed(first.holds)),
    expired: Boolean(first.expired),
    waiting: new Set(rows.flatMap((r) => (r.type && r.waiting ? [r.type.id] : []))),
    questions: parsed(first.questions),
    /** By the code as typed (trimmed); a code that is not the event's is absent. */
    unlocks: new Map(
      parsed(first.unlocks).map(([asked, id, ticketTypeIds, discountCode]) => [
        asked,
        { id, ticketTypeIds, discountCode },
      ]),
    ),
  };
}
