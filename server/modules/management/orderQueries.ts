import { and, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { koboToNaira } from '../../../contract/money';
import type { GuestlistQuery, GuestRow, GuestTicket, SalesResponse } from '../../../contract/organiser';
import type { TicketChange } from '../../../contract/ticketChanges';
import type { Database } from '../../db/client';
import {
  issuedTickets,
  orderItems,
  orders,
  ticketChanges,
  ticketCheckins,
  ticketTypes,
} from '../../db/schema';
import { gateName } from '../checkin/counts';
import { ticketNameWithDate } from '../event-dates/data';

/**
 * Every organiser figure that comes from orders lives here (sold counts, revenue, guestlist, sales),
 * so the checkout work can adapt them in one place as orders grow. A sale is an order whose status
 * is 'paid'; amounts are summed in kobo in SQL.
 */

export const PAID = 'paid';
/**
 * Seats of a paid order line still sold: the organiser's partial refunds (decision 044) took the
 * rest back, so every count and revenue below uses this, never the line's original quantity.
 */
export const kept = sql`(${orderItems.quantity} - ${orderItems.refundedQuantity})`;

/** The order number people see is checkout's own order reference ('GP-…'). */
const orderNumberSql = sql<string>`${orders.reference}`;
/** Sold at the door's box office (decision 062). */
const door = sql`${orders.channel} = 'door'`;
/**
 * Paid order lines summed per event and ticket type: the one query every sold count and revenue on
 * every organiser screen comes from (Tickets tab, Sales, My events cards, the event's figures), so
 * they always agree. Orders settled by the test-mode provider are counted like any other and also
 * summed on their own, so every screen can label them (or leave them out when asked) — never drop
 * them silently.
 */
export type Figures = {
  sold: number;
  revenueKobo: number;
  testSold: number;
  testRevenueKobo: number;
  /** The share sold at the door's box office (decision 062), labelled on the Sales tab. */
  doorSold: number;
  doorRevenueKobo: number;
};
export const NONE: Figures = {
  sold: 0,
  revenueKobo: 0,
  testSold: 0,
  testRevenueKobo: 0,
  doorSold: 0,
  doorRevenueKobo: 0,
};

async function paidByType(db: Database, eventIds: string[]) {
  if (eventIds.length === 0) return [];
  const amount = sql`${kept}::bigint * ${orderItems.unitPriceKobo}`;
  return db
    .select({
      eventId: orders.eventId,
      ticketTypeId: orderItems.ticketTypeId,
      sold: sql<number>`coalesce(sum(${kept}), 0)`.mapWith(Number),
      revenueKobo: sql<number>`coalesce(sum(${amount}), 0)`.mapWith(Number),
      testSold: sql<number>`coalesce(sum(${kept}) filter (where ${orders.testMode}), 0)`.mapWith(Number),
      testRevenueKobo: sql<number>`coalesce(sum(${amount}) filter (where ${orders.testMode}), 0)`.mapWith(
        Number,
      ),
      doorSold: sql<number>`coalesce(sum(${kept}) filter (where ${door}), 0)`.mapWith(Number),
      doorRevenueKobo: sql<number>`coalesce(sum(${amount}) filter (where ${door}), 0)`.mapWith(Number),
    })
    .from(orders)
    .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
    .where(and(inArray(orders.eventId, eventIds), eq(orders.status, PAID)))
    .groupBy(orders.eventId, orderItems.ticketTypeId);
}

export const add = (a: Figures, b: Figures): Figures => ({
  sold: a.sold + b.sold,
  revenueKobo: a.revenueKobo + b.revenueKobo,
  testSold: a.testSold + b.testSold,
  testRevenueKobo: a.testRevenueKobo + b.testRevenueKobo,
  doorSold: a.doorSold + b.doorSold,
  doorRevenueKobo: a.doorRevenueKobo + b.doorRevenueKobo,
});

export type EventFigures = Figures;

/** Tickets sold and revenue (kobo) per event, test-mode share included; events without sales are absent. */
export async function figuresByEvent(db: Database, eventIds: string[]): Promise<Map<string, Figures>> {
  const out = new Map<string, Figures>();
  for (const r of await paidByType(db, eventIds)) out.set(r.eventId, add(out.get(r.eventId) ?? NONE, r));
  return out;
}

/** Paid figures per ticket type of one event. */
export async function figuresByTicketType(db: Database, eventId: string): Promise<Map<string, Figures>> {
  return new Map((await paidByType(db, [eventId])).map((r) => [r.ticketTypeId, r]));
}

/** Tickets sold per ticket type of one event (paid orders, test mode included). */
export async function soldByTicketType(db: Database, eventId: string): Promise<Map<string, number>> {
  return new Map([...(await figuresByTicketType(db, eventId))].map(([id, f]) => [id, f.sold]));
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
  const [rows, tickets, changes] = await Promise.all([
    db
      .select({
        orderId: orders.id,
        ticketTypeId: orderItems.ticketTypeId,
        // With its date on a multi-date event ('Regular · Night 2 · Sat 5 Dec'), as tickets name it.
        ticketName: ticketNameWithDate,
        tableSize: ticketTypes.tableSize,
        // A refunded order (its status no longer 'paid') keeps no seat; a paid one its unrefunded ones.
        quantity: sql<number>`case when ${orders.status} = ${PAID} then ${kept} else 0 end`.mapWith(Number),
        refunded:
          sql<number>`case when ${orders.status} = ${PAID} then ${orderItems.refundedQuantity} else ${orderItems.quantity} end`.mapWith(
            Number,
          ),
        firstName: orders.buyerFirstName,
        lastName: orders.buyerLastName,
        email: orders.buyerEmail,
        reference: orders.reference,
        testMode: orders.testMode,
        channel: orders.channel,
        paidAt: orders.paidAt,
        createdAt: orders.createdAt,
      })
      .from(orders)
      .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
      .innerJoin(ticketTypes, eq(ticketTypes.id, orderItems.ticketTypeId))
      // Paid orders, and those refunded after paying: a refund marks the line, it does not hide it.
      .where(
        and(
          eq(orders.eventId, eventId),
          inArray(orders.status, [PAID, 'refund_due', 'refunded']),
          isNotNull(orders.paidAt),
          search,
        ),
      )
      .orderBy(
        desc(sql`coalesce(${orders.paidAt}, ${orders.createdAt})`),
        desc(orders.id),
        ticketTypes.ticketName,
      ),
    eventTicketCheckins(db, eventId),
    eventTicketChanges(db, eventId),
  ]);
  const lines = rows.map((r) => {
    const own = tickets.get(`${r.orderId}:${r.ticketTypeId}`) ?? [];
    return {
      orderId: r.orderId,
      ticketName: r.ticketName,
      quantity: r.quantity,
      refunded: r.refunded,
      purchasedBy: `${r.firstName} ${r.lastName}`.trim(),
      email: r.email,
      orderNumber: r.reference,
      orderDate: (r.paidAt ?? r.createdAt).toISOString(),
      testMode: r.testMode,
      // Only on door sales (decision 062): an online order's line reads as before.
      ...(r.channel === 'door' ? { doorSale: true } : {}),
      // A table type's line counts tables; its tickets are the tables' guests (decision 067).
      ...(r.tableSize ? { tableSize: r.tableSize } : {}),
      tickets: own,
      checkedIn: own.filter((t) => t.checkedInAt).length,
      changes: changes.get(`${r.orderId}:${r.ticketTypeId}`) ?? [],
    };
  });
  if (filter.checkin === 'in') return lines.filter((l) => l.checkedIn > 0);
  if (filter.checkin === 'out') return lines.filter((l) => l.checkedIn < l.tickets.length);
  return lines;
}

/** The event's ticket history (transfers, name corrections, edits) keyed by order and ticket type, oldest first. */
async function eventTicketChanges(db: Database, eventId: string): Promise<Map<string, TicketChange[]>> {
  const rows = await db
    .select()
    .from(ticketChanges)
    .where(eq(ticketChanges.eventId, eventId))
    .orderBy(ticketChanges.createdAt, ticketChanges.id);
  const byLine = new Map<string, TicketChange[]>();
  for (const r of rows) {
    const key = `${r.orderId}:${r.ticketTypeId}`;
    const list = byLine.get(key) ?? [];
    list.push({
      kind: r.kind,
      seat: r.seat,
      fromName: r.fromName,
      fromEmail: r.fromEmail,
      toName: r.toName,
      toEmail: r.toEmail,
      at: r.createdAt.toISOString(),
    });
    byLine.set(key, list);
  }
  return byLine;
}

/**
 * The event's live tickets keyed by order and ticket type, by seat, with their check-in. The time is
 * the one on the ticket (`issued_tickets.checked_in_at`, the earliest scan, written with the
 * check-in row); the gate comes from that row. A revoked ticket admits nobody, so it is left out.
 */
async function eventTicketCheckins(db: Database, eventId: string): Promise<Map<string, GuestTicket[]>> {
  const rows = await db
    .select({
      id: issuedTickets.id,
      orderId: issuedTickets.orderId,
      ticketTypeId: issuedTickets.ticketTypeId,
      firstName: issuedTickets.attendeeFirstName,
      lastName: issuedTickets.attendeeLastName,
      reference: issuedTickets.reference,
      checkedInAt: issuedTickets.checkedInAt,
      // Named as the Check-in tab's counts name it: the link's label, or the scanner's name.
      gate: gateName(ticketCheckins.gate, ticketCheckins.userId),
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
      id: r.id,
      attendeeName: `${r.firstName} ${r.lastName}`.trim(),
      reference: r.reference,
      checkedInAt: r.checkedInAt?.toISOString() ?? null,
      gate: r.checkedInAt ? (r.gate ?? null) : null,
    });
    byLine.set(key, list);
  }
  return byLine;
}

