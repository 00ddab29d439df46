import { customType, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/** PostgreSQL bytea ⇄ Buffer (drizzle 0.45 has no built-in bytea column). */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  toDriver: (value) => value,
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * Uploaded files kept in the database, for deployments of several processes (or machines) on one
 * PostgreSQL: what one process stored, every other serves. The original is the row whose variant is
 * '' ; resized copies sit beside it under the same key ('w320'…), so removing a key removes them all.
 * Only the bytes live here: who uploaded what is the uploads' business, not the store's.
 */
export const storedFiles = pgTable(
  'stored_files',
  {
    key: text('key').notNull(),
    variant: text('variant').notNull().default(''),
    contentType: text('content_type').notNull(),
    bytes: bytea('bytes').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.key, t.variant] })],
);
