import { type Event, eventList, event as eventSchema, PAGING_HEADERS } from '../../contract/events';
import { eventTicketsResponse, ticketList } from '../../contract/tickets';
import { client, getJson, toApiError } from './http';

export const fetchEvents = () => getJson('events', eventList);
export const fetchEvent = (eventId: string) => getJson(`events/${encodeURIComponent(eventId)}`, eventSchema);
/** An event's ticket types; with an access code, the hidden ones it unlocks too (404: not valid). */
export const fetchEventTickets = (eventId: string, accessCode?: string | null) =>
  getJson(
    `tickets/event/${encodeURIComponent(eventId)}`,
    eventTicketsResponse,
    accessCode ? { searchParams: { access: accessCode } } : undefined,
  ).then((r) => r.tickets);
export const fetchTickets = () => getJson('tickets', ticketList);

/** Home carousels: most tickets sold in the last 14 days, and the newest events. */
export const fetchTrendingEvents = (limit?: number) =>
  getJson('events/trending', eventList, limit ? { searchParams: { limit: String(limit) } } : undefined);
export const fetchNewestEvents = (limit?: number) =>
  getJson('events/newest', eventList, limit ? { searchParams: { limit: String(limit) } } : undefined);

/** "Other Events You May Like" on the event page. */
export const fetchRelatedEvents = (eventId: string) =>
  getJson(`events/${encodeURIComponent(eventId)}/related`, eventList);

/** The .ics download of an event (a plain link: the browser saves the file). */
export const calendarUrl = (eventId: string) => `/api/events/${encodeURIComponent(eventId)}/calendar.ics`;

export type SearchPage = { events: Event[]; total: number; page: number; pageSize: number };

/** The search behind /events/all: the body is the array, paging comes in headers. */
export type SearchQuery = {
  q?: string;
  category?: string;
  from?: string;
  to?: string;
  page?: number;
  pageSize?: number;
};

export async function searchEvents(query: SearchQuery): Promise<SearchPage> {
  const searchParams: Record<string, string> = {};
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') searchParams[key] = String(value);
  }
  try {
    const response = await (await client()).get('events', { searchParams });
    const events = eventList.parse(await response.json());
    const header = (name: string, fallback: number) => {
      const n = Number(response.headers.get(name));
      return Number.isFinite(n) && response.headers.has(name) ? n : fallback;
    };
    return {
      events,
      total: header(PAGING_HEADERS.total, events.length),
      page: header(PAGING_HEADERS.page, 1),
      pageSize: header(PAGING_HEADERS.pageSize, events.length),
    };
  } catch (error) {
    throw await toApiError(error);
  }
}
