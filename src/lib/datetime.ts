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

/**
 * One formatter per kind and locale, made on first use: making an Intl.DateTimeFormat costs far more
 * than formatting with one, and home hydrates ~18 event cards at once (decision 060: this file was
 * the page's largest share of the app's own code on the main thread).
 */
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(kind: 'date' | 'time', locale: string): Intl.DateTimeFormat {
  const key = `${kind} ${locale}`;
  let made = formatters.get(key);
  if (!made) {
    made = new Intl.DateTimeFormat(
      locale,
      kind === 'date'
        ? { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', timeZone: LAGOS }
        : { hour: 'numeric', minute: '2-digit', timeZone: LAGOS },
    );
    formatters.set(key, made);
  }
  return made;
}

export function formatEventDate(date: string, locale = LOCALE): string {
  return formatter('date', locale).format(eventInstant(date, '12:00'));
}

export function formatEventTime(date: string, time: string, locale = LOCALE): string {
  return formatter('time', locale).format(eventInstant(date, time));
}
