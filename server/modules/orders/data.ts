import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
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

/** A transaction handle or the database: every data function works inside or outside one. */
export type Tx = Pick<Database, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;

export type OrderRow = typeof orders.$inferSelect;
export type TicketTypeRow = typeof ticketTypes.$inferSelect;
export type EventRow = typeof events.$inferSelect;
export type IssuedTicketRow = typeof issuedTickets.$inferSelect;

export type SeatRequest = { ticketTypeId: string; quantity: number };

/** A seat request the database refused: the type is sold out (or has fewer seats left than asked). */
export class SeatsUnavailable extends Error {
  constructor(readonly ticketTypeId: string) {
    super('seats unavailable');
  }
}

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
      unitPriceKobo: orderItems.unitPriceKobo,
      ticketName: ticketTypes.ticketName,
    })
    .from(orderItems)
    .innerJoin(ticketTypes, eq(ticketTypes.id, orderItems.ticketTypeId))
    .where(inArray(orderItems.orderId, orderIds))
    .orderBy(asc(orderItems.orderId), asc(ticketTypes.createdAt), asc(ticketTypes.id));
}

export async function ticketsOf(db: Tx, orderIds: string[], includeRevoked = false) {
  if (orderIds.length === 0) return [];
  return db
    .select({ ticket: issuedTickets, ticketName: ticketTypes.ticketName })
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

/**
 * Takes seats: ONE conditional UPDATE per ticket type, `sold + qty <= capacity` (unlimited types
 * have no cap), in ticket-type id order so two transactions never wait on each other in a cycle.
 * Callers run this LAST in their transaction: the row lock on a hot ticket type is then held only
 * from this statement to COMMIT — the same window as the raw one-UPDATE-per-sale baseline.
 */
export async function takeSeats(tx: Tx, requests: SeatRequest[]): Promise<void> {
  for (const r of [...requests].sort((a, b) => a.ticketTypeId.localeCompare(b.ticketTypeId))) {
    if (r.quantity <= 0) continue;
    const taken = await tx
      .update(ticketTypes)
      .set({ sold: sql`${ticketTypes.sold} + ${r.quantity}` })
      .where(
        and(
          eq(ticketTypes.id, r.ticketTypeId),
          sql`(${ticketTypes.capacity} is null or ${ticketTypes.sold} + ${r.quantity} <= ${ticketTypes.capacity})`,
        ),
      )
      .returning({ id: ticketTypes.id });
    if (taken.length === 0) throw new SeatsUnavailable(r.ticketTypeId);
  }
}

/** Gives seats back (expiry, cancellation, a replaced hold). Never below zero. */
export async function releaseSeats(tx: Tx, requests: SeatRequest[]): Promise<void> {
  const byType = new Map<string, number>();
  for (const r of requests) byType.set(r.ticketTypeId, (byType.get(r.ticketTypeId) ?? 0) + r.quantity);
  for (const [ticketTypeId, quantity] of [...byType].sort((a, b) => a[0].localeCompare(b[0]))) {
    if (quantity <= 0) continue;
    await tx
      .update(ticketTypes)
      .set({ sold: sql`greatest(0, ${ticketTypes.sold} - ${quantity})` })
      .where(eq(ticketTypes.id, ticketTypeId));
  }
}

export async function seatRequestsOf(tx: Tx, orderId: string): Promise<SeatRequest[]> {
  return tx
    .select({ ticketTypeId: orderItems.ticketTypeId, quantity: orderItems.quantity })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId));
}

