import * as z from 'zod/mini';
import { uuid } from './common';

/**
 * The organiser's charts (decision 039): sales over time on the Sales tab, arrivals over time on the
 * Check-in tab, and the Sales tab's CSV. Owner-only, like GET /api/events/:eventId/sales.
 *
 * - GET /api/events/:eventId/sales/charts   → salesChartsResponse
 * - GET /api/events/:eventId/sales.csv      → text/csv (one row per Lagos day and ticket type)
 * - GET /api/events/:eventId/checkins/charts → checkinChartsResponse
 *
 * Every figure comes from server/modules/management/orderQueries.ts, the one home of order figures,
 * so the series add up to the Sales tab's totals. Test-mode orders are counted and their share
 * carried beside (`testSold`, `testRevenue`, …), exactly as the Sales rows do. Times are instants
 * (ISO 8601, UTC); a day is a Lagos calendar day (WAT, UTC+1 all year).
 */

const naira = z.number().check(z.minimum(0));

/** One ticket type's sales in one bucket (types with no sale there are absent). */
export const typeInBucket = z.object({
  ticketId: uuid,
  sold: z.int(),
  revenue: naira,
  testSold: z.int(),
  testRevenue: naira,
  /** Of `sold`, tickets in orders that used a discount code. */
  discountedSold: z.int(),
  testDiscountedSold: z.int(),
  /** Of `sold`, tickets sold at the door's box office (decision 062); absent when none. */
  doorSold: z.optional(z.int()),
});
export type TypeInBucket = z.infer<typeof typeInBucket>;

/**
 * Paid orders in one bucket (a Lagos day, or an hour): per ticket type, and the discount codes'
 * share — tickets in orders that used a discount code, and the discount those orders were given.
 */
export const salesBucket = z.object({
  /** The bucket's first instant. */
  start: z.iso.datetime(),
  perType: z.array(typeInBucket),
  /** Given by discount codes to the bucket's orders. */
  discount: naira,
  testDiscount: naira,
});
export type SalesBucket = z.infer<typeof salesBucket>;

/** Money of paid orders, in Naira. */
export const moneyFigures = z.object({
  /** Tickets at their price (the Sales tab's revenue). */
  gross: naira,
  /** Given by discount codes. */
  discounts: naira,
  /** Gatepass's service fee, paid by buyers on top of the tickets. */
  gatepassFee: naira,
  /** Orders paid, then refunded (or due a refund): their tickets are no longer sold, so not in `gross`. */
  refunds: naira,
  /** Tickets at their price less discounts: what the buyers paid for the tickets themselves. */
  organiserReceives: naira,
  /** What Paystack reported keeping of the event's successful payments (Gatepass bears it). */
  paystackFee: naira,
  /** Successful payments whose fee Paystack never reported (paid before fees were recorded). */
  paystackFeeUnrecorded: z.int(),
});
export type MoneyFigures = z.infer<typeof moneyFigures>;

export const salesChartsResponse = z.object({
  /** The event's start instant: `hourly` covers the 48 hours before it. */
  eventStart: z.iso.datetime(),
  ticketTypes: z.array(z.object({ ticketId: uuid, ticketName: z.string() })),
  /** Lagos days with sales, oldest first. */
  daily: z.array(salesBucket),
  /** Hours with sales in the 48 hours before the event starts, oldest first. */
  hourly: z.array(salesBucket),
  money: z.object({
    ...moneyFigures.shape,
    /** The test-mode orders' share of every figure above (no money moved for them). */
    test: moneyFigures,
  }),
});
export type SalesChartsResponse = z.infer<typeof salesChartsResponse>;

/** The CSV's header row, in order (server/modules/management/salesCsv.ts writes it). */
export const SALES_CSV_COLUMNS = [
  'Date',
  'Ticket Name',
  'Tickets Sold',
  'Revenue (NGN)',
  'Test-mode Tickets',
  'Test-mode Revenue (NGN)',
  'Tickets With Discount Code',
  // Whose links sold them (decision 064): "Kemi Adeyemi: 2; Tunde: 1", empty for direct sales.
  'Tickets By Promoter',
] as const;

/** Length of an arrivals bucket on the Check-in tab. */
export const ARRIVAL_BUCKET_MINUTES = 15;

export const checkinChartsResponse = z.object({
  bucketMinutes: z.literal(ARRIVAL_BUCKET_MINUTES),
  /** Every gate anyone came in through (a door link's label, or 'Organiser'), by name. */
  gates: z.array(z.string()),
  /** Check-ins per 15 minutes and gate (only buckets with arrivals), oldest first. */
  arrivals: z.array(
    z.object({ start: z.iso.datetime(), gate: z.string(), checkedIn: z.int(), testCheckedIn: z.int() }),
  ),
  /** Every ticket type: sold (as the Sales tab counts) and live tickets checked in. */
  perType: z.array(
    z.object({
      ticketId: uuid,
      ticketName: z.string(),
      sold: z.int(),
      testSold: z.int(),
      checkedIn: z.int(),
      testCheckedIn: z.int(),
    }),
  ),
});
export type CheckinChartsResponse = z.infer<typeof checkinChartsResponse>;
