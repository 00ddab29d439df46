import { sql } from 'drizzle-orm';
import { doublePrecision, index, integer, pgTable, primaryKey, timestamp, uuid } from 'drizzle-orm/pg-core';
import { events } from './events';
import { users } from './users';

/**
 * The waiting room of an on-sale (decision 059). Everything a process needs to answer "where am I,
 * may I buy" is in these two tables and the clock, so any process answers the same and a process
 * that dies loses nothing.
 *
 * One row per event with a queue. `drawn_at` is set once, by whichever process first sees the sale
 * open: in that same transaction every pre-opening arrival gets its place by its random draw key.
 * `last_place` numbers the arrivals after opening (one conditional UPDATE each, under this row's lock).
 */
export const onsaleRooms = pgTable('onsale_rooms', {
  eventId: uuid('event_id')
    .primaryKey()
    .references(() => events.id, { onDelete: 'cascade' }),
  drawnAt: timestamp('drawn_at', { withTimezone: true }),
  /** How many were in the draw (places 1..drawn_count); arrivals after opening follow them. */
  drawnCount: integer('drawn_count').notNull().default(0),
  lastPlace: integer('last_place').notNull().default(0),
});

/**
 * One place per account per event (the primary key): joining again answers the same row.
 * `draw_key`: a random number given to arrivals before opening (null after); they are ranked by it
 * at the draw, so arriving early gives no edge. `place`: 1-based, fixed at the draw or at arrival
 * after opening. `admitted_at`: when this buyer was first handed a pass; the turn ends a pass
 * lifetime later.
 */
export const onsaleQueue = pgTable(
  'onsale_queue',
  {
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
    drawKey: doublePrecision('draw_key'),
    place: integer('place'),
    admittedAt: timestamp('admitted_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.eventId, t.userId] }),
    // The draw ranks an event's pre-opening arrivals by key; the count before opening reads it too.
    index('onsale_queue_draw_idx').on(t.eventId, t.drawKey).where(sql`${t.drawKey} is not null`),
    // The organiser's and the bench's view in place order.
    index('onsale_queue_place_idx').on(t.eventId, t.place),
  ],
);
