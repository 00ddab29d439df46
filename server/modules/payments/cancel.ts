import { and, eq, isNull } from 'drizzle-orm';
import type { ReadOrder } from '../../../contract/orders';
import { paymentAttempts } from '../../db/schema';
import { HttpError } from '../../http/errors';
import { sendRefundEmail } from '../issued-tickets/email';
import { revokeOrderTickets } from '../issued-tickets/issue';
import { findOrder, type OrderRow, seatRequestsOf, setStatus } from '../orders/data';
import type { CheckoutDeps } from '../orders/deps';
import { releaseDiscountUse } from '../orders/discounts';
import { releaseSeats } from '../orders/inventory';
import { MESSAGES } from '../orders/messages';
import { presentOrder } from '../orders/present';
import { hasOrderRefunds } from '../refunds/service';
import { type AttemptRow, requestRefund } from './service';

/**
 * The organiser cancels an order: its seats return to sale at once and its tickets are revoked. A
 * paid order is refunded in full through the provider ('refund_due' until the provider confirms;
 * test mode confirms at once); a free or unpaid one simply ends 'cancelled'.
 */
export async function cancelOrderByOrganiser(
  deps: CheckoutDeps,
  orderId: string,
  byUserId: string,
): Promise<ReadOrder> {
  const { refund } = await deps.db.transaction(async (tx): Promise<{ refund: AttemptRow | null }> => {
    const order = await findOrder(tx, orderId, true);
    if (!order) throw new HttpError(404, MESSAGES.orderNotFound);
    if (order.status !== 'reserved' && order.status !== 'paid') {
      throw new HttpError(409, 'This order is already closed.');
    }
    if (await hasOrderRefunds({ db: tx }, order.id)) {
      // Cancelling refunds the whole payment; part of it went back already (decision 044).
      throw new HttpError(
        409,
        'Part of this order was refunded already; refund the rest instead of cancelling.',
      );
    }
    await releaseSeats(tx, await seatRequestsOf(tx, order.id));
    await releaseDiscountUse(tx, order);
    await revokeOrderTickets(tx, order.id, 'cancelled');
    // The attempt that paid: a successful one not already being refunded (a payment for the order
    // before it changed, or a second payment, was given back on its own).
    const [paid] = await tx
      .select()
      .from(paymentAttempts)
      .where(
        and(
          eq(paymentAttempts.orderId, order.id),
          eq(paymentAttempts.status, 'success'),
          isNull(paymentAttempts.refundStatus),
        ),
      )
      .limit(1);
    if (order.status === 'paid' && paid && order.totalKobo > 0) {
      await setStatus(
        tx,
        order,
        'refund_due',
        { statusMessage: MESSAGES.cancelledRefund },
        'cancelled by the organiser',
      );
      return { refund: paid };
    }
    await setStatus(
      tx,
      order,
      'cancelled',
      { statusMessage: MESSAGES.cancelledByOrganiser },
      'cancelled by the organiser',
    );
    return { refund: null };
  });
  if (refund) {
    await requestRefund(deps, refund);
    await sendRefundEmail(deps, orderId).catch((error) =>
      deps.log.error({ orderId, err: String(error) }, 'could not queue the refund email'),
    );
  }
  return presentOrder(deps.db, (await findOrder(deps.db, orderId)) as OrderRow, { userId: byUserId });
}
