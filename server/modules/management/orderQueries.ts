import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { koboToNaira } from '../../../contract/money';
import type { GuestRow, SalesResponse } from '../../../contract/organiser';
import type { Database } from '../../db/client';
import { orderItems, orders, ticketTypes } from '../../db/schema';

/**
 * Every organiser figure that comes from orders lives here (sold counts, revenue, guestlist, sales),
 * so the checkout work can adapt them in one place as orders grow. A sale is an order whose status
 * is 'paid'; amounts are summed in kobo in SQL.
 */

const PAID = 'paid';

/** The order number people see is checkout's own order reference ('GP-…'). */
const orderNumberSql = sql<string>`${orders.reference}`;
/** Real sales only: orders paid through the test-mode provider are left out of revenue and totals. */
const realSale = eq(orders.testMode, false);

export type EventFigures = { sold: number; revenueKobo: number };

/** Tickets sold and revenue (kobo) per event, for the given events; events without sales are absent. */
export async function figuresByEvent(db: Database, eventIds: string[]): Promise<Map<string, EventFigures>> {
  if (eventIds.length === 0) return new Map();
  const rows = await db
    .select({
      eventId: orders.eventId,
      sold: sql<number>`coalesce(sum(${orderItems.quantity}), 0)`.mapWith(Number),
      revenueKobo:
        sql<number>`coalesce(sum(${orderItems.quantity}::bigint * ${orderItems.unitPriceKobo}), 0)`.mapWith(
          Number,
        ),
    })
    .from(orders)
    .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
    .where(and(inArray(orders.eventId, eventIds), eq(orders.status, PAID), realSale))
    .groupBy(orders.eventId);
  return new Map(rows.map((r) => [r.eventId, { sold: r.sold, revenueKobo: r.revenueKobo }]));
}

/** Tickets sold per ticket type of one event (paid orders). */
export async function soldByTicketType(db: Database, eventId: string): Promise<Map<string, number>> {
  const rows = await db
    .select({
      ticketTypeId: orderItems.ticketTypeId,
      sold: sql<number>`coalesce(sum(${orderItems.quantity}), 0)`.mapWith(Number),
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(and(eq(orders.eventId, eventId), eq(orders.status, PAID)))
    .groupBy(orderItems.ticketTypeId);
  return new Map(rows.map((r) => [r.ticketTypeId, r.sold]));
}

/** Whether any order (paid, pending or past) holds this ticket type: such a type cannot be deleted. */
export async function ticketTypeHasOrders(db: Database, ticketTypeId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: orderItems.id })
    .from(orderItems)
    .where(eq(orderItems.ticketTypeId, ticketTypeId))
    .limit(1);
  return !!row;
}

function likePattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Paid order lines of an event, newest first; `q` matches buyer name, email, ticket name or order
 * number (case-insensitive).
 */
export async function guestlist(db: Database, eventId: string, q?: string): Promise<GuestRow[]> {
  const search = q?.trim()
    ? sql`(${orders.buyerFirstName} || ' ' || ${orders.buyerLastName} || ' ' || ${orders.buyerEmail} || ' ' || ${ticketTypes.ticketName} || ' ' || ${orderNumberSql}) ilike ${likePattern(q.trim())}`
    : undefined;
  const rows = await db
    .select({
      orderId: orders.id,
      ticketName: ticketTypes.ticketName,
      quantity: orderItems.quantity,
      firstName: orders.buyerFirstName,
      lastName: orders.buyerLastName,
      email: orders.buyerEmail,
      reference: orders.reference,
      testMode: orders.testMode,
      paidAt: orders.paidAt,
      createdAt: orders.createdAt,
    })
    .from(orders)
    .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
    .innerJoin(ticketTypes, eq(ticketTypes.id, orderItems.ticketTypeId))
    .where(and(eq(orders.eventId, eventId), eq(orders.status, PAID), search))
    .orderBy(
      desc(sql`coalesce(${orders.paidAt}, ${orders.createdAt})`),
      desc(orders.id),
      ticketTypes.ticketName,
    );
  return rows.map((r) => ({
    orderId: r.orderId,
    ticketName: r.ticketName,
    quantity: r.quantity,
    purchasedBy: `${r.firstName} ${r.lastName}`.trim(),
    email: r.email,
    orderNumber: r.reference,
    orderDate: (r.paidAt ?? r.createdAt).toISOString(),
    testMode: r.testMode,
  }));
}

/** Per ticket type of the event (every type, sold or not): price, sold, revenue; plus totals. */
export async function salesReport(db: Database, eventId: string): Promise<SalesResponse> {
  const paidLines = db
    .select({
      ticketTypeId: orderItems.ticketTypeId,
      quantity: orderItems.quantity,
      amountKobo: sql<number>`${orderItems.quantity}::bigint * ${orderItems.unitPriceKobo}`.as('amount_kobo'),
      orderId: orders.id,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(and(eq(orders.eventId, eventId), eq(orders.status, PAID), realSale))
    .as('paid_lines');
  const rows = await db
    .select({
      ticketId: ticketTypes.id,
      ticketName: ticketTypes.ticketName,
      priceKobo: ticketTypes.priceKobo,
      sold: sql<number>`coalesce(sum(${paidLines.quantity}), 0)`.mapWith(Number),
      revenueKobo: sql<number>`coalesce(sum(${paidLines.amountKobo}), 0)`.mapWith(Number),
    })
    .from(ticketTypes)
    .leftJoin(paidLines, eq(paidLines.ticketTypeId, ticketTypes.id))
    .where(eq(ticketTypes.eventId, eventId))
    .groupBy(ticketTypes.id)
    .orderBy(ticketTypes.priceKobo, ticketTypes.createdAt);
  const [orderCount] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(orders)
    .where(and(eq(orders.eventId, eventId), eq(orders.status, PAID), realSale));
  const totalKobo = rows.reduce((sum, r) => sum + r.revenueKobo, 0);
  return {
    rows: rows.map((r) => ({
      ticketId: r.ticketId,
      ticketName: r.ticketName,
      ticketPrice: koboToNaira(r.priceKobo),
      sold: r.sold,
      revenue: koboToNaira(r.revenueKobo),
    })),
    totals: {
      sold: rows.reduce((sum, r) => sum + r.sold, 0),
      revenue: koboToNaira(totalKobo),
      orders: orderCount?.n ?? 0,
    },
  };
}
