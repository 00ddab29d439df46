import { and, desc, eq, inArray, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import { koboToNaira } from '../../../contract/money';
import type { GuestlistQuery, GuestRow, GuestTicket, SalesResponse } from '../../../contract/organiser';
import {
  ARRIVAL_BUCKET_MINUTES,
  type CheckinChartsResponse,
  type SalesBucket,
  type SalesChartsResponse,
} from '../../../contract/organiserCharts';
import type { TicketChange } from '../../../contract/ticketChanges';
import type { Database } from '../../db/client';
import {
  issuedTickets,
  orderItems,
  orderRefunds,
  orders,
  ticketChanges,
  ticketCheckins,
  ticketTypes,
} from '../../db/schema';
import { ORGANISER_GATE } from '../checkin/counts';

/**
 * Every organiser figure that comes from orders lives here (sold counts, revenue, guestlist, sales),
 * so the checkout work can adapt them in one place as orders grow. A sale is an order whose status
 * is 'paid'; amounts are summed in kobo in SQL.
 */

const PAID = 'paid';
/**
 * Seats of a paid order line still sold: the organiser's partial refunds (decision 044) took the
 * rest back, so every count and revenue below uses this, never the line's original quantity.
 */
const kept = sql`(${orderItems.quantity} - ${orderItems.refundedQuantity})`;

/** The order number people see is checkout's own order reference ('GP-…'). */
const orderNumberSql = sql<string>`${orders.reference}`;
/**
 * Paid order lines summed per event and ticket type: the one query every sold count and revenue on
 * every organiser screen comes from (Tickets tab, Sales, My events cards, the event's figures), so
 * they always agree. Orders settled by the test-mode provider are counted like any other and also
 * summed on their own, so every screen can label them (or leave them out when asked) — never drop
 * them silently.
 */
export type Figures = { sold: number; revenueKobo: number; testSold: number; testRevenueKobo: number };
const NONE: Figures = { sold: 0, revenueKobo: 0, testSold: 0, testRevenueKobo: 0 };

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
    })
    .from(orders)
    .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
    .where(and(inArray(orders.eventId, eventIds), eq(orders.status, PAID)))
    .groupBy(orders.eventId, orderItems.ticketTypeId);
}

const add = (a: Figures, b: Figures): Figures => ({
  sold: a.sold + b.sold,
  revenueKobo: a.revenueKobo + b.revenueKobo,
  testSold: a.testSold + b.testSold,
  testRevenueKobo: a.testRevenueKobo + b.testRevenueKobo,
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
        ticketName: ticketTypes.ticketName,
        quantity: sql<number>`${kept}`.mapWith(Number),
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
      .where(and(eq(orders.eventId, eventId), eq(orders.status, PAID), sql`${kept} > 0`, search))
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
      purchasedBy: `${r.firstName} ${r.lastName}`.trim(),
      email: r.email,
      orderNumber: r.reference,
      orderDate: (r.paidAt ?? r.createdAt).toISOString(),
      testMode: r.testMode,
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
      id: r.id,
      attendeeName: `${r.firstName} ${r.lastName}`.trim(),
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
export async function salesReport(db: Database, eventId: string): Promise<SalesResponse> {
  const [types, figures, [orderCount]] = await Promise.all([
    db
      .select({ id: ticketTypes.id, ticketName: ticketTypes.ticketName, priceKobo: ticketTypes.priceKobo })
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
    })),
    totals: {
      sold: total.sold,
      revenue: koboToNaira(total.revenueKobo),
      orders: orderCount?.n ?? 0,
      testSold: total.testSold,
      testRevenue: koboToNaira(total.testRevenueKobo),
      testOrders: orderCount?.test ?? 0,
    },
  };
}

/* ---------- Over time (the organiser's charts, decision 039) ---------- */

const HOUR_S = 3600;
const DAY_S = 86_400;
/** Lagos is UTC+1 all year (no daylight saving): a Lagos day starts at 23:00 UTC the day before. */
const WAT_S = 3600;
export const HOURLY_WINDOW_S = 48 * HOUR_S;

