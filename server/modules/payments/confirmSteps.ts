import { and, eq, isNull } from 'drizzle-orm';
import { koboToNaira } from '../../../contract/money';
import type { VerifiedTransaction } from '../../adapters/payments/types';
import type { Tx } from '../../db/query';
import { paymentAttempts } from '../../db/schema';
import {
  findEvent,
  findOrder,
  type OrderRow,
  recordTransition,
  seatRequestsOf,
  setStatus,
  updateOrder,
} from '../orders/data';
import type { CheckoutDeps } from '../orders/deps';
import { retakeDiscountUse } from '../orders/discounts';
import { tryTakeSeats } from '../orders/inventory';
import { MESSAGES } from '../orders/messages';
import { type AttemptRow, issueIfCovered, uncovered } from './coverage';

/**
 * The steps of confirming one payment attempt (confirmAttempt in service.ts runs them in order,
 * inside one transaction holding the order's row lock): lock the order and the attempt, record a
 * failure, refuse money that is not what was asked for, mark the attempt paid, and then pay the
 * hold, or a late payment's expired or cancelled order.
 */

/** What happened when a payment was confirmed, so the caller sends the right mail after COMMIT. */
export type Outcome = 'paid' | 'refund_due' | 'unchanged';

/** A confirmation's result: its outcome, and the attempt whose money goes back (if any). */
export type Confirmed = { outcome: Outcome; refund: AttemptRow | null };

const UNCHANGED: Confirmed = { outcome: 'unchanged', refund: null };

/** The order first, then its attempt: the lock order every confirmation keeps. */
export async function lockOrderAndAttempt(tx: Tx, attemptId: string, orderId: string) {
  const order = await findOrder(tx, orderId, true);
  const [attempt] = await tx
    .select()
    .from(paymentAttempts)
    .where(eq(paymentAttempts.id, attemptId))
    .for('update');
  return order && attempt ? { order, attempt } : null;
}

async function failAttempt(tx: Tx, attempt: AttemptRow) {
  await tx
    .update(paymentAttempts)
    .set({ status: 'failed', updatedAt: new Date() })
    .where(eq(paymentAttempts.id, attempt.id));
}

/** The provider says it did not succeed: a pending attempt fails; other answers change nothing. */
export async function recordFailure(
  tx: Tx,
  order: OrderRow,
  attempt: AttemptRow,
  verified: VerifiedTransaction,
): Promise<Confirmed> {
  if (['failed', 'abandoned', 'reversed'].includes(verified.status) && attempt.status === 'pending') {
    await failAttempt(tx, attempt);
    // A voided attempt no longer speaks for the order: its failure leaves the state alone.
    if (order.status === 'reserved' && attempt.voidedAt === null) {
      await updateOrder(tx, order.id, { paymentState: 'failed' });
    }
  }
  return UNCHANGED;
}

/** The provider's amount and currency are exactly what we asked for. */
export function chargedAsAsked(attempt: AttemptRow, verified: VerifiedTransaction): boolean {
  return verified.amountKobo === attempt.amountKobo && verified.currency === 'NGN';
}

/** Money that is not what we asked for confirms nothing: the attempt fails. */
export async function refuseMismatch(
  deps: CheckoutDeps,
  tx: Tx,
  order: OrderRow,
  attempt: AttemptRow,
  verified: VerifiedTransaction,
): Promise<Confirmed> {
  deps.log.warn(
    {
      orderId: order.id,
      expected: attempt.amountKobo,
      got: verified.amountKobo,
      currency: verified.currency,
    },
    'payment amount or currency does not match the order: not confirmed',
  );
  await failAttempt(tx, attempt);
  if (order.status === 'reserved') await updateOrder(tx, order.id, { paymentState: 'failed' });
  return UNCHANGED;
}

/** The attempt succeeded: recorded, with the provider's transaction id (refunds need it). */
export async function markSucceeded(
  tx: Tx,
  attempt: AttemptRow,
  verified: VerifiedTransaction,
): Promise<AttemptRow> {
  const paid: AttemptRow = {
    ...attempt,
    status: 'success',
    transactionId: verified.transactionId,
    providerFeeKobo: verified.feesKobo,
    updatedAt: new Date(),
  };
  await tx
    .update(paymentAttempts)
    .set({
      status: 'success',
      transactionId: verified.transactionId,
      providerFeeKobo: verified.feesKobo,
      updatedAt: paid.updatedAt,
    })
    .where(eq(paymentAttempts.id, attempt.id));
  return paid;
}

/** A paid attempt whose fee was not reported yet takes it from a later successful answer. */
export async function fillMissingFee(tx: Tx, attempt: AttemptRow, verified: VerifiedTransaction) {
  if (attempt.providerFeeKobo !== null || verified.feesKobo === null || verified.status !== 'success') return;
  await tx
    .update(paymentAttempts)
    .set({ providerFeeKobo: verified.feesKobo })
    .where(and(eq(paymentAttempts.id, attempt.id), isNull(paymentAttempts.providerFeeKobo)));
}

/**
 * Money for a live hold. The money rule (coverage.ts): it buys the order only as the order stands
 * now. Money for the order as it was before the buyer changed it buys nothing and goes back in
 * full; the hold stays, waiting for a payment of the new total.
 */
export async function payHold(
  deps: CheckoutDeps,
  tx: Tx,
  order: OrderRow,
  paid: AttemptRow,
): Promise<Confirmed> {
  const cover = { kind: 'attempt', attempt: paid } as const;
  const why = uncovered(order, cover);
  if (await issueIfCovered(tx, deps.signer, order, cover, `paid (${paid.provider} ${paid.reference})`)) {
    return { outcome: 'paid', refund: null };
  }
  deps.log.warn({ orderId: order.id, why }, 'payment does not cover the order as it stands: refunding it');
  await updateOrder(tx, order.id, {
    statusMessage: MESSAGES.changedOrderRefund(koboToNaira(paid.amountKobo)),
  });
  await recordTransition(tx, order.id, order.status, order.status, `payment not counted (${why}): refund`);
  return { outcome: 'unchanged', refund: paid };
}

/**
 * Money after the hold ended (expired or cancelled). A payment that covers the order re-takes its
 * seats if they are still free; otherwise, or when it does not cover the order, it is refunded in full.
 */
export async function payLate(
  deps: CheckoutDeps,
  tx: Tx,
  order: OrderRow,
  paid: AttemptRow,
): Promise<Confirmed> {
  const cover = { kind: 'attempt', attempt: paid } as const;
  const why = uncovered(order, cover);
  if (why === null && (await retakeSeats(tx, order))) {
    await retakeDiscountUse(tx, order);
    await issueIfCovered(
      tx,
      deps.signer,
      order,
      cover,
      'late payment: seats re-taken',
      MESSAGES.lateConfirmed,
    );
    return { outcome: 'paid', refund: null };
  }
  const amountNaira = koboToNaira(paid.amountKobo);
  await setStatus(
    tx,
    order,
    'refund_due',
    {
      paymentState: 'success',
      statusMessage:
        why === null ? MESSAGES.lateRefund(amountNaira) : MESSAGES.changedOrderRefund(amountNaira),
    },
    why === null ? 'late payment: seats gone, refund due' : `late payment not counted (${why}): refund due`,
  );
  return { outcome: 'refund_due', refund: paid };
}

/** The order's seats again, through the inventory in a savepoint: false if they are gone. */
async function retakeSeats(tx: Tx, order: OrderRow): Promise<boolean> {
  const event = await findEvent(tx, order.eventId);
  if (!event) return false;
  return tryTakeSeats(tx, event, await seatRequestsOf(tx, order.id));
}
