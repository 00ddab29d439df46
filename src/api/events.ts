import { eventList, event as eventSchema } from '../../contract/events';
import { eventTicketsResponse, ticketList } from '../../contract/tickets';
import { getJson } from './http';

export const fetchEvents = () => getJson('events', eventList);
export const fetchEvent = (eventId: string) => getJson(`events/${encodeURIComponent(eventId)}`, eventSchema);
export const fetchEventTickets = (eventId: string) =>
  getJson(`tickets/event/${encodeURIComponent(eventId)}`, eventTicketsResponse).then((r) => r.tickets);
export const fetchTickets = () => getJson('tickets', ticketList);