/** When an order sold: when it was paid (orders paid before paid_at existed: when made), as guestlist does. */
const soldAt = sql`coalesce(${orders.paidAt}, ${orders.createdAt})`;
/** Epoch seconds of the start of the bucket `at` falls in: `size` seconds long, `offset` seconds east of UTC. */
const bucketSql = (at: SQL, size: number, offset: number) =>
  sql<number>`(floor((extract(epoch from ${at}) + ${sql.raw(String(offset))}) / ${sql.raw(String(size))}) * ${sql.raw(String(size))} - ${sql.raw(String(offset))})::bigint`.mapWith(
    Number,
  );
const isoAt = (epochSeconds: number) => new Date(epochSeconds * 1000).toISOString();

type Bucketing = { size: number; offset: number; from?: Date; until?: Date };

/**
 * Paid order lines per bucket and ticket type, with the test-mode share and the tickets in orders
 * that used a discount code; and, per bucket, the discount those orders were given (summed per order,
 * not per line, so a two-line order's discount counts once). The same paid orders as `paidByType`,
 * so summing every bucket gives the Sales tab's figures.
 */
async function salesBuckets(db: Database, eventId: string, b: Bucketing): Promise<SalesBucket[]> {
  const bucket = bucketSql(soldAt, b.size, b.offset);
  const within = and(
    eq(orders.eventId, eventId),
    eq(orders.status, PAID),
    b.from ? sql`${soldAt} >= ${b.from.toISOString()}::timestamptz` : undefined,
    b.until ? sql`${soldAt} < ${b.until.toISOString()}::timestamptz` : undefined,
  );
  const amount = sql`${kept}::bigint * ${orderItems.unitPriceKobo}`;
  const coded = sql`${orders.discountCodeId} is not null`;
  const [lines, discounts] = await Promise.all([
    db
      .select({
        bucket,
        ticketTypeId: orderItems.ticketTypeId,
        sold: sql<number>`sum(${kept})`.mapWith(Number),
        revenueKobo: sql<number>`sum(${amount})`.mapWith(Number),
        testSold: sql<number>`coalesce(sum(${kept}) filter (where ${orders.testMode}), 0)`.mapWith(Number),
        testRevenueKobo: sql<number>`coalesce(sum(${amount}) filter (where ${orders.testMode}), 0)`.mapWith(
          Number,
        ),
        discountedSold: sql<number>`coalesce(sum(${kept}) filter (where ${coded}), 0)`.mapWith(Number),
        testDiscountedSold:
          sql<number>`coalesce(sum(${kept}) filter (where ${coded} and ${orders.testMode}), 0)`.mapWith(
            Number,
          ),
      })
      .from(orders)
      .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
      .where(within)
      .groupBy(sql`1`, orderItems.ticketTypeId),
    db
      .select({
        bucket,
        discountKobo: sql<number>`coalesce(sum(${orders.discountKobo}), 0)`.mapWith(Number),
        testDiscountKobo:
          sql<number>`coalesce(sum(${orders.discountKobo}) filter (where ${orders.testMode}), 0)`.mapWith(
            Number,
          ),
      })
      .from(orders)
      .where(within)
      .groupBy(sql`1`),
  ]);
  const byStart = new Map<number, SalesBucket>();
  const at = (start: number) => {
    let found = byStart.get(start);
    if (!found) {
      found = {
        start: isoAt(start),
        perType: [],
        discount: 0,
        testDiscount: 0,
      };
      byStart.set(start, found);
    }
    return found;
  };
  for (const l of lines) {
    const into = at(l.bucket);
    into.perType.push({
      ticketId: l.ticketTypeId,
      sold: l.sold,
      revenue: koboToNaira(l.revenueKobo),
      testSold: l.testSold,
      testRevenue: koboToNaira(l.testRevenueKobo),
      discountedSold: l.discountedSold,
      testDiscountedSold: l.testDiscountedSold,
    });
  }
  for (const d of discounts) {
    const into = at(d.bucket);
    into.discount = koboToNaira(d.discountKobo);
    into.testDiscount = koboToNaira(d.testDiscountKobo);
  }
  return [...byStart.entries()]
    .sort(([a], [b]) => a - b)
    .map(([, v]) => ({ ...v, perType: v.perType.sort((x, y) => x.ticketId.localeCompare(y.ticketId)) }));
}

