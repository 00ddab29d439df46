import * as z from 'zod/mini';
import { uuid } from './common';

/**
 * The payout statement of one event (issue #33 "the money, to the kobo"): where every Naira buyers
 * paid went. Finance, co-organisers and the owner read it (the Sales tab's action).
 *
 * - GET /api/events/:eventId/statement     → payoutStatementResponse
 * - GET /api/events/:eventId/statement.csv → text/csv, one row per order that took money, then the totals
 *
 * Per order that took money (server/modules/management/statementQueries.ts):
 *   tickets at price − discount + service fee + other payments (paid twice, or for an order since
 *   changed: always returned) = buyers paid
 *   buyers paid − refunded = kept;  kept = Gatepass fee + promoter commission + to the organiser
 * where the Gatepass fee kept is the order's service fee, never more than what was kept (a whole
 * refund returns the fee too). Paystack's fee is what Paystack reported keeping of each payment;
 * Gatepass bears it out of its fee (the split's `bearer: account`). The totals are the sums of the
 * rows, in kobo, so the statement reconciles to the kobo. Amounts are Naira with kobo as decimals.
 */
const naira = z.number();

export const statementFigures = z.object({
  /** Orders that took money. */
  orders: z.int(),
  ticketsAtPrice: naira,
  discounts: naira,
  serviceFees: naira,
  /** Money beyond the order's total (paid twice, or for an order since changed), always returned. */
  otherPayments: naira,
  buyersPaid: naira,
  refunded: naira,
  kept: naira,
  gatepassFee: naira,
  promoterCommission: naira,
  toOrganiser: naira,
  /** What Paystack kept, as it reported; borne by Gatepass out of its fee. */
  paystackFee: naira,
  /** Successful payments whose Paystack fee was never reported (paid before fees were recorded). */
  paystackFeeUnrecorded: z.int(),
});
export type StatementFigures = z.infer<typeof statementFigures>;

export const payoutStatementResponse = z.object({
  eventId: uuid,
  /** Real money (Paystack). */
  live: statementFigures,
  /** Test-mode orders: the same rules, but no money moved. */
  test: statementFigures,
});
export type PayoutStatementResponse = z.infer<typeof payoutStatementResponse>;

/** statement.csv's header row, in order. */
export const STATEMENT_CSV_COLUMNS = [
  'Order',
  'Paid (Lagos time)',
  'Test mode',
  'Tickets at price (NGN)',
  'Discount (NGN)',
  'Service fee (NGN)',
  'Other payments (NGN)',
  'Buyers paid (NGN)',
  'Refunded (NGN)',
  'Gatepass fee (NGN)',
  'Promoter commission (NGN)',
  'To the organiser (NGN)',
  'Paystack fee (NGN)',
] as const;
