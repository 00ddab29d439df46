import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { orders, paymentAttempts } from '../../db/schema';

/**
 * What Paystack reported keeping of each order's successful payments (decision 065), in kobo, and how
 * many of those payments never reported a fee. The one query both the payout statement (per order)
 * and the Sales tab's money chart (summed) read, so the two cannot count Paystack's fee differently.
 */
export type ProviderFee = { orderId: string; testMode: boolean; feeKobo: number; unrecorded: number };

export async function providerFeesByOrder(
  db: Pick<Database, 'select'>,
  eventId: string,
): Promise<ProviderFee[]> {
  return db
    .select({
      orderId: orders.id,
      testMode: orders.testMode,
      feeKobo: sql<number>`coalesce(sum(${paymentAttempts.providerFeeKobo}), 0)`.mapWith(Number),
      unrecorded: sql<number>`count(*) filter (where ${paymentAttempts.providerFeeKobo} is null)`.mapWith(
        Number,
      ),
    })
    .from(paymentAttempts)
    .innerJoin(orders, eq(orders.id, paymentAttempts.orderId))
    .where(and(eq(orders.eventId, eventId), eq(paymentAttempts.status, 'success')))
    .groupBy(orders.id, orders.testMode);
}

/** The event's totals, all orders and test mode's share (the charts' money). */
export async function providerFeeTotals(db: Pick<Database, 'select'>, eventId: string) {
  const total = { feeKobo: 0, unrecorded: 0, testFeeKobo: 0, testUnrecorded: 0 };
  for (const f of await providerFeesByOrder(db, eventId)) {
    total.feeKobo += f.feeKobo;
    total.unrecorded += f.unrecorded;
    if (f.testMode) {
      total.testFeeKobo += f.feeKobo;
      total.testUnrecorded += f.unrecorded;
    }
  }
  return total;
}
