import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { events, orders, ticketTypes } from './events';
import { users } from './users';

/**
 * The waiting list of a sold-out ticket type (decision 042). An entry waits in `created_at` order;
 * when seats come back the first entry that fits is offered them as a reserved order of its own
 * (`order_id`, holding the seats until `expires_at`). Paid → claimed; the hold ended unpaid →
 * expired, and the seats pass to the next entry. `left`: the person took themselves off the list.
 */
export const WAITLIST_STATUSES = ['waiting', 'offered', 'claimed', 'expired', 'left'] as const;
export type WaitlistStatusRow = (typeof WAITLIST_STATUSES)[number];

export const waitlistEntries = pgTable(
  'waitlist_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    ticketTypeId: uuid('ticket_type_id')
      .notNull()
      .references(() => ticketTypes.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    quantity: integer('quantity').notNull(),
    status: text('status', { enum: WAITLIST_STATUSES }).notNull().default('waiting'),
    /** The reserved order that holds the offered seats. */
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    offeredAt: timestamp('offered_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One live entry (waiting or offered) per person per type: joining twice is refused by the database too.
    uniqueIndex('waitlist_entries_live_key')
      .on(t.ticketTypeId, t.userId)
      .where(sql`${t.status} in ('waiting', 'offered')`),
    // The offer's scan: a type's waiting entries in arrival order.
    index('waitlist_entries_type_status_idx').on(t.ticketTypeId, t.status, t.createdAt),
    index('waitlist_entries_order_idx').on(t.orderId),
  ],
);
