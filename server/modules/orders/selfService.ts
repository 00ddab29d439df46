import { hasStarted } from '../../../contract/eventTime';
import type { Order } from '../../../contract/orders';
import { HttpError } from '../../http/errors';
import { buyersOrder } from '../access/eventAccess';
import { revokeOrderTickets } from '../issued-tickets/issue';
import { findEvent, findOrder, type OrderRow, seatRequestsOf, setStatus } from './data';
import type { CheckoutDeps } from './deps';
import { releaseDiscountUse } from './discounts';
import { releaseSeats } from './inventory';
import { MESSAGES } from './messages';
import { presentOrder } from './present';

/**
 * A buyer gives back the seats of their own free order before the event starts (issue #23,
 * self-service): the seats go back on sale through the inventory (the one seat rule) and the tickets
 * stop working at the door. A paid order's money goes back only through the organiser's refund.
 * ('Email my tickets again' is POST /api/orders/:id/resend, shared with the organiser.)
 */

export async function giveBackFreeOrder(deps: CheckoutDeps, orderId: string, userId: string): Promise<Order> {
  await buyersOrder(deps.db, orderId, userId);
  await deps.db.transaction(async (tx) => {
    const order = await findOrder(tx, orderId, true);
    if (!order) throw new HttpError(404, MESSAGES.orderNotFound);
    if (order.status !== 'paid') throw new HttpError(409, 'This order is already closed.');
    if (order.totalKobo > 0) throw new HttpError(409, MESSAGES.onlyFreeGiveBack);
    const event = await findEvent(tx, order.eventId);
    if (event && hasStarted(event)) throw new HttpError(409, MESSAGES.giveBackAfterStart);
    await releaseSeats(tx, await seatRequestsOf(tx, order.id));
    await releaseDiscountUse(tx, order);
    await revokeOrderTickets(tx, order.id, 'cancelled');
    await setStatus(tx, order, 'cancelled', { statusMessage: MESSAGES.givenBack }, 'given back by the buyer');
  });
  return presentOrder(deps.db, (await findOrder(deps.db, orderId)) as OrderRow, 'buyer');
}
