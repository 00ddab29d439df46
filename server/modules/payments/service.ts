import { randomBytes } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { PayRequest, PayResponse, ReadOrder } from '../../../contract/orders';
import { PaymentProviderError, type VerifiedTransaction } from '../../adapters/payments/types';
import { paymentAttempts, payoutAccounts } from '../../db/schema';
import { HttpError } from '../../http/errors';
import { sendRefundEmail, sendTicketEmails } from '../issued-tickets/email';
import { revokeOrderTickets } from '../issued-tickets/issue';
import { findEvent, findOrder, type OrderRow, setStatus, updateOrder } from '../orders/data';
import type { CheckoutDeps } from '../orders/deps';
import { MESSAGES } from '../orders/messages';
import { type OrderReader, presentOrder } from '../orders/present';
import { type Attribution, attributeOrder, splitFor } from '../promoters/attribution';
import { requireOrderAnswers } from '../questions/answers';
import { orderRefundProcessed } from '../refunds/provider';
import {
  type Confirmed,
  chargedAsAsked,
  fillMissingFee,
  lockOrderAndAttempt,
  markSucceeded,
  type Outcome,
  payHold,
  payLate,
  recordFailure,
  refuseMismatch,
} from './confirmSteps';
import { type AttemptRow, issueIfCovered } from './coverage';

export type { AttemptRow } from './coverage';

/** Paystack allows letters, digits, '-', '.', '='; ours: GP-XXXXXXXXXX.<16 hex> — unique per attempt. */
export function attemptReference(orderReference: string): string {
  return `${orderReference}.${randomBytes(8).toString('hex')}`;
}

/**
 * POST /api/orders/:id/pay. Terms are enforced by the contract. A zero total (free tickets, or a
 * 100 % discount) completes at once; otherwise a new attempt with its own reference is opened with
 * the provider and the buyer goes to its page.
 */
export async function payOrder(
  deps: CheckoutDeps,
  orderId: string,
  body: PayRequest,
  // Where the provider sends the buyer back (server/http/returnOrigin.ts).
  returnOrigin = deps.config.appUrl,
): Promise<PayResponse> {
  const { db } = deps;
  const order = await findOrder(db, orderId);
  if (!order) throw new HttpError(404, MESSAGES.orderNotFound);
  if (order.status === 'paid') return { order: await presentOrder(db, order, 'buyer') };
  // The organiser's required questions are answered before any money moves (decisions 045, 050).
  if (order.status === 'reserved') await requireOrderAnswers(db, order);

  // The attempt's amount is read under the order's row lock, so it is the total of the order as it
  // stands when the attempt exists; a change after that voids the attempt (coverage.ts).
  const reference = attemptReference(order.reference);
  let attribution: Attribution | null = null;
  const opened = await db.transaction(async (tx) => {
    const locked = await findOrder(tx, order.id, true);
    if (locked?.status !== 'reserved' || locked.expiresAt.getTime() <= Date.now()) {
      throw new HttpError(409, MESSAGES.holdEnded);
    }
    await updateOrder(tx, locked.id, { emailUpdates: body.emailUpdates });
    // The promoter whose link brought the buyer (decision 064), recorded before any money moves.
    attribution = await attributeOrder(tx, locked, body.refs);
    if (locked.totalKobo === 0) {
      await issueIfCovered(tx, deps.signer, locked, { kind: 'free' }, 'free order');
      return null;
    }
    await tx.insert(paymentAttempts).values({
      orderId: locked.id,
      reference,
      provider: deps.payments.mode,
      amountKobo: locked.totalKobo,
    });
    await updateOrder(tx, locked.id, { paymentState: 'pending', testMode: deps.payments.mode === 'test' });
    return locked;
  });
  if (!opened) {
    await afterConfirm(deps, order.id, 'paid');
    const fresh = (await findOrder(db, order.id)) as OrderRow;
    return { order: await presentOrder(db, fresh, 'buyer') };
  }

  const event = await findEvent(db, opened.eventId);
  const [payout] = event
    ? await db
        .select({ subaccountCode: payoutAccounts.subaccountCode, mode: payoutAccounts.providerMode })
        .from(payoutAccounts)
        .where(eq(payoutAccounts.userId, event.organiserId))
    : [];
  const organiserSubaccount = payout?.mode === deps.payments.mode ? payout.subaccountCode : null;
  const split = await splitFor(db, deps.payments, opened, attribution, organiserSubaccount);
  try {
    const started = await deps.payments.initializeTransaction({
      email: opened.buyerEmail,
      amountKobo: opened.totalKobo,
      reference,
      callbackUrl: `${returnOrigin}/orders/${opened.id}`,
      // The organiser's share goes straight to their bank through their Paystack subaccount.
      subaccount: organiserSubaccount,
      // Gatepass keeps exactly the service fee; the subaccount settles the rest (decision 065).
      transactionChargeKobo: opened.feesKobo,
      // With a promoter's payout account, their commission is split off in the payment itself.
      split,
      metadata: { orderId: opened.id, orderReference: opened.reference, eventId: opened.eventId },
    });
    return { authorizationUrl: started.authorizationUrl, reference };
  } catch (error) {
    await db
      .update(paymentAttempts)
      .set({ status: 'failed', updatedAt: new Date() })
      .where(eq(paymentAttempts.reference, reference));
    await updateOrder(db, opened.id, { paymentState: 'failed' });
    if (error instanceof PaymentProviderError) {
      deps.log.warn(
        { orderId: opened.id, status: error.status, err: error.message },
        'payment initialize failed',
      );
      throw new HttpError(502, MESSAGES.paymentUnavailable);
    }
    throw error;
  }
}