/**
 * Money of the event's orders in kobo: paid orders' discounts and Gatepass's fee, and the ticket
 * money of orders now refunded or due a refund (paid, then taken out of the sales); each with its
 * test-mode share.
 */
async function moneyKobo(db: Database, eventId: string) {
  const paid = sql`${orders.status} = ${PAID}`;
  const refunded = sql`${orders.status} in ('refund_due', 'refunded') and ${orders.paidAt} is not null`;
  const test = sql`${orders.testMode}`;
  const sum = (what: SQL, where: SQL) =>
    sql<number>`coalesce(sum(${what}) filter (where ${where}), 0)`.mapWith(Number);
  const ticketMoney = sql`${orders.subtotalKobo} - ${orders.discountKobo}`;
  // The organiser's partial refunds of orders still paid (decision 044): all of them count as
  // refunds; those of an amount alone (no seats taken back, so not out of the gross) also lower
  // what the organiser receives.
  const partial = sql`(select coalesce(sum(r.amount_kobo), 0) from ${orderRefunds} r where r.order_id = ${orders.id})`;
  const amountOnly = sql`(select coalesce(sum(r.amount_kobo), 0) from ${orderRefunds} r where r.order_id = ${orders.id} and cardinality(r.ticket_ids) = 0)`;
  const [row] = await db
    .select({
      discountKobo: sum(sql`${orders.discountKobo}`, paid),
      feesKobo: sum(sql`${orders.feesKobo}`, paid),
      refundsKobo: sql<number>`${sum(ticketMoney, refunded)} + ${sum(partial, paid)}`.mapWith(Number),
      amountRefundsKobo: sum(amountOnly, paid),
      testAmountRefundsKobo: sum(amountOnly, sql`${paid} and ${test}`),
      testDiscountKobo: sum(sql`${orders.discountKobo}`, sql`${paid} and ${test}`),
      testFeesKobo: sum(sql`${orders.feesKobo}`, sql`${paid} and ${test}`),
      testRefundsKobo:
        sql<number>`${sum(ticketMoney, sql`${refunded} and ${test}`)} + ${sum(partial, sql`${paid} and ${test}`)}`.mapWith(
          Number,
        ),
    })
    .from(orders)
    .where(eq(orders.eventId, eventId));
  return row!;
}

const moneyOf = (
  grossKobo: number,
  discountKobo: number,
  feesKobo: number,
  refundsKobo: number,
  amountRefundsKobo = 0,
) => ({
  gross: koboToNaira(grossKobo),
  discounts: koboToNaira(discountKobo),
  gatepassFee: koboToNaira(feesKobo),
  refunds: koboToNaira(refundsKobo),
  organiserReceives: koboToNaira(grossKobo - discountKobo - amountRefundsKobo),
});

/**
 * The Sales tab's charts: sales per Lagos day, per hour in the 48 hours before the event starts, and
 * the money. `gross` is the Sales tab's revenue (the same `paidByType` figures).
 */
