import type { Order } from '../../contract/orders';
import type { Ticket } from '../../contract/tickets';
import { type Quantities, type Summary, selectionSummary } from '../../machines/checkout/selection';

/**
 * The server's order is the summary once it matches what is chosen; before that (or after the buyer
 * went back and changed quantities) the same fee rule is applied locally.
 */
export function summaryOf(
  order: Order | null,
  tickets: readonly Ticket[],
  quantities: Quantities,
  feesAbsorbed: boolean,
): Summary {
  const local = selectionSummary(tickets, quantities, feesAbsorbed);
  if (!order) return local;
  const same =
    order.items.length === local.items.length &&
    order.items.every((i) => quantities[i.ticketId] === i.quantity);
  if (!same) return local;
  return {
    items: order.items,
    subtotal: order.subtotal,
    discount: order.discount,
    fees: order.fees,
    total: order.total,
    discountCode: order.discountCode,
    feesIncluded: order.feesIncluded,
  };
}
