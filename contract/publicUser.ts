import * as z from 'zod/mini';
import { uuid } from './common';

// Its own file (re-exported by users.ts): the SPA reads the stored user on every page's first load,
// and the rest of the users contract, built when its module is evaluated, need not come with it
// (decision 069).

/** The session user as the SPA stores it in localStorage under `user` (`_id`, which older clients also read as `id`). */
export const publicUser = z.object({
  _id: uuid,
  id: uuid,
  firstName: z.string(),
  lastName: z.string(),
  username: z.string(),
  email: z.string(),
  /** A changed email waiting for its verification link, or null. */
  pendingEmail: z.nullable(z.string()),
  /** The idle minutes in force: the account's choice, or its role's default (decision 053 §5). */
  inactivityMinutes: z.number(),
  /** False while no Timeouts choice was made (the role's default applies: attendee 30, organiser 15). */
  inactivityChosen: z.boolean(),
  concurrentSessions: z.boolean(),
});
export type PublicUser = z.infer<typeof publicUser>;