export type NewOrder = {
  eventId: string;
  buyerUserId: string;
  buyer: { firstName: string; lastName: string; email: string; phone: string };
  attendees: OrderAttendeeRow[];
  expiresAt: Date;
  items: { ticketTypeId: string; quantity: number; unitPriceKobo: number }[];
  totals: { subtotalKobo: number; discountKobo: number; feesKobo: number; totalKobo: number };
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

/** Each buyer's live hold on the event, newest first per buyer (a re-post replaces it). */
export async function liveHoldsOf(
  tx: Tx,
  buyerUserIds: string[],
  eventId: string,
): Promise<Map<string, OrderRow>> {
  if (buyerUserIds.length === 0) return new Map();
  const rows = await tx
    .select()
    .from(orders)
    .where(
      and(
        inArray(orders.buyerUserId, [...new Set(buyerUserIds)]),
        eq(orders.eventId, eventId),
        eq(orders.status, 'reserved'),
        sql`${orders.expiresAt} > now()`,
      ),
    )
    .orderBy(desc(orders.createdAt));
  const holds = new Map<string, OrderRow>();
  for (const row of rows) if (row.buyerUserId && !holds.has(row.buyerUserId)) holds.set(row.buyerUserId, row);
  return holds;
}

/** Whether the event has holds past their deadline that still count as sold (not yet swept). */
export async function hasExpiredHolds(tx: Tx, eventId: string): Promise<boolean> {
  const rows = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.eventId, eventId), eq(orders.status, 'reserved'), sql`${orders.expiresAt} <= now()`))
    .limit(1);
  return rows.length > 0;
}

/** Locks the ticket types a batch asks for, in id order (the order every seat-taker locks them). */
export async function lockTicketTypes(tx: Tx, ids: string[]) {
  if (ids.length === 0) return [];
  return tx
    .select({ id: ticketTypes.id, capacity: ticketTypes.capacity, sold: ticketTypes.sold })
    .from(ticketTypes)
    .where(inArray(ticketTypes.id, [...new Set(ids)]))
    .orderBy(asc(ticketTypes.id))
    .for('update');
}

/** Seats left for an event with an overall capacity; call with the event row locked. */
export async function eventSeatsLeft(tx: Tx, eventId: string): Promise<number | null> {
  const result = await tx.execute(
    sql`select e.capacity - (select coalesce(sum(tt.sold), 0) from ticket_types tt where tt.event_id = e.id) as left_
        from events e where e.id = ${eventId}`,
  );
  const row = (result as unknown as { rows: { left_: number | string | null }[] }).rows[0];
  return row?.left_ === null || row?.left_ === undefined ? null : Number(row.left_);
}

/**
 * Inserts many reservations at once: orders (ids chosen by the caller, so items and transitions
 * need no round trip back), their items and their first transition — three statements for any
 * number of orders.
 */
export async function insertOrders(tx: Tx, list: (NewOrder & { id: string })[]): Promise<OrderRow[]> {
  if (list.length === 0) return [];
  const rows = await tx
    .insert(orders)
    .values(
      list.map((o) => ({
        id: o.id,
        eventId: o.eventId,
        buyerUserId: o.buyerUserId,
        buyerFirstName: o.buyer.firstName,
        buyerLastName: o.buyer.lastName,
        buyerEmail: o.buyer.email,
        buyerPhone: o.buyer.phone,
        attendees: o.attendees,
        status: 'reserved' as const,
        expiresAt: o.expiresAt,
        ...o.totals,
      })),
    )
    .returning();
  await tx.insert(orderItems).values(list.flatMap((o) => o.items.map((i) => ({ ...i, orderId: o.id }))));
  await tx
    .insert(orderEvents)
    .values(
      list.map((o) => ({ orderId: o.id, fromStatus: null, toStatus: 'reserved' as const, note: null })),
    );
  return rows;
}

/**
 * The batch's seats: ONE conditional UPDATE for every type, `sold + n <= capacity` per row (the
 * guard, whatever the caller computed). Returns the ids it updated; a missing one means refused.
 */
export async function takeSeatTotals(tx: Tx, taken: Map<string, number>): Promise<Set<string>> {
  const list = [...taken].filter(([, n]) => n > 0).sort((a, b) => a[0].localeCompare(b[0]));
  if (list.length === 0) return new Set();
  const values = sql.join(
    list.map(([id, n]) => sql`(${id}::uuid, ${n}::int)`),
    sql`, `,
  );
  const result = await tx.execute(
    sql`update ticket_types t set sold = t.sold + d.n from (values ${values}) as d(id, n)
        where t.id = d.id and (t.capacity is null or t.sold + d.n <= t.capacity) returning t.id`,
  );
  return new Set((result as unknown as { rows: { id: string }[] }).rows.map((r) => r.id));
}
