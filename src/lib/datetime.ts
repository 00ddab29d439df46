import { joinLagos, lagosToInstant } from '../../contract/lagosTime';

/**
 * Event dates and times are Lagos wall-clock values (WAT, UTC+1, no daylight saving).
 * They are shown always as Lagos time, because that is when the doors open whatever time zone the
 * visitor's phone is in, and in Nigerian English (the page's lang) unless a locale is given: the
 * server renders the public pages, and the browser must hydrate exactly the same text.
 */
const LAGOS = 'Africa/Lagos';
const LOCALE = 'en-NG';

export function eventInstant(date: string, time: string): Date {
  return lagosToInstant(joinLagos(date, time));
}

export function formatEventDate(date: string, locale = LOCALE): string {
  return new Intl.DateTimeFormat(locale, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: LAGOS,
  }).format(eventInstant(date, '12:00'));
}

export function formatEventTime(date: string, time: string, locale = LOCALE): string {
  return new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit', timeZone: LAGOS }).format(
    eventInstant(date, time),
  );
}
