import * as z from 'zod/mini';
import { uuid } from './common';

/** The session user as the SPA stores it in localStorage under `user` (spec §3: `_id`, also seen as `id`). */
export const publicUser = z.object({
  _id: uuid,
  id: uuid,
  firstName: z.string(),
  lastName: z.string(),
  username: z.string(),
  email: z.string(),
});
export type PublicUser = z.infer<typeof publicUser>;
