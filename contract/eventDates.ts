import * as z from 'zod/mini';
import { calendarDate, idParam, uuid } from './common';
import { joinLagos, lagosToInstant } from './lagosTime';
import { text } from './text';
import { requiredTime } from './timeOfDay';

/**
 * The dates of an event that runs more than once (decision 046) on the wire.
 *
 * - GET    /api/events/:eventId/dates                 → eventDatesResponse (anyone who may see the event)
 * - GET    /api/events/:eventId/dates/manage          → organiserDatesResponse (event managers)
 * - POST   /api/events/:eventId/dates                 addDatesRequest → 201 organiserDatesResponse
 * - DELETE /api/events/:eventId/dates/:dateId         → organiserDatesResponse (409 once it has sales)
 * - POST   /api/events/:eventId/dates/copy-tickets    → organiserDatesResponse (every date gets the types it lacks)
 *
 * A date ends on its own day when its end time is after its start, else the next morning (a night
 * that runs 21:00–03:00).
 */

/** At most this many dates per event: a weekly meetup for a year fits; a typo of 600 does not. */
export const MAX_EVENT_DATES = 60;
/** The weekly helper's longest run, in weeks (dates, counting the first). */
export const MAX_REPEAT_WEEKS = 52;

export const DATE_MESSAGES = {
  tooMany: `An event can have at most ${MAX_EVENT_DATES} dates.`,
  past: 'A new date must not be in the past.',
  duplicate: 'This event already has a date on that day at that time.',
  hasSales: 'This date has sales, so it cannot be removed. Refund or cancel its orders first.',
  notFound: 'Date not found',
  notThisDate: (label: string) => `This ticket is for ${label}.`,
} as const;

const dateTime = z.object({
  date: calendarDate('Date'),
  startTime: requiredTime('Start time'),
  endTime: requiredTime('End time'),
});

/** One date of an event as anyone sees it. */
export const eventDate = z.object({
  _id: uuid,
  date: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  label: z.string(),
  /** The date's end as an instant (ISO): once it has passed, its tickets are no longer sold. */
  endsAt: z.string(),
});
export type EventDate = z.infer<typeof eventDate>;
export const eventDatesResponse = z.object({ dates: z.array(eventDate) });
export type EventDatesResponse = z.infer<typeof eventDatesResponse>;

/** A date as its organiser manages it: what sold, and which types sell it. */
export const organiserEventDate = z.extend(eventDate, {
  sold: z.int(),
  ticketTypes: z.array(z.object({ _id: uuid, ticketName: z.string(), sold: z.int() })),
});
export type OrganiserEventDate = z.infer<typeof organiserEventDate>;
export const organiserDatesResponse = z.object({
  dates: z.array(organiserEventDate),
  /** Types with no date: valid on any date; copying moves those without sales onto the dates. */
  undatedTypes: z.int(),
  message: z.optional(z.string()),
});
export type OrganiserDatesResponse = z.infer<typeof organiserDatesResponse>;

export const addDatesRequest = z.extend(dateTime, {
  label: z.optional(text({ label: 'Label', max: 60 })),
  /** Repeat weekly: this many dates in all, a week apart, starting with `date` (1 = just this date). */
  repeatWeeks: z.optional(
    z
      .int('Weeks must be a whole number')
      .check(
        z.minimum(1, 'Weeks must be at least 1'),
        z.maximum(MAX_REPEAT_WEEKS, `Weeks can be at most ${MAX_REPEAT_WEEKS}`),
      ),
  ),
});
export type AddDatesRequest = z.input<typeof addDatesRequest>;

export const dateIdParams = z.object({ eventId: idParam('Event id'), dateId: idParam('Date id') });

/** The day a date ends on: its own, or the next when it ends at or before its start (past midnight). */
export function endDay(d: { date: string; startTime: string; endTime: string }): string {
  if (d.endTime.slice(0, 5) > d.startTime.slice(0, 5)) return d.date;
  return addDays(d.date, 1);
}

export function dateEndsAt(d: { date: string; startTime: string; endTime: string }): Date {
  return lagosToInstant(joinLagos(endDay(d), d.endTime.slice(0, 5)));
}

export function dateStartsAt(d: { date: string; startTime: string }): Date {
  return lagosToInstant(joinLagos(d.date, d.startTime.slice(0, 5)));
}

/** YYYY-MM-DD plus `n` days (calendar arithmetic in UTC, so no clock or zone moves it). */
export function addDays(date: string, n: number): string {
  const t = Date.parse(`${date}T00:00:00Z`) + n * 86_400_000;
  return new Date(t).toISOString().slice(0, 10);
}

const shortDay = new Intl.DateTimeFormat('en-GB', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  timeZone: 'UTC',
});

/** 'Sat 5 Dec' — how a date is named on tickets, chips and at the door. */
export function shortDateLabel(date: string): string {
  return shortDay.format(new Date(`${date}T00:00:00Z`)).replace(',', '');
}

/** The date's name: 'Sat 5 Dec', or 'Night 2 · Sat 5 Dec' when the organiser labelled it. */
export function dateName(d: { date: string; label: string }): string {
  return d.label ? `${d.label} · ${shortDateLabel(d.date)}` : shortDateLabel(d.date);
}