/**
 * The one confirmation path, for the return from the provider, the webhook, the sweeper and the
 * test-mode page alike. It locks the attempt's order, so any number of calls in any order pay it
 * once and issue tickets once. The provider's amount and currency must match what we asked for.
 * Each step is in confirmSteps.ts.
 */
export async function confirmAttempt(deps: CheckoutDeps, verified: VerifiedTransaction): Promise<Outcome> {
  const [found] = await deps.db
    .select()
    .from(paymentAttempts)
    .where(eq(paymentAttempts.reference, verified.reference))
    .limit(1);
  if (!found) return 'unchanged';
  const result = await deps.db.transaction(async (tx): Promise<Confirmed> => {
    const locked = await lockOrderAndAttempt(tx, found.id, found.orderId);
    if (!locked) return { outcome: 'unchanged', refund: null };
    if (locked.attempt.status === 'success') {
      // A second word on a paid attempt (the webhook after the return, or the reverse) changes
      // nothing but may bring the provider's fee the first one lacked.
      await fillMissingFee(tx, locked.attempt, verified);
      return { outcome: 'unchanged', refund: null };
    }
    const { order, attempt } = locked;
    if (verified.status !== 'success') return recordFailure(tx, order, attempt, verified);
    if (!chargedAsAsked(attempt, verified)) return refuseMismatch(deps, tx, order, attempt, verified);
    const paid = await markSucceeded(tx, attempt, verified);
    if (order.status === 'reserved') return payHold(deps, tx, order, paid);
    if (order.status === 'expired' || order.status === 'cancelled') return payLate(deps, tx, order, paid);
    // Already paid through another attempt (the buyer paid twice): give this one back.
    return { outcome: 'unchanged', refund: paid };
  });
  if (result.refund) await requestRefund(deps, result.refund);
  await afterConfirm(deps, found.orderId, result.outcome);
  return result.outcome;
}

async function afterConfirm(deps: CheckoutDeps, orderId: string, outcome: Outcome) {
  try {
    if (outcome === 'paid') await sendTicketEmails(deps, orderId);
    if (outcome === 'refund_due') await sendRefundEmail(deps, orderId);
  } catch (error) {
    // The order is paid whatever the mail does; the organiser can resend tickets.
    deps.log.error({ orderId, err: String(error) }, 'could not queue the order emails');
  }
}

/** Asks the provider for a full refund of an attempt; test mode refunds at once. */
export async function requestRefund(deps: CheckoutDeps, attempt: AttemptRow) {
  const { db } = deps;
  const claimed = await db
    .update(paymentAttempts)
    .set({ refundStatus: 'pending', updatedAt: new Date() })
    .where(and(eq(paymentAttempts.id, attempt.id), sql`${paymentAttempts.refundStatus} is null`))
    .returning({ id: paymentAttempts.id });
  if (claimed.length === 0) return;
  try {
    const provider = attempt.provider === deps.payments.mode ? deps.payments : null;
    if (!provider)
      throw new PaymentProviderError(`no ${attempt.provider} provider configured for this refund`);
    const answer = await provider.refund({
      reference: attempt.reference,
      transactionId: attempt.transactionId,
      amountKobo: attempt.amountKobo,
    });
    if (answer.status === 'processed') await refundProcessed(deps, attempt.reference);
  } catch (error) {
    await db
      .update(paymentAttempts)
      .set({ refundStatus: 'failed', updatedAt: new Date() })
      .where(eq(paymentAttempts.id, attempt.id));
    deps.log.error(
      { orderId: attempt.orderId, err: String(error) },
      'refund request failed; retried by the sweeper',
    );
  }
}

