/**
 * The organiser's charts (decision 039): the same paid orders and seats still sold as every other
 * figure (./orderQueries.ts, decision 037), bucketed over time.
 */
import { and, eq, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import { koboToNaira } from '../../../contract/money';
import {
  ARRIVAL_BUCKET_MINUTES,
  type CheckinChartsResponse,
  type SalesBucket,
  type SalesChartsResponse,
} from '../../../contract/organiserCharts';
import type { Database } from '../../db/client';
import {
  issuedTickets,
  orderItems,
  orderRefunds,
  orders,
  ticketCheckins,
  ticketTypes,
} from '../../db/schema';
import { gateName } from '../checkin/counts';
import { ticketNameWithDate } from '../event-dates/data';
import { add, figuresByTicketType, kept, NONE, PAID } from './orderQueries';
import { providerFeeTotals } from './providerFees';

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
        doorSold: sql<number>`coalesce(sum(${kept}) filter (where ${orders.channel} = 'door'), 0)`.mapWith(
          Number,
        ),
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
      ...(l.doorSold > 0 ? { doorSold: l.doorSold } : {}),
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
      // Fees the organiser absorbed (decision 066) come out of what they receive.
      absorbedFeesKobo: sum(sql`${orders.feesKobo}`, sql`${paid} and ${orders.feesAbsorbed}`),
      testAbsorbedFeesKobo: sum(sql`${orders.feesKobo}`, sql`${paid} and ${orders.feesAbsorbed} and ${test}`),
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
  /** Taken from the organiser besides discounts: refunds of an amount alone, and fees they absorbed. */
  deductedKobo: number,
  paystackFeeKobo: number,
  paystackFeeUnrecorded: number,
) => ({
  gross: koboToNaira(grossKobo),
  discounts: koboToNaira(discountKobo),
  gatepassFee: koboToNaira(feesKobo),
  refunds: koboToNaira(refundsKobo),
  organiserReceives: koboToNaira(grossKobo - discountKobo - deductedKobo),
  paystackFee: koboToNaira(paystackFeeKobo),
  paystackFeeUnrecorded,
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
  const [types, figures, daily, hourly, money, provider] = await Promise.all([
    db
      .select({ ticketId: ticketTypes.id, ticketName: ticketNameWithDate })
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
    providerFeeTotals(db, eventId),
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
        money.amountRefundsKobo + money.absorbedFeesKobo,
        provider.feeKobo,
        provider.unrecorded,
      ),
      test: moneyOf(
        total.testRevenueKobo,
        money.testDiscountKobo,
        money.testFeesKobo,
        money.testRefundsKobo,
        money.testAmountRefundsKobo + money.testAbsorbedFeesKobo,
        provider.testFeeKobo,
        provider.testUnrecorded,
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
  const gate = gateName(ticketCheckins.gate, ticketCheckins.userId);
  const live = and(
    eq(issuedTickets.eventId, eventId),
    isNull(issuedTickets.revokedAt),
    isNotNull(issuedTickets.checkedInAt),
  );
  const [types, figures, arrivals, inByType] = await Promise.all([
    db
      .select({ ticketId: ticketTypes.id, ticketName: ticketNameWithDate })
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
