import { ACCESS_CODE_MESSAGES } from '../../../contract/accessCodes';
import { hasEnded } from '../../../contract/eventTime';
import { sumKobo } from '../../../contract/money';
import { MAX_PER_TYPE } from '../../../contract/orders';
import type { OrderAttendeeRow } from '../../db/schema';
import { HttpError } from '../../http/errors';
import type { EventRow, NewOrder, TicketTypeRow } from './data';
import { MESSAGES } from './messages';
import { checkTicketOnSale } from './salesRules';

/** The rules a reservation must pass before any seat is taken: no lock, no round trip. */

export type PricedItem = NewOrder['items'][number] & { ticket: TicketTypeRow };

/** Event open for sale: published and not over (Lagos wall-clock). */
export function assertEventOnSale(event: EventRow | null, nowMs: number): asserts event is EventRow {
  if (!event) throw new HttpError(404, MESSAGES.eventNotFound);
  if (event.status !== 'published') throw new HttpError(409, MESSAGES.eventNotOnSale);
  if (hasEnded(event, nowMs)) throw new HttpError(409, MESSAGES.eventEnded);
}

/** Checks every rule that needs no lock: the types belong to the event, are on sale, within limits. */
export function priceItems(
  event: EventRow,
  types: TicketTypeRow[],
  items: Record<string, number>,
  attendees: OrderAttendeeRow[],
  nowMs: number,
  /** Hidden types the buyer's access code unlocks (decision 036); the rest stay off sale to them. */
  unlocked: ReadonlySet<string> = new Set(),
): PricedItem[] {
  const byId = new Map(types.map((t) => [t.id, t]));
  const chosen = Object.entries(items).filter(([, qty]) => qty > 0);
  if (chosen.length === 0) throw new HttpError(400, MESSAGES.chooseTickets);
  const priced: PricedItem[] = [];
  for (const [ticketTypeId, quantity] of chosen) {
    const ticket = byId.get(ticketTypeId);
    if (!ticket) throw new HttpError(400, MESSAGES.ticketNotInEvent);
    if (ticket.hidden && !unlocked.has(ticket.id))
      throw new HttpError(403, ACCESS_CODE_MESSAGES.needsCode(ticket.ticketName));
    checkTicketOnSale(event, ticket, nowMs);
    const limit = Math.min(MAX_PER_TYPE, ticket.purchaseLimit);
    if (quantity > limit) throw new HttpError(400, MESSAGES.purchaseLimit(ticket.ticketName, limit));
    priced.push({ ticketTypeId, quantity, unitPriceKobo: ticket.priceKobo, ticket });
  }
  // Attendees, when given, name every seat: exactly one per ticket of each chosen type.
  if (attendees.length > 0) {
    for (const item of priced) {
      const named = attendees.filter((a) => a.ticketId === item.ticketTypeId).length;
      if (named !== item.quantity)
        throw new HttpError(400, MESSAGES.attendeesPerSeat(item.ticket.ticketName));
    }
    if (attendees.some((a) => !items[a.ticketId])) throw new HttpError(400, MESSAGES.attendeeForUnchosen);
  }
  return priced;
}

export function subtotalOf(items: PricedItem[]) {
  return sumKobo(items.map((i) => i.unitPriceKobo * i.quantity));
}
