import { date, integer, pgTable, text, time, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { events } from './events';

/**
 * The dates of an event that runs more than once (a weekly meetup, a 3-night run; decision 046).
 * An event with no rows here is a single-date event, read from its own start/end columns as ever;
 * with rows, those columns keep the first date's start and the last date's end (listing, sorting,
 * search and SEO read them), and each date sells through its own ticket types
 * (`ticket_types.event_date_id`), so the seat kernel's per-type guard is each date's capacity.
 * Dates and times are Lagos wall-clock values, like the event's.
 */
export const eventDates = pgTable(
  'event_dates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    startTime: time('start_time').notNull(),
    endTime: time('end_time').notNull(),
    /** The organiser's name for the date ('Night 2'); '' = none, the date alone names it. */
    label: text('label').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Order of dates with the same day and start (added order). */
    position: integer('position').notNull().default(0),
  },
  (t) => [
    // One date per day and start time (adding it twice is refused); also the event's dates in order.
    uniqueIndex('event_dates_event_day_start_key').on(t.eventId, t.date, t.startTime),
  ],
);
