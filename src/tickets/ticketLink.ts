import { formatEventDate } from '../lib/datetime';
import { whatsappTextUrl } from '../lib/whatsapp';

/**
 * A ticket's own link (decision 040): its secret rides in the fragment, which the browser never
 * sends to a server, so it stays out of every request log on the way.
 */
export function sharedTicketUrl(shareToken: string, origin = window.location.origin): string {
  return `${origin}/t#${shareToken}`;
}

/**
 * 'Send on WhatsApp': a short message with the ticket's link, never the ticket's code. The
 * recipient opens the link (no account needed) and shows the QR at the entrance.
 */
export function whatsappTicketUrl(
  ticket: { shareToken: string; attendeeName: string },
  event: { eventName: string; startDate: string },
): string {
  return whatsappTextUrl(
    `${ticket.attendeeName}, here is your ticket for ${event.eventName} (${formatEventDate(event.startDate)}). Open it and show the QR code at the entrance: ${sharedTicketUrl(ticket.shareToken)}`,
  );
}
