import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { checkinLinks } from './checkin';
import { events, orders, ticketTypes } from './events';
import { users } from './users';

/**
 * The box office at the door (decision 062).
 *
 * - `door_allowances`: seats a door device holds of one ticket type so it can sell with no network.
 *   `seats` are counted in `ticket_types.sold` from the moment they are granted (so online buyers and
 *   other devices can never take them); `used` are the ones its uploaded sales consumed. Releasing
 *   (on close, or once expired) gives `seats - used` back to the type and sets `seats = used`. At most
 *   one live allowance per device and type; `price_kobo` is the price the device sells at.
 * - `door_sales`: one row per sale, keyed by the id the device made for it, so an upload sent twice
 *   is recognised and never issues tickets twice. Its order (`orders.channel = 'door'`) carries the
 *   tickets; the row carries what the cash-up needs: who sold, on which device, and how it was paid.
 */

export const doorAllowances = pgTable(
  'door_allowances',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    ticketTypeId: uuid('ticket_type_id')
      .notNull()
      .references(() => ticketTypes.id, { onDelete: 'cascade' }),
    deviceId: uuid('device_id').notNull(),
    linkId: uuid('link_id').references(() => checkinLinks.id, { onDelete: 'set null' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    priceKobo: integer('price_kobo').notNull(),
    seats: integer('seats').notNull().default(0),
    used: integer('used').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    releasedAt: timestamp('released_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('door_allowances_live_key')
      .on(t.eventId, t.deviceId, t.ticketTypeId)
      .where(sql`${t.releasedAt} is null`),
    index('door_allowances_expiry_idx').on(t.eventId, t.expiresAt),
  ],
);

export const DOOR_PAYMENT_METHODS = ['cash', 'transfer', 'pos'] as const;

export const doorSales = pgTable(
  'door_sales',
  {
    /** Made on the device when the sale happened (its idempotency key). */
    id: uuid('id').primaryKey(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    deviceId: uuid('device_id').notNull(),
    device: text('device'),
    /** The check-in link's label, or null for a signed-in team member. */
    gate: text('gate'),
    linkId: uuid('link_id').references(() => checkinLinks.id, { onDelete: 'set null' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Who sold, as the cash-up names them (the member's name or the link's label), kept as it was then. */
    staffName: text('staff_name').notNull(),
    method: text('method', { enum: DOOR_PAYMENT_METHODS }).notNull(),
    /** The transfer's sender name or the POS slip's reference; empty for cash. */
    paymentNote: text('payment_note').notNull().default(''),
    tickets: integer('tickets').notNull(),
    totalKobo: integer('total_kobo').notNull(),
    soldAt: timestamp('sold_at', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('door_sales_event_idx').on(t.eventId, t.soldAt), index('door_sales_order_idx').on(t.orderId)],
);