/**
 * Paystack's refund.processed (or test mode at once): the order's money is back with the buyer. A
 * payment never refunded whole (its refund status is unset) was refunded in part by the organiser:
 * that refund is marked done and the payment stays paid (decision 044).
 */
export async function refundProcessed(deps: CheckoutDeps, reference: string, amountKobo?: number) {
  const { db } = deps;
  const [found] = await db
    .select({ id: paymentAttempts.id, refundStatus: paymentAttempts.refundStatus })
    .from(paymentAttempts)
    .where(eq(paymentAttempts.reference, reference))
    .limit(1);
  if (!found) return;
  if (found.refundStatus === null) {
    if (amountKobo !== undefined) await orderRefundProcessed(deps, found.id, amountKobo);
    return;
  }
  await db.transaction(async (tx) => {
    const [attempt] = await tx
      .select()
      .from(paymentAttempts)
      .where(eq(paymentAttempts.id, found.id))
      .limit(1);
    if (!attempt) return;
    await tx
      .update(paymentAttempts)
      .set({ refundStatus: 'processed', updatedAt: new Date() })
      .where(eq(paymentAttempts.id, attempt.id));
    const order = await findOrder(tx, attempt.orderId, true);
    if (order && order.status === 'refund_due') {
      await revokeOrderTickets(tx, order.id, 'refunded');
      await setStatus(
        tx,
        order,
        'refunded',
        { statusMessage: order.statusMessage ?? MESSAGES.refunded },
        'refund processed',
      );
    }
  });
}

/** Asks the provider about every pending attempt of one order (the buyer's return, the sweeper). */
export async function verifyOrderPayments(deps: CheckoutDeps, orderId: string): Promise<void> {
  const pending = await deps.db
    .select()
    .from(paymentAttempts)
    .where(and(eq(paymentAttempts.orderId, orderId), eq(paymentAttempts.status, 'pending')))
    .orderBy(desc(paymentAttempts.createdAt))
    .limit(5);
  for (const attempt of pending) {
    if (attempt.provider !== deps.payments.mode) continue;
    try {
      await confirmAttempt(deps, await deps.payments.verifyTransaction(attempt.reference));
    } catch (error) {
      if (!(error instanceof PaymentProviderError)) throw error;
      deps.log.warn({ orderId, err: error.message }, 'payment verification failed; will retry');
    }
  }
}

export async function verifyAndPresent(
  deps: CheckoutDeps,
  orderId: string,
  reader: OrderReader,
): Promise<ReadOrder> {
  await verifyOrderPayments(deps, orderId);
  const order = await findOrder(deps.db, orderId);
  if (!order) throw new HttpError(404, MESSAGES.orderNotFound);
  return presentOrder(deps.db, order, reader);
}

/** Attempts still pending after a while: the sweeper asks the provider, so a lost webhook never strands an order. */
export async function pendingAttemptsToVerify(deps: CheckoutDeps, limit = 50) {
  return deps.db
    .select({ orderId: paymentAttempts.orderId })
    .from(paymentAttempts)
    .where(
      and(
        eq(paymentAttempts.status, 'pending'),
        eq(paymentAttempts.provider, deps.payments.mode),
        sql`${paymentAttempts.createdAt} < now() - interval '30 seconds'`,
        sql`${paymentAttempts.createdAt} > now() - interval '2 days'`,
      ),
    )
    .limit(limit);
}

/** Refunds whose request failed: asked again by the sweeper. */
export async function failedRefunds(deps: CheckoutDeps, limit = 20): Promise<AttemptRow[]> {
  return deps.db
    .select()
    .from(paymentAttempts)
    .where(eq(paymentAttempts.refundStatus, 'failed'))
    .limit(limit);
}

export async function retryRefund(deps: CheckoutDeps, attempt: AttemptRow) {
  await deps.db.update(paymentAttempts).set({ refundStatus: null }).where(eq(paymentAttempts.id, attempt.id));
  await requestRefund(deps, attempt);
}
