import { createEvent } from 'ics';
import type { Event } from '../../../contract/events';
import { joinLagos, lagosToInstant } from '../../../contract/lagosTime';

/** Lagos wall-clock date and time → UTC epoch ms (RangeError when it is not one). */
export function lagosToUtcMs(date: string, time: string): number {
  return lagosToInstant(joinLagos(date, time)).getTime();
}

/** A safe download name from the event name: "Jollof & Suya Food Festival" → "jollof-suya-food-festival.ics". */
export function calendarFileName(eventName: string): string {
  const slug = eventName
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return `${slug || 'event'}.ics`;
}

/** Where the event happens, as one line: the address, the online link, or both. */
export function calendarLocation(event: Event): string | undefined {
  const parts: string[] = [];
  if (event.eventLocation !== 'online' && event.location) parts.push(event.location);
  if (event.eventLocation !== 'physical' && event.url) parts.push(event.url);
  return parts.length ? parts.join(' · ') : undefined;
}

/**
 * The event as an iCalendar file. Times are written in UTC (converted from Lagos wall-clock), so
 * every calendar app shows them right in its own zone. The UID is stable per event, so adding the
 * same event twice updates it instead of duplicating it.
 */
export function eventToIcs(event: Event, appUrl: string): string {
  const pageUrl = `${appUrl}/event-details/${event._id}`;
  const start = lagosToUtcMs(event.startDate, event.startTime);
  let end = lagosToUtcMs(event.endDate, event.endTime);
  // A calendar rejects an event that ends before it starts; give it at least an hour.
  if (end <= start) end = start + 60 * 60 * 1000;
  const organiser = `${event.organiser.firstName} ${event.organiser.lastName}`.trim();
  const { error, value } = createEvent({
    uid: `${event._id}@gatepass`,
    productId: 'gatepass/ics',
    title: event.eventName,
    // ORGANIZER needs an email address (RFC 5545 cal-address), which we do not publish: name them here.
    description: [
      event.description,
      organiser && `Organised by ${organiser}`,
      `Tickets and details: ${pageUrl}`,
    ]
      .filter(Boolean)
      .join('\n\n'),
    location: calendarLocation(event),
    url: pageUrl,
    start,
    startInputType: 'utc',
    startOutputType: 'utc',
    end,
    endInputType: 'utc',
    endOutputType: 'utc',
    categories: [event.category],
    status: 'CONFIRMED',
    busyStatus: 'BUSY',
  });
  if (error || !value) throw error ?? new Error('Could not build the calendar file');
  return value;
}
