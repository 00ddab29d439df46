import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { events, orders, ticketTypes } from './events';

/**
 * Checkout questions of an event (decision 045). A question that already has answers is never
 * removed: deleting it sets `deleted_at`, so it leaves the editor and the checkout while its answers
 * keep their question (and its label) in the guest list and the CSV.
 */
export const eventQuestions = pgTable(
  'event_questions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    label: text('label').notNull(),
    kind: text('kind', { enum: ['text', 'choice', 'yes_no'] }).notNull(),
    scope: text('scope', { enum: ['order', 'attendee'] }).notNull(),
    required: boolean('required').notNull().default(false),
    /** Choice questions' options in the organiser's order; empty for the other kinds. */
    options: text('options').array().notNull().default(sql`'{}'::text[]`),
    /** Where it stands in the list (moved up and down by swapping with a neighbour). */
    position: integer('position').notNull(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('event_questions_event_idx').on(t.eventId, t.position)],
);

/**
 * A buyer's answers, one row per question (per order) or per question and seat (per attendee: the
 * ticket type and the 0-based position among that type's seats, the way tickets are issued). The
 * value is stored as read: the text, the option, or 'Yes'/'No'.
 */
export const orderAnswers = pgTable(
  'order_answers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    questionId: uuid('question_id')
      .notNull()
      .references(() => eventQuestions.id, { onDelete: 'cascade' }),
    ticketTypeId: uuid('ticket_type_id').references(() => ticketTypes.id, { onDelete: 'cascade' }),
    seatIndex: integer('seat_index'),
    value: text('value').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One answer per question and seat; per-order answers (no seat) are one per question via coalesce.
    uniqueIndex('order_answers_seat_key').on(
      t.orderId,
      t.questionId,
      sql`coalesce(${t.ticketTypeId}, '00000000-0000-0000-0000-000000000000'::uuid)`,
      sql`coalesce(${t.seatIndex}, -1)`,
    ),
    index('order_answers_question_idx').on(t.questionId),
    check('order_answers_seat_pair', sql`(${t.ticketTypeId} is null) = (${t.seatIndex} is null)`),
  ],
);
