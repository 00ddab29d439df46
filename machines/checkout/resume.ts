import type { Order } from '../../contract/orders';

/** The checkout's steps, each with its own URL (the confirmation is /orders/{id}). */
export type Step = 'selection' | 'contact' | 'payment' | 'confirmation';

export const STEP_ORDER: readonly Step[] = ['selection', 'contact', 'payment', 'confirmation'];

/** Where the flow goes once an order is known (after a load, a reload or a verify). */
export type Resume =
  | 'selection'
  | 'contact'
  | 'payment'
  | 'processing'
  | 'failed'
  | 'confirmed'
  | 'expired'
  | 'ended'
  | 'fresh';

/**
 * A reload on any step resumes from the server-side order: `requested` is the step whose URL was
 * opened. Paid orders show their tickets; ended holds say so (except on the selection page, which
 * simply starts again); a live hold resumes where the buyer was — on /orders/{id} according to the
 * latest payment attempt.
 */
export function resumeAt(
  order: Order | null,
  secondsLeft: number,
  requested: Step,
  /**
   * The hold leaves a required checkout question unanswered (a waiting-list offer is a hold made for
   * the buyer, decision 050): before paying, it goes back to the step that asks them.
   */
  unanswered = false,
): Resume {
  if (!order) return 'fresh';
  switch (order.status) {
    case 'paid':
      return requested === 'selection' ? 'fresh' : 'confirmed';
    case 'refund_due':
    case 'refunded':
      return requested === 'confirmation' ? 'ended' : 'fresh';
    case 'expired':
    case 'cancelled':
      return requested === 'selection' ? 'fresh' : 'expired';
    case 'reserved':
      if (secondsLeft <= 0) return requested === 'selection' ? 'fresh' : 'expired';
      if (unanswered && (requested === 'payment' || requested === 'confirmation')) {
        if (order.payment === 'pending' || order.payment === 'success') return 'processing';
        return 'contact';
      }
      if (requested === 'confirmation') {
        if (order.payment === 'pending') return 'processing';
        if (order.payment === 'failed') return 'failed';
        if (order.payment === 'success') return 'processing';
        return 'payment';
      }
      return requested;
  }
}
