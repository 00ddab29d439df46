import { HttpError } from '../../http/errors';
import type { EventRow, TicketTypeRow } from './data';
import { MESSAGES } from './messages';

const lagosFormat = new Intl.DateTimeFormat('en-NG', {
  timeZone: 'Africa/Lagos',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** Paused sales and a type's own sales window are checked before any seat is taken. */
export function checkTicketOnSale(event: EventRow, ticket: TicketTypeRow, nowMs: number) {
  if (event.salesPaused) throw new HttpError(409, MESSAGES.salesPaused);
  if (ticket.salesFrom && ticket.salesFrom.getTime() > nowMs) {
    throw new HttpError(
      409,
      MESSAGES.notYetOnSale(ticket.ticketName, `on ${lagosFormat.format(ticket.salesFrom)}`),
    );
  }
  if (ticket.salesUntil && ticket.salesUntil.getTime() <= nowMs) {
    throw new HttpError(409, MESSAGES.saleEnded(ticket.ticketName));
  }
}
