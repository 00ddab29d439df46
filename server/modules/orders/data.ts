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

/**
 * Everything a reservation batch reads before it takes seats, in ONE round trip: the event, its
 * types (oldest first), which of these buyers already hold seats for it (their hold is replaced,
 * not doubled), and whether expired holds are still counted as sold.
 */
export async function batchState(db: Tx, eventId: string, buyerUserIds: string[]) {
  const buyers = [...new Set(buyerUserIds)];
  const holds =
    buyers.length === 0
      ? sql`'[]'::json`
      : sql`(select coalesce(json_agg(json_build_array(h.buyer_user_id, h.id)), '[]'::json) from (
          select distinct on (o.buyer_user_id) o.buyer_user_id, o.id from orders o
          where o.event_id = ${eventId} and o.status = 'reserved' and o.expires_at > now()
            and o.buyer_user_id in (${sql.join(
              buyers.map((b) => sql`${b}::uuid`),
              sql`, `,
            )})
          order by o.buyer_user_id, o.created_at desc) h)`;
  const rows = await db
    .select({
      event: events,
      type: ticketTypes,
      holds: sql<[string, string][]>`${holds}`,
      expired: sql<boolean>`exists(select 1 from orders x where x.event_id = ${eventId}
        and x.status = 'reserved' and x.expires_at <= now())`,
    })
    .from(events)
    .leftJoin(ticketTypes, eq(ticketTypes.eventId, events.id))
    .where(eq(events.id, eventId))
    .orderBy(asc(ticketTypes.createdAt));
  const first = rows[0];
  if (!first) return { event: null, types: [], holds: new Map<string, string>(), expired: false };
  const held =
    typeof first.holds === 'string' ? (JSON.parse(first.holds) as [string, string][]) : first.holds;
  return {
    event: first.event,
    types: rows.flatMap((r) => (r.type ? [r.type] : [])),
    holds: new Map(held),
    expired: Boolean(first.expired),
  };
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
