import * as z from 'zod/mini';

/**
 * A required wall-clock time (HH:MM, 24-hour, Lagos), with the field's name in its messages. Its own
 * file so the dates contract (read by public routes) does not pull the organiser contract into the
 * first load.
 */
export const requiredTime = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .check(
      z.minLength(1, `${label} is required`),
      z.regex(/^([01]\d|2[0-3]):[0-5]\d$/, `${label} must be a time (HH:MM, 24-hour)`),
    );
