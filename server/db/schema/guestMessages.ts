import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { eventDates } from './eventDates';
import { events, ticketTypes } from './events';
import { users } from './users';

/**
 * A word from the organiser to the guests of an event, of one ticket type or of one date (decision
 * 063). The recipients are fixed when it is sent (guest_message_recipients) and handed to the mail
 * outbox in batches by a background worker, so a restart resumes where it stopped. A test send to the
 * sender is a row too (`test`), so the hourly limits count both from the database.
 */
export const guestMessages = pgTable(
  'guest_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    audience: text('audience', { enum: ['event', 'type', 'date'] }).notNull(),
    ticketTypeId: uuid('ticket_type_id').references(() => ticketTypes.id, { onDelete: 'set null' }),
    eventDateId: uuid('event_date_id').references(() => eventDates.id, { onDelete: 'set null' }),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    /** Who sent it: the account, and its name as it was then (the list outlives renames and deletions). */
    sentByUserId: uuid('sent_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    sentByName: text('sent_by_name').notNull(),
    test: boolean('test').notNull().default(false),
    /** 'sending' until every recipient is in the outbox; delivery itself is the outbox's. */
    status: text('status', { enum: ['sending', 'queued'] })
      .notNull()
      .default('sending'),
    recipients: integer('recipients').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('guest_messages_event_idx').on(t.eventId, t.createdAt),
    index('guest_messages_sending_idx').on(t.status),
  ],
);

/** One row per holder's address (lower-cased) per message: a holder of several tickets gets one mail. */
export const guestMessageRecipients = pgTable(
  'guest_message_recipients',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    messageId: uuid('message_id')
      .notNull()
      .references(() => guestMessages.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    /**
     * The outbox row carrying this recipient's mail; null until the worker hands it over. No foreign
     * key: an outbox row pruned later must not turn the recipient back into one still to send.
     */
    outboxId: uuid('outbox_id'),
    /**
     * The holder had unsubscribed from this event's messages (decision 070): never handed to the
     * outbox, counted as skipped. Set when the message is stored or, for an unsubscribe that came
     * in while it was sending, when the worker reaches the row.
     */
    skipped: boolean('skipped').notNull().default(false),
  },
  (t) => [
    uniqueIndex('guest_message_recipients_once_key').on(t.messageId, sql`lower(${t.email})`),
    index('guest_message_recipients_pending_idx').on(t.messageId).where(sql`${t.outboxId} is null`),
  ],
);

/**
 * Addresses that asked for no more of an event's messages from its organiser (decision 070), by the
 * signed link in each message. Ticket emails (confirmations, transfers, refunds) still go.
 */
export const guestUnsubscribes = pgTable(
  'guest_unsubscribes',
  {
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    /** Lower-cased, as recipients are. */
    email: text('email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.email] })],
);
