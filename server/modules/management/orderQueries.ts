import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { koboToNaira } from '../../../contract/money';
import type { GuestlistQuery, GuestRow, GuestTicket, SalesResponse } from '../../../contract/organiser';
import type { Database } from '../../db/client';
import { issuedTickets, orderItems, orders, ticketCheckins, ticketTypes } from '../../db/schema';

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
 * number (case-insensitive). Each line carries its live tickets (by seat) with their check-in:
 * `checkin=in` keeps lines with someone checked in, `checkin=out` lines with someone not yet in.
 */
export async function guestlist(
  db: Database,
  eventId: string,
  filter: GuestlistQuery = {},
): Promise<GuestRow[]> {
  const q = filter.q?.trim();
  const search = q
    ? sql`(${orders.buyerFirstName} || ' ' || ${orders.buyerLastName} || ' ' || ${orders.buyerEmail} || ' ' || ${ticketTypes.ticketName} || ' ' || ${orderNumberSql}) ilike ${likePattern(q)}`
    : undefined;
  const [rows, tickets] = await Promise.all([
    db
      .select({
        orderId: orders.id,
        ticketTypeId: orderItems.ticketTypeId,
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
      ),
    eventTicketCheckins(db, eventId),
  ]);
  const lines = rows.map((r) => {
    const own = tickets.get(`${r.orderId}:${r.ticketTypeId}`) ?? [];
    return {
      orderId: r.orderId,
      ticketName: r.ticketName,
      quantity: r.quantity,
      purchasedBy: `${r.firstName} ${r.lastName}`.trim(),
      email: r.email,
      orderNumber: r.reference,
      orderDate: (r.paidAt ?? r.createdAt).toISOString(),
      testMode: r.testMode,
      tickets: own,
      checkedIn: own.filter((t) => t.checkedInAt).length,
    };
  });
  if (filter.checkin === 'in') return lines.filter((l) => l.checkedIn > 0);
  if (filter.checkin === 'out') return lines.filter((l) => l.checkedIn < l.tickets.length);
  return lines;
}

/**
 * The event's live tickets keyed by order and ticket type, by seat, with their check-in. The time is
 * the one on the ticket (`issued_tickets.checked_in_at`, the earliest scan, written with the
 * check-in row); the gate comes from that row. A revoked ticket admits nobody, so it is left out.
 */
async function eventTicketCheckins(db: Database, eventId: string): Promise<Map<string, GuestTicket[]>> {
  const rows = await db
    .select({
      orderId: issuedTickets.orderId,
      ticketTypeId: issuedTickets.ticketTypeId,
      firstName: issuedTickets.attendeeFirstName,
      lastName: issuedTickets.attendeeLastName,
      checkedInAt: issuedTickets.checkedInAt,
      gate: ticketCheckins.gate,
    })
    .from(issuedTickets)
    .leftJoin(ticketCheckins, eq(ticketCheckins.ticketId, issuedTickets.id))
    .where(and(eq(issuedTickets.eventId, eventId), isNull(issuedTickets.revokedAt)))
    .orderBy(issuedTickets.orderId, issuedTickets.seat);
  const byLine = new Map<string, GuestTicket[]>();
  for (const r of rows) {
    const key = `${r.orderId}:${r.ticketTypeId}`;
    const list = byLine.get(key) ?? [];
    list.push({
      attendeeName: `${r.firstName} ${r.lastName}`.trim(),
      checkedInAt: r.checkedInAt?.toISOString() ?? null,
      gate: r.checkedInAt ? (r.gate ?? null) : null,
    });
    byLine.set(key, list);
  }
  return byLine;
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
