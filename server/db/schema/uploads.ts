import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Who uploaded each stored image. A ticket type or event may point only at images its organiser
 * uploaded, so nobody can attach (and later delete, by replacing it) someone else's file. Kept apart
 * from the bytes (server/adapters/storage.ts), whatever stores those. An uploader's rows go with
 * their account; the files themselves go only when no event or ticket type uses them any more.
 */
export const uploads = pgTable(
  'uploads',
  {
    /** The storage key, e.g. "posters/3f2c….webp". */
    key: text('key').primaryKey(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('uploads_owner_idx').on(t.ownerId)],
);
