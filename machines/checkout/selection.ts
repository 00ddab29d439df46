import type { Event } from '../../contract/events';
import { ticketSaleState } from '../../contract/eventTime';
import { koboToNaira, nairaToKobo } from '../../contract/money';
import { MAX_PER_TYPE, orderTotalsKobo } from '../../contract/orders';
import type { Ticket } from '../../contract/tickets';

/**
 * The rules of the 'Choose Tickets' step: what each ticket type offers, and the summary of a
 * selection before any order exists (once reserved, the server's order is the summary).
 */

export type Quantities = Record<string, number>;

/** Why a type cannot be bought now, or how many the select offers. */
export type Availability =
  | { kind: 'onSale'; max: number }
  | { kind: 'soldOut' }
  | { kind: 'notOnSale' }
  | { kind: 'salesEnded' };

type EventSales = Pick<Event, 'status' | 'endDate' | 'endTime' | 'salesPaused'>;

/**
 * 0..min(10, purchase limit, what is left). Outside the type's sales window it is 'Not on sale yet'
 * or 'Sales ended' (contract/lagosTime.ts); a draft event (the organiser's preview) or one whose
 * organiser paused sales is not on sale; once the event is over its sales have ended. `now` is
 * passed in: machines stay pure.
 */
export function availability(ticket: Ticket, event: EventSales, now: number): Availability {
  if (event.status === 'draft' || event.salesPaused) return { kind: 'notOnSale' };
  const window = ticketSaleState(event, ticket, now);
  if (window === 'not_started') return { kind: 'notOnSale' };
  if (window === 'ended') return { kind: 'salesEnded' };
  const left = ticket.availableTickets ?? Number.POSITIVE_INFINITY;
  if (left <= 0) return { kind: 'soldOut' };
  return { kind: 'onSale', max: Math.min(MAX_PER_TYPE, ticket.purchaseLimit, left) };
}

export function quantityOptions(max: number): number[] {
  return Array.from({ length: max + 1 }, (_, i) => i);
}

export function totalQuantity(quantities: Quantities): number {
  return Object.values(quantities).reduce((sum, n) => sum + n, 0);
}

/** Only the chosen types, in the order the event lists them. */
export function chosenItems(tickets: readonly Ticket[], quantities: Quantities) {
  return tickets
    .filter((t) => (quantities[t._id] ?? 0) > 0)
    .map((t) => {
      const quantity = quantities[t._id] ?? 0;
      return {
        ticketId: t._id,
        ticketName: t.ticketName,
        unitPrice: t.ticketPrice,
        quantity,
        amount: koboToNaira(nairaToKobo(t.ticketPrice) * quantity),
      };
    });
}

export type Summary = {
  items: { ticketId: string; ticketName: string; unitPrice: number; quantity: number; amount: number }[];
  subtotal: number;
  discount: number;
  fees: number;
  total: number;
  discountCode: string | null;
  /** The organiser absorbs the fee (decision 066): the prices are all-in and `fees` is 0. */
  feesIncluded: boolean;
};

/**
 * The selection's summary with the same fee rule the server applies (contract/orders.ts); where the
 * fee is absorbed the buyer pays the tickets alone.
 */
export function selectionSummary(
  tickets: readonly Ticket[],
  quantities: Quantities,
  feesAbsorbed = false,
): Summary {
  const items = chosenItems(tickets, quantities);
  const subtotalKobo = items.reduce((sum, i) => sum + nairaToKobo(i.amount), 0);
  const totals = orderTotalsKobo(subtotalKobo, 0, feesAbsorbed);
  return {
    items,
    subtotal: koboToNaira(totals.subtotalKobo),
    discount: 0,
    fees: koboToNaira(totals.feeOnTopKobo),
    total: koboToNaira(totals.totalKobo),
    discountCode: null,
    feesIncluded: feesAbsorbed,
  };
}

/** Keeps only quantities the types still allow (after a reload, stock may have moved). */
export function clampQuantities(
  quantities: Quantities,
  tickets: readonly Ticket[],
  event: EventSales,
  now: number,
): Quantities {
  const out: Quantities = {};
  for (const t of tickets) {
    const a = availability(t, event, now);
    const wanted = quantities[t._id] ?? 0;
    if (a.kind === 'onSale' && wanted > 0) out[t._id] = Math.min(wanted, a.max);
  }
  return out;
}
