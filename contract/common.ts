import * as z from 'zod/mini';

/** Every error the API returns has this body; the SPA shows `message` to people. */
export const errorBody = z.object({ message: z.string() });
export type ErrorBody = z.infer<typeof errorBody>;

/** Database ids are UUIDs; anything else is "not found", never a 500. */
export const uuid = z.uuid({ error: 'Malformed id' });

/** Calendar date as the wire carries it: YYYY-MM-DD (a real date, not 2026-02-31). */
export const isoDate = z.iso.date({ error: 'Date must be YYYY-MM-DD' });

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
