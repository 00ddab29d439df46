import { addDays, type EventDate } from '../../../contract/eventDates';
import type { Event } from '../../../contract/events';
import { buyerPaysNaira } from '../../../contract/fees';
import type { Ticket } from '../../../contract/tickets';

/**
 * schema.org Event data for a published event's page, read by search engines to show the event
 * with its date, place and prices. An event with several dates (decision 046) is one Event per
 * date, each offering the ticket types that sell that date (and the undated ones, valid on any).
 * Only what the public page shows: hidden ticket types are never passed in.
 */

/** Lagos keeps West Africa Time all year: the organiser's wall-clock times are UTC+01:00. */
const LAGOS_OFFSET = '+01:00';

const at = (day: string, time: string) => `${day}T${time.slice(0, 5)}:00${LAGOS_OFFSET}`;

type Occurrence = { dateId: string | null; start: string; end: string };

function occurrences(event: Event, allDates: readonly EventDate[], nowMs: number): Occurrence[] {
  // The dates still ahead (all of them once none is: the page still describes a past run).
  const ahead = allDates.filter((d) => Date.parse(d.endsAt) > nowMs);
  const dates = ahead.length > 0 ? ahead : allDates;
  if (dates.length === 0)
    return [
      { dateId: null, start: at(event.startDate, event.startTime), end: at(event.endDate, event.endTime) },
    ];
  // A date ends on its own day when its end is after its start, else the next morning.
  return dates.map((d) => ({
    dateId: d._id,
    start: at(d.date, d.startTime),
    end: at(d.endTime > d.startTime ? d.date : addDays(d.date, 1), d.endTime),
  }));
}

const ATTENDANCE = {
  physical: 'https://schema.org/OfflineEventAttendanceMode',
  online: 'https://schema.org/OnlineEventAttendanceMode',
  both: 'https://schema.org/MixedEventAttendanceMode',
} as const;

function location(event: Event, pageUrl: string) {
  const place = {
    '@type': 'Place',
    name: event.location ?? event.state ?? 'Venue to be announced',
    address: {
      '@type': 'PostalAddress',
      ...(event.location ? { streetAddress: event.location } : {}),
      ...(event.state ? { addressRegion: event.state } : {}),
      addressCountry: event.country ?? 'Nigeria',
    },
  };
  const online = { '@type': 'VirtualLocation', url: event.url ?? pageUrl };
  if (event.eventLocation === 'online') return online;
  if (event.eventLocation === 'both') return [place, online];
  return place;
}

export function eventJsonLd(input: {
  event: Event;
  tickets: readonly Ticket[];
  dates: readonly EventDate[];
  pageUrl: string;
  image: string | null;
  description: string;
  nowMs?: number;
}): Record<string, unknown>[] {
  const { event, tickets, dates, pageUrl, image, description } = input;
  return occurrences(event, dates, input.nowMs ?? Date.now()).map((o) => ({
    '@context': 'https://schema.org',
    '@type': 'Event',
    name: event.eventName,
    description,
    url: pageUrl,
    startDate: o.start,
    endDate: o.end,
    eventStatus: 'https://schema.org/EventScheduled',
    eventAttendanceMode: ATTENDANCE[event.eventLocation],
    location: location(event, pageUrl),
    ...(image ? { image: [image] } : {}),
    organizer: {
      '@type': 'Person',
      name: `${event.organiser.firstName} ${event.organiser.lastName}`.trim(),
    },
    offers: tickets
      .filter((t) => !t.eventDateId || t.eventDateId === o.dateId)
      .map((t) => ({
        '@type': 'Offer',
        name: t.ticketName,
        // What one ticket is finally charged: the fee on top where the buyer pays it (decision 066).
        price: buyerPaysNaira(t.ticketPrice, event.feeMode).toFixed(2),
        priceCurrency: 'NGN',
        availability:
          t.availableTickets === 0
            ? 'https://schema.org/SoldOut'
            : event.salesPaused
              ? 'https://schema.org/OutOfStock'
              : 'https://schema.org/InStock',
        url: pageUrl,
      })),
  }));
}

/** The data as a <script> block: `<` escaped, so no text in it can end the element early. */
export function renderJsonLd(data: readonly Record<string, unknown>[]): string {
  const json = JSON.stringify(data.length === 1 ? data[0] : data).replaceAll('<', '\\u003c');
  return `<script type="application/ld+json">${json}</script>`;
}
