import { eq, sql } from 'drizzle-orm';
import { feeOnTopKobo } from '../../../contract/fees';
import type { Database } from '../../db/client';
import { orderPromoters, orders, paymentAttempts } from '../../db/schema';
import { commissionAfterRefunds } from '../promoters/commission';
import { providerFeesByOrder } from './providerFees';

/**
 * One order's money, in kobo, as the payout statement lists it (contract/payoutStatement.ts has the
 * rules). Only orders that took money are listed: a free order moves none.
 */
export type StatementRow = {
  orderId: string;
  reference: string;
  paidAt: Date | null;
  testMode: boolean;
  ticketsAtPrice: number;
  discount: number;
  serviceFee: number;
  otherPayments: number;
  buyersPaid: number;
  refunded: number;
  kept: number;
  gatepassFee: number;
  promoterCommission: number;
  toOrganiser: number;
  paystackFee: number;
  paystackFeeUnrecorded: number;
};

const int = (v: unknown) => Number(v ?? 0);

/**
 * Every order of the event with a successful payment, oldest payment first. Refunds are of two kinds,
 * never both for one payment: a payment given back whole (its refund_status set: a cancelled hold,
 * a late or second payment) and the organiser's refunds (order_refunds, part or all of an order).
 * Both count as refunded once asked for: the buyer is owed them whatever the provider says yet.
 */
export async function statementRows(db: Database, eventId: string): Promise<StatementRow[]> {
  const success = sql`${paymentAttempts.status} = 'success'`;
  const rows = await db
    .select({
      orderId: orders.id,
      reference: orders.reference,
      paidAt: sql<Date | null>`coalesce(${orders.paidAt}, min(${paymentAttempts.updatedAt}) filter (where ${success}))`,
      testMode: orders.testMode,
      subtotal: orders.subtotalKobo,
      discount: orders.discountKobo,
      fees: orders.feesKobo,
      absorbed: orders.feesAbsorbed,
      total: orders.totalKobo,
      received: sql`sum(${paymentAttempts.amountKobo}) filter (where ${success})`,
      returnedWhole: sql`coalesce(sum(${paymentAttempts.amountKobo}) filter (where ${success} and ${paymentAttempts.refundStatus} is not null), 0)`,
      organiserRefunds: sql`(select coalesce(sum(r.amount_kobo), 0) from order_refunds r where r.order_id = ${orders.id})`,
      status: orders.status,
      // The promoter's commission as earned when paid (decision 064), reversed below by refunds.
      commission: sql<
        number | null
      >`(select p.commission_kobo from ${orderPromoters} p where p.order_id = ${orders.id})`,
    })
    .from(orders)
    .innerJoin(paymentAttempts, eq(paymentAttempts.orderId, orders.id))
    .where(eq(orders.eventId, eventId))
    .groupBy(orders.id)
    .having(sql`count(*) filter (where ${success}) > 0`)
    .orderBy(sql`3`, orders.reference);
  // Paystack's fee per order from the query the charts sum too.
  const provider = new Map((await providerFeesByOrder(db, eventId)).map((f) => [f.orderId, f]));
  return rows.map((r) => {
    const buyersPaid = int(r.received);
    const refunded = int(r.returnedWhole) + int(r.organiserRefunds);
    const kept = buyersPaid - refunded;
    // Refunds give the ticket money back first; a whole refund returns the fee as well.
    const gatepassFee = Math.max(0, Math.min(r.fees, kept));
    // As the promoter's page counts it: shrunk in proportion to the ticket money refunded, none once
    // the order was refunded whole (decision 064).
    const promoterCommission =
      r.commission === null
        ? 0
        : commissionAfterRefunds(
            int(r.commission),
            r.subtotal - r.discount,
            int(r.organiserRefunds),
            r.status !== 'paid',
          );
    return {
      orderId: r.orderId,
      reference: r.reference,
      paidAt: r.paidAt ? new Date(r.paidAt) : null,
      testMode: r.testMode,
      ticketsAtPrice: r.subtotal,
      discount: r.discount,
      // Paid by the buyer on top; an absorbed fee (decision 066) was inside the ticket prices.
      serviceFee: feeOnTopKobo(r.fees, r.absorbed),
      otherPayments: buyersPaid - r.total,
      buyersPaid,
      refunded,
      kept,
      gatepassFee,
      promoterCommission,
      toOrganiser: kept - gatepassFee - promoterCommission,
      paystackFee: provider.get(r.orderId)?.feeKobo ?? 0,
      paystackFeeUnrecorded: provider.get(r.orderId)?.unrecorded ?? 0,
    };
  });
}

export const STATEMENT_SUMS = [
  'ticketsAtPrice',
  'discount',
  'serviceFee',
  'otherPayments',
  'buyersPaid',
  'refunded',
  'kept',
  'gatepassFee',
  'promoterCommission',
  'toOrganiser',
  'paystackFee',
  'paystackFeeUnrecorded',
] as const;

/** The rows' sums, field by field (kobo). */
export function sumRows(
  rows: StatementRow[],
): Record<(typeof STATEMENT_SUMS)[number], number> & { orders: number } {
  const total = Object.fromEntries(STATEMENT_SUMS.map((k) => [k, 0])) as Record<
    (typeof STATEMENT_SUMS)[number],
    number
  >;
  for (const row of rows) for (const k of STATEMENT_SUMS) total[k] += row[k];
  return { ...total, orders: rows.length };
}
