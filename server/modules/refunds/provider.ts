import { and, asc, eq, inArray, lt, or, sql } from 'drizzle-orm';
import { orderRefunds, paymentAttempts } from '../../db/schema';
import type { CheckoutDeps } from '../orders/deps';

type RefundRow = typeof orderRefunds.$inferSelect;

/**
 * Asking the payment provider for an organiser's refund (decision 044), never twice. A request whose
 * answer was lost (a timeout, a 5xx after Paystack had accepted it, a crash between the claim and the
 * answer) is not simply sent again: the provider's own list of refunds for that payment is read
 * first, and a refund it already holds marks ours processed instead.
 */

/** A claimed request this old with no answer was cut off by a crash (the client times out in 15 s). */
const STUCK_AFTER_MS = 10 * 60_000;

/** Claims a pending or failed refund and asks the provider once; never two requests at a time. */
export async function askProvider(deps: CheckoutDeps, refund: RefundRow): Promise<void> {
  const claimed = await deps.db
    .update(orderRefunds)
    .set({ tries: sql`${orderRefunds.tries} + 1`, status: 'pending', updatedAt: new Date() })
    .where(
      and(
        eq(orderRefunds.id, refund.id),
        or(
          and(eq(orderRefunds.status, 'pending'), eq(orderRefunds.tries, refund.tries)),
          and(eq(orderRefunds.status, 'failed'), eq(orderRefunds.tries, refund.tries)),
        ),
      ),
    )
    .returning({ id: orderRefunds.id });
  if (claimed.length === 0) return;
  const [attempt] = await deps.db
    .select()
    .from(paymentAttempts)
    .where(eq(paymentAttempts.id, refund.paymentAttemptId))
    .limit(1);
  try {
    if (!attempt || attempt.provider !== deps.payments.mode) {
      throw new Error(`no ${attempt?.provider ?? 'payment'} provider configured for this refund`);
    }
    const payment = { reference: attempt.reference, transactionId: attempt.transactionId };
    // A first request cannot have reached the provider before; any later one might have.
    const alreadyThere = refund.tries > 0 && (await providerHolds(deps, refund, payment));
    if (!alreadyThere) await deps.payments.refund({ ...payment, amountKobo: refund.amountKobo });
    // The provider accepted the request: it pays the money back (Paystack confirms by webhook).
    await markProcessed(deps, refund.id);
  } catch (error) {
    await deps.db
      .update(orderRefunds)
      .set({ status: 'failed', updatedAt: new Date() })
      .where(eq(orderRefunds.id, refund.id));
    deps.log.error(
      { orderId: refund.orderId, err: String(error) },
      'refund request failed; retried by the sweeper',
    );
  }
}

/**
 * Whether the provider already holds this refund: what it lists for the payment (failed ones aside)
 * covers our refunds it accepted plus this one. Amounts are compared, not ids, because the answer
 * carrying the provider's id is exactly what was lost.
 */
async function providerHolds(
  deps: CheckoutDeps,
  refund: RefundRow,
  payment: { reference: string; transactionId: string | null },
): Promise<boolean> {
  const listed = await deps.payments.listRefunds(payment);
  if (listed === null) return false;
  const held = listed.filter((r) => r.status !== 'failed').reduce((sum, r) => sum + r.amountKobo, 0);
  const [known] = await deps.db
    .select({ kobo: sql<number>`coalesce(sum(${orderRefunds.amountKobo}), 0)`.mapWith(Number) })
    .from(orderRefunds)
    .where(
      and(eq(orderRefunds.paymentAttemptId, refund.paymentAttemptId), eq(orderRefunds.status, 'processed')),
    );
  return held >= (known?.kobo ?? 0) + refund.amountKobo;
}

async function markProcessed(deps: CheckoutDeps, refundId: string) {
  await deps.db
    .update(orderRefunds)
    .set({ status: 'processed', updatedAt: new Date() })
    .where(eq(orderRefunds.id, refundId));
}

/**
 * The sweeper: refunds whose request failed, and claimed ones left without an answer by a crash, are
 * asked again (after the provider's list is checked) until the provider accepts them.
 */
export async function retryFailedOrderRefunds(deps: CheckoutDeps, limit = 20): Promise<void> {
  const stuckBefore = new Date(Date.now() - STUCK_AFTER_MS);
  const due = await deps.db
    .select()
    .from(orderRefunds)
    .where(
      or(
        eq(orderRefunds.status, 'failed'),
        and(
          eq(orderRefunds.status, 'pending'),
          sql`${orderRefunds.tries} > 0`,
          lt(orderRefunds.updatedAt, stuckBefore),
        ),
      ),
    )
    .orderBy(asc(orderRefunds.createdAt))
    .limit(limit);
  for (const refund of due) await askProvider(deps, refund);
}

/**
 * Paystack's refund.processed for a payment the organiser refunded in part: the oldest refund of
 * that amount still waiting for an answer is done (its answer may have been lost). The payment
 * itself stays paid, so a later partial refund of the same order still finds it.
 */
export async function orderRefundProcessed(deps: CheckoutDeps, paymentAttemptId: string, amountKobo: number) {
  const [waiting] = await deps.db
    .select({ id: orderRefunds.id })
    .from(orderRefunds)
    .where(
      and(
        eq(orderRefunds.paymentAttemptId, paymentAttemptId),
        eq(orderRefunds.amountKobo, amountKobo),
        inArray(orderRefunds.status, ['pending', 'failed']),
      ),
    )
    .orderBy(asc(orderRefunds.createdAt))
    .limit(1);
  if (waiting) await markProcessed(deps, waiting.id);
}
