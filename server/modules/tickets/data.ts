import { instantToLagos } from '../../../contract/lagosTime';
import { koboToNaira } from '../../../contract/money';
import type { Ticket } from '../../../contract/tickets';
import type { ticketTypes } from '../../db/schema';
import { imageUrl } from '../images/url';

/** Public view of a ticket type: payout bank details stay private. */
export function toWireTicket(t: typeof ticketTypes.$inferSelect): Ticket {
  return {
    _id: t.id,
    eventId: t.eventId,
    ticketName: t.ticketName,
    ticketPrice: koboToNaira(t.priceKobo),
    ticketDescription: t.ticketDescription,
    image: imageUrl(t.imageKey),
    ticketType: t.ticketType,
    ticketStock: t.ticketStock,
    availableTickets: t.capacity === null ? null : Math.max(0, t.capacity - t.sold),
    purchaseLimit: t.purchaseLimit,
    benefits: t.benefits,
    onSaleFrom: t.salesFrom ? instantToLagos(t.salesFrom) : null,
    onSaleUntil: t.salesUntil ? instantToLagos(t.salesUntil) : null,
    hidden: t.hidden,
    eventDateId: t.eventDateId,
    // Only a table type says so (decision 067): other types' answers are as before.
    ...(t.tableSize ? { tableSize: t.tableSize, tableOneCode: t.tableOneCode } : {}),
  };
}
