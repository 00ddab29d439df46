import { and, eq, isNull } from 'drizzle-orm';
import type { Tx } from '../../db/query';
import { paymentAttempts } from '../../db/schema';
import { issueTickets } from '../issued-tickets/issue';
import type { TicketSigner } from '../issued-tickets/signing';
import { type OrderRow, setStatus, updateOrder } from '../orders/data';

/**
 * The money rule, in one place: tickets are issued only for what a confirmed payment covers.
 *
 * A payment attempt is opened for the order as it stands when the buyer presses Pay (its amount is
 * that total). If the buyer then changes the seats or the discount, the attempt is voided in the
 * same transaction as the change: it no longer pays for what the order holds. When money for a
 * voided attempt (or for any amount other than the order's current total) arrives anyway, the
 * order is not paid with it and it is refunded in full; the buyer pays the new total with a new
 * attempt. A free order (total 0) is covered by nothing at all and completes at once.
 *
 * Every path that marks an order paid — the webhook, the return's verify, the sweeper and the
 * test-mode page through confirmAttempt, and a free order's pay — goes through issueIfCovered.
 */

export type AttemptRow = typeof paymentAttempts.$inferSelect;

/** What pays for an order: a confirmed attempt, or nothing when the order is free. */
export type Cover = { kind: 'free' } | { kind: 'attempt'; attempt: AttemptRow };

/** Why `cover` does not pay for the order as it stands now, or null when it does. */
export function uncovered(order: OrderRow, cover: Cover): string | null {
  if (cover.kind === 'free') return order.totalKobo === 0 ? null : 'the order is not free';
  const attempt = cover.attempt;
  if (attempt.orderId !== order.id) return 'the payment is for another order';
  if (attempt.status !== 'success') return 'the payment has not succeeded';
  if (attempt.voidedAt !== null) return 'the order changed after this payment started';
  if (attempt.amountKobo !== order.totalKobo) return "the payment's amount is not the order's total";
  return null;
}

/**
 * Marks the order paid and issues its tickets when `cover` pays for it as it stands; returns
 * whether it did. The caller holds the order's row lock, so the order cannot change in between.
 */
export async function issueIfCovered(
  tx: Tx,
  signer: TicketSigner,
  order: OrderRow,
  cover: Cover,
  note: string,
  statusMessage: string | null = null,
): Promise<boolean> {
  if (uncovered(order, cover) !== null) return false;
  await setStatus(tx, order, 'paid', { paidAt: new Date(), paymentState: 'success', statusMessage }, note);
  await issueTickets(tx, signer, { ...order, status: 'paid' });
  return true;
}

/** One seat line of an order, with the price it was charged at. */
type Line = { ticketTypeId: string; quantity: number; unitPriceKobo: number };

/** Whether two versions of an order hold the same priced seats and the same total. */
export function sameCharge(
  before: { lines: Line[]; totalKobo: number },
  after: { lines: Line[]; totalKobo: number },
): boolean {
  const key = (lines: Line[]) =>
    lines
      .filter((l) => l.quantity > 0)
      .map((l) => `${l.ticketTypeId}:${l.quantity}:${l.unitPriceKobo}`)
      .sort()
      .join(',');
  return before.totalKobo === after.totalKobo && key(before.lines) === key(after.lines);
}

/**
 * The order's seats or discount just changed (the caller holds its row lock): attempts still
 * pending stop paying for it. They stay pending with the provider, so the sweeper and the return
 * still learn of a late success — which is then refunded. Returns how many were voided.
 */
export async function voidPendingAttempts(tx: Tx, orderId: string): Promise<number> {
  const voided = await tx
    .update(paymentAttempts)
    .set({ voidedAt: new Date(), updatedAt: new Date() })
    .where(
      and(
        eq(paymentAttempts.orderId, orderId),
        eq(paymentAttempts.status, 'pending'),
        isNull(paymentAttempts.voidedAt),
      ),
    )
    .returning({ id: paymentAttempts.id });
  // No live attempt is left: the return page (/orders/{id}) offers "Try payment again" instead of
  // waiting on "Confirming your payment…" for a payment that can no longer buy the order.
  if (voided.length > 0) await updateOrder(tx, orderId, { paymentState: 'failed' });
  return voided.length;
}
