import * as z from 'zod/mini';
import { TEXT_LIMITS, text } from './text';

/** Every error the API returns has this body; the SPA shows `message` to people. */
export const errorBody = z.object({ message: z.string() });
export type ErrorBody = z.infer<typeof errorBody>;

/** Database ids are UUIDs; anything else is "not found", never a 500. */
export const uuid = z.uuid({ error: 'Malformed id' });

/**
 * The dates any field accepts. PostgreSQL refuses year 0 and zod's ISO check accepts it, so a range
 * keeps 0000-01-01 (and 9999-…) from ever reaching SQL; no ticketed event lives outside it.
 */
export const DATE_RANGE = { min: '1900-01-01', max: '2999-12-31' } as const;

/** Calendar date as the wire carries it: YYYY-MM-DD, a real date (not 2026-02-31), within DATE_RANGE. */
export function calendarDate(label: string) {
  return z.iso.date({ error: `${label} must be a date as YYYY-MM-DD` }).check(
    z.refine(
      // Only a well-formed date is compared; a malformed one already has its own message.
      (d) => !/^\d{4}-\d{2}-\d{2}$/.test(d) || (d >= DATE_RANGE.min && d <= DATE_RANGE.max),
      `${label} must be between ${DATE_RANGE.min} and ${DATE_RANGE.max}`,
    ),
  );
}

export const isoDate = calendarDate('Date');

/**
 * A path parameter naming a record (event id, user id...): a UUID, as every table's id is. Anything
 * else ('not-a-uuid', '1.5', '__proto__') names nothing, so the server answers it as the route's
 * 404 ("Event not found") before any query runs (server/http/errors.ts: a URL that does not parse is
 * a 404); a well-formed id that is not known is the route's own 404.
 */
const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The message of an id that names nothing; server/http/errors.ts answers it 404, not 400. */
const idNotFoundMessage = (label: string) => `${label.replace(/ id$/, '')} not found`;

export const idParam = (label: string) => {
  const notFound = idNotFoundMessage(label);
  return z.pipe(
    // Control characters and over-long values keep their own 400 (decision 009's words)…
    text({ label, max: TEXT_LIMITS.id, required: true }),
    // …and any other value that is not the 8-4-4-4-12 hex form PostgreSQL's uuid type reads (seeded
    // ids need not carry an RFC version) names nothing: the route's 404.
    z.string().check(z.refine((v) => GUID.test(v), notFound)),
  );
};

/** Wall-clock time in Lagos (WAT): HH:MM, 24-hour. */
export const clockTime = z
  .string()
  .check(z.regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Time must be HH:MM (24-hour)'));

export const healthResponse = z.object({
  status: z.literal('ok'),
  database: z.enum(['pglite', 'postgres']),
  time: z.string(),
});
export type HealthResponse = z.infer<typeof healthResponse>;