export async function salesCharts(
  db: Database,
  eventId: string,
  eventStart: Date,
): Promise<SalesChartsResponse> {
  const [types, figures, daily, hourly, money] = await Promise.all([
    db
      .select({ ticketId: ticketTypes.id, ticketName: ticketTypes.ticketName })
      .from(ticketTypes)
      .where(eq(ticketTypes.eventId, eventId))
      .orderBy(ticketTypes.priceKobo, ticketTypes.createdAt),
    figuresByTicketType(db, eventId),
    salesBuckets(db, eventId, { size: DAY_S, offset: WAT_S }),
    salesBuckets(db, eventId, {
      size: HOUR_S,
      offset: 0,
      from: new Date(eventStart.getTime() - HOURLY_WINDOW_S * 1000),
      until: eventStart,
    }),
    moneyKobo(db, eventId),
  ]);
  const total = [...figures.values()].reduce(add, NONE);
  return {
    eventStart: eventStart.toISOString(),
    ticketTypes: types,
    daily,
    hourly,
    money: {
      ...moneyOf(
        total.revenueKobo,
        money.discountKobo,
        money.feesKobo,
        money.refundsKobo,
        money.amountRefundsKobo,
      ),
      paystackFee: null,
      test: moneyOf(
        total.testRevenueKobo,
        money.testDiscountKobo,
        money.testFeesKobo,
        money.testRefundsKobo,
        money.testAmountRefundsKobo,
      ),
    },
  };
}

/**
 * The Check-in tab's charts: live tickets checked in per 15 minutes and gate (the time on the ticket,
 * its first admission; the gate as the Check-in tab's counts name it), and per ticket type checked in
 * beside sold (the Sales tab's figure). A revoked ticket admits nobody, so it is in neither.
 */
export async function checkinCharts(db: Database, eventId: string): Promise<CheckinChartsResponse> {
  const size = ARRIVAL_BUCKET_MINUTES * 60;
  const gate = sql<string>`coalesce(${ticketCheckins.gate}, ${ORGANISER_GATE})`;
  const live = and(
    eq(issuedTickets.eventId, eventId),
    isNull(issuedTickets.revokedAt),
    isNotNull(issuedTickets.checkedInAt),
  );
  const [types, figures, arrivals, inByType] = await Promise.all([
    db
      .select({ ticketId: ticketTypes.id, ticketName: ticketTypes.ticketName })
      .from(ticketTypes)
      .where(eq(ticketTypes.eventId, eventId))
      .orderBy(ticketTypes.priceKobo, ticketTypes.createdAt),
    figuresByTicketType(db, eventId),
    db
      .select({
        bucket: bucketSql(sql`${issuedTickets.checkedInAt}`, size, 0),
        gate,
        checkedIn: sql<number>`count(*)`.mapWith(Number),
        testCheckedIn: sql<number>`count(*) filter (where ${orders.testMode})`.mapWith(Number),
      })
      .from(issuedTickets)
      .innerJoin(orders, eq(orders.id, issuedTickets.orderId))
      .leftJoin(ticketCheckins, eq(ticketCheckins.ticketId, issuedTickets.id))
      .where(live)
      .groupBy(sql`1`, sql`2`)
      .orderBy(sql`1`, sql`2`),
    db
      .select({
        ticketTypeId: issuedTickets.ticketTypeId,
        checkedIn: sql<number>`count(*)`.mapWith(Number),
        testCheckedIn: sql<number>`count(*) filter (where ${orders.testMode})`.mapWith(Number),
      })
      .from(issuedTickets)
      .innerJoin(orders, eq(orders.id, issuedTickets.orderId))
      .where(live)
      .groupBy(issuedTickets.ticketTypeId),
  ]);
  const checked = new Map(inByType.map((r) => [r.ticketTypeId, r]));
  return {
    bucketMinutes: ARRIVAL_BUCKET_MINUTES,
    gates: [...new Set(arrivals.map((a) => a.gate))].sort(),
    arrivals: arrivals.map((a) => ({
      start: isoAt(a.bucket),
      gate: a.gate,
      checkedIn: a.checkedIn,
      testCheckedIn: a.testCheckedIn,
    })),
    perType: types.map((t) => {
      const f = figures.get(t.ticketId) ?? NONE;
      const c = checked.get(t.ticketId);
      return {
        ...t,
        sold: f.sold,
        testSold: f.testSold,
        checkedIn: c?.checkedIn ?? 0,
        testCheckedIn: c?.testCheckedIn ?? 0,
      };
    }),
  };
}