/**
 * Per ticket type of the event (every type, sold or not): price, sold and revenue with their
 * test-mode share; plus totals and the paid orders (and how many of them were test mode).
 */
export async function salesReport(db: Database, eventId: string): Promise<Omit<SalesResponse, 'byPromoter'>> {
  const [types, figures, [orderCount]] = await Promise.all([
    db
      .select({
        id: ticketTypes.id,
        ticketName: ticketNameWithDate,
        priceKobo: ticketTypes.priceKobo,
        tableSize: ticketTypes.tableSize,
      })
      .from(ticketTypes)
      .where(eq(ticketTypes.eventId, eventId))
      .orderBy(ticketTypes.priceKobo, ticketTypes.createdAt),
    figuresByTicketType(db, eventId),
    db
      .select({
        n: sql<number>`count(*)`.mapWith(Number),
        test: sql<number>`count(*) filter (where ${orders.testMode})`.mapWith(Number),
      })
      .from(orders)
      .where(and(eq(orders.eventId, eventId), eq(orders.status, PAID))),
  ]);
  const rows = types.map((t) => ({ ...t, f: figures.get(t.id) ?? NONE }));
  const total = rows.reduce((sum, r) => add(sum, r.f), NONE);
  return {
    rows: rows.map((r) => ({
      ticketId: r.id,
      ticketName: r.ticketName,
      ticketPrice: koboToNaira(r.priceKobo),
      sold: r.f.sold,
      revenue: koboToNaira(r.f.revenueKobo),
      testSold: r.f.testSold,
      testRevenue: koboToNaira(r.f.testRevenueKobo),
      ...(r.f.doorSold > 0 ? { doorSold: r.f.doorSold, doorRevenue: koboToNaira(r.f.doorRevenueKobo) } : {}),
      // Only a table type (decision 067): `sold` counts tables, each of `tableSize` seats.
      ...(r.tableSize ? { tableSize: r.tableSize } : {}),
    })),
    totals: {
      sold: total.sold,
      revenue: koboToNaira(total.revenueKobo),
      orders: orderCount?.n ?? 0,
      testSold: total.testSold,
      testRevenue: koboToNaira(total.testRevenueKobo),
      testOrders: orderCount?.test ?? 0,
      // People, where some type is a table (decision 067): tables × N plus every other ticket sold.
      ...(rows.some((r) => r.tableSize)
        ? { seats: rows.reduce((n, r) => n + r.f.sold * (r.tableSize ?? 1), 0) }
        : {}),
      // The door's share only where there is one (decision 062), so online-only events answer as before.
      ...(total.doorSold > 0
        ? { doorSold: total.doorSold, doorRevenue: koboToNaira(total.doorRevenueKobo) }
        : {}),
    },
  };
}
