import { addressLine } from '../../contract/address';
import { joinLagos, lagosToInstant } from '../../contract/lagosTime';
import { formatNaira } from '../../contract/money';

/** 'unlimited' when there is no quantity; 'Free' when there is no price. */
export const availableText = (t: { ticketStock: string; availableTickets: number | null }) =>
  t.ticketStock === 'unlimited' || t.availableTickets === null ? 'Unlimited' : String(t.availableTickets);

export const priceText = (t: { ticketType: string; ticketPrice: number }) =>
  t.ticketType === 'free' || t.ticketPrice === 0 ? 'Free' : formatNaira(t.ticketPrice);

const dateFormat = new Intl.DateTimeFormat('en-NG', { dateStyle: 'medium', timeZone: 'Africa/Lagos' });

/** A 'YYYY-MM-DD' event date as people read it (e.g. 6 Mar 2027). */
export function eventDateText(isoDate: string) {
  return dateFormat.format(lagosToInstant(joinLagos(isoDate, '12:00')));
}

export function placeText(e: { eventLocation: string; location: string | null; state: string | null }) {
  const physical = addressLine([e.location, e.state]);
  if (e.eventLocation === 'online') return 'Online';
  if (e.eventLocation === 'both') return `${physical} · Online`;
  return physical;
}
