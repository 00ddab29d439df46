import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  time,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { NO_SOCIAL_LINKS } from '../../../contract/events';
import { eventDates } from './eventDates';
import { users } from './users';

export type SocialLinksRow = {
  website: string | null;
  twitter: string | null;
  instagram: string | null;
  whatsapp: string | null;
  facebook: string | null;
  telegram: string | null;
};

export const events = pgTable(
  'events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organiserId: uuid('organiser_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    eventName: text('event_name').notNull(),
    category: text('category').notNull(),
    description: text('description').notNull().default(''),
    // Dates and times are Lagos wall-clock values (WAT has no DST), as organisers enter them.
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    startTime: time('start_time').notNull(),
    endTime: time('end_time').notNull(),
    eventLocation: text('event_location', { enum: ['physical', 'online', 'both'] }).notNull(),
    url: text('url'),
    country: text('country'),
    state: text('state'),
    location: text('location'),
    /** Storage key of the poster (see server/adapters/storage). */
    imageKey: text('image_key'),
    status: text('status', { enum: ['draft', 'published'] })
      .notNull()
      .default('draft'),
    socials: jsonb('socials').$type<SocialLinksRow>().notNull().default(NO_SOCIAL_LINKS),
    /** Overall capacity shared by all ticket types; null = only each type's own limit. */
    capacity: integer('capacity'),
    /**
     * Where cards crop the poster, as CSS object-position percentages: detected at upload
     * (organiser/posterFocus.ts), 50/50 (the centre) until then.
     */
    imageFocusX: integer('image_focus_x').notNull().default(50),
    imageFocusY: integer('image_focus_y').notNull().default(50),
    /** A published event whose organiser has paused sales: visible, but nothing can be bought. */
    salesPaused: boolean('sales_paused').notNull().default(false),
    /** Organiser's note added to every ticket e-mail of this event ('' = none). */
    ticketEmailMessage: text('ticket_email_message').notNull().default(''),
    /** Holders may transfer their tickets to someone else (decision 040); the organiser may turn it off. */
    transfersEnabled: boolean('transfers_enabled').notNull().default(true),
    /** Transfers and name corrections close this many hours before the event starts (0 = at the start). */
    ticketChangesCloseHours: integer('ticket_changes_close_hours').notNull().default(0),
    /**
     * Rotating codes at the door (decision 058): 'allowed' (default) admits a holder's live code and the
     * printed code alike; 'required' admits only live codes (and guests staff pick by name).
     */
    rotatingCodes: text('rotating_codes', { enum: ['allowed', 'required'] })
      .notNull()
      .default('allowed'),
    /**
     * Who pays Gatepass's service fee (decision 066): 'buyer' (on top: "₦10,000 + ₦150 fees") or
     * 'absorbed' (one all-in price; the fee comes out of the organiser's payout).
     */
    feeMode: text('fee_mode', { enum: ['buyer', 'absorbed'] })
      .notNull()
      .default('buyer'),
    /** How long a waiting-list offer holds its seats for the person offered (decision 042), 5–1440. */
    waitlistOfferMinutes: integer('waitlist_offer_minutes').notNull().default(30),
    /**
     * When tickets go on sale (an instant); null = on sale from publication. Nothing is sold before
     * it, and a waiting room draws its pre-opening arrivals at random at this instant (decision 059).
     */
    onsaleAt: timestamp('onsale_at', { withTimezone: true }),
    /** The waiting room: 'auto' = on when the event has more seats than ONSALE_AUTO_SEATS (decision 059). */
    waitingRoom: text('waiting_room', { enum: ['auto', 'on', 'off'] })
      .notNull()
      .default('auto'),
    /** Buyers the waiting room admits per second; null = the deployment's ONSALE_ADMIT_PER_SECOND. */
    admitPerSecond: integer('admit_per_second'),
    /** A duplicated event whose dates are placeholders until the organiser saves new ones. */
    needsDates: boolean('needs_dates').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The public listing reads published events soonest first.
    index('events_status_start_idx').on(t.status, t.startDate, t.startTime),
    index('events_organiser_idx').on(t.organiserId),
    // Text search over name, description and location (English stemming; see modules/events).
    index('events_search_idx').using(
      'gin',
      sql`to_tsvector('english', ${t.eventName} || ' ' || ${t.description} || ' ' || coalesce(${t.location}, ''))`,
    ),
  ],
);

/** Ticket types of an event ("tickets" in the spec's API). Prices are integer kobo. */
export const ticketTypes = pgTable(
  'ticket_types',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    ticketName: text('ticket_name').notNull(),
    priceKobo: integer('price_kobo').notNull().default(0),
    ticketDescription: text('ticket_description').notNull().default(''),
    imageKey: text('image_key'),
    ticketType: text('ticket_type', { enum: ['free', 'paid'] }).notNull(),
    ticketStock: text('ticket_stock', { enum: ['limited', 'unlimited'] }).notNull(),
    /** Capacity when stock is limited; null when unlimited. */
    capacity: integer('capacity'),
    /** Tickets sold or held; never exceeds capacity (checked in the same UPDATE that sells). */
    sold: integer('sold').notNull().default(0),
    purchaseLimit: integer('purchase_limit').notNull().default(10),
    benefits: text('benefits').notNull().default(''),
    // Payout bank details belong to the organiser (payout_accounts), not to each ticket type.
    /** Sales window (instants); null = open from publication / until the event ends. */
    salesFrom: timestamp('sales_from', { withTimezone: true }),
    salesUntil: timestamp('sales_until', { withTimezone: true }),
    /** Left off every public list and page; sold only to buyers with an access code that unlocks it. */
    hidden: boolean('hidden').notNull().default(false),
    /** Once sold out, signed-in visitors may join its waiting list (decision 042); the organiser may switch it off. */
    waitlistEnabled: boolean('waitlist_enabled').notNull().default(true),
    /**
     * The date this type admits on, for an event with several dates (decision 046); null = any date.
     * Removing a date removes its types; order_items' restrict on the type keeps a date with sales.
     */
    eventDateId: uuid('event_date_id').references((): AnyPgColumn => eventDates.id, { onDelete: 'cascade' }),
    /**
     * A table for N (decision 067): null = one admission per unit; 2–50 = one unit is one table of this
     * many guests. Price, capacity, `sold` and the purchase limit all count tables; issuing a table
     * makes N tickets grouped under its number.
     */
    tableSize: integer('table_size'),
    /** One code per table: the table's first ticket's code admits up to `table_size` times. */
    tableOneCode: boolean('table_one_code').notNull().default(false),
    /**
     * Tables numbered so far: a paid table takes the next number at issue (never at reservation, so
     * the flash-sale path is untouched). Only ever grows: a refunded table's number is not reused.
     */
    tablesNumbered: integer('tables_numbered').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ticket_types_event_idx').on(t.eventId)],
);

/**
 * Orders (decision 012). A reservation holds seats (ticket_types.sold already counts them) until
 * `expires_at`; payment turns it into tickets. Status moves reserved → paid | expired | cancelled |
 * refund_due → refunded, each move recorded in order_events. Amounts are integer kobo.
 */
export const ORDER_STATUSES = ['reserved', 'paid', 'expired', 'cancelled', 'refund_due', 'refunded'] as const;
export type OrderStatusRow = (typeof ORDER_STATUSES)[number];

export type OrderAttendeeRow = { ticketId: string; firstName: string; lastName: string; email: string };

export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'restrict' }),
    /** The signed-in buyer; null only for the seeded sample orders. */
    buyerUserId: uuid('buyer_user_id').references(() => users.id, { onDelete: 'set null' }),
    buyerFirstName: text('buyer_first_name').notNull(),
    buyerLastName: text('buyer_last_name').notNull(),
    buyerEmail: text('buyer_email').notNull(),
    buyerPhone: text('buyer_phone').notNull().default(''),
    /** Seats sent to other people (the spec's 'Send ticket to different email addresses?'). */
    attendees: jsonb('attendees').$type<OrderAttendeeRow[]>().notNull().default([]),
    status: text('status', { enum: ORDER_STATUSES }).notNull(),
    /** Shown to people and in support mails; payment attempts carry their own references. */
    reference: text('reference')
      .notNull()
      .default(sql`('GP-' || upper(substr(md5(gen_random_uuid()::text), 1, 10)))`),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull().defaultNow(),
    subtotalKobo: integer('subtotal_kobo').notNull().default(0),
    discountKobo: integer('discount_kobo').notNull().default(0),
    feesKobo: integer('fees_kobo').notNull().default(0),
    /** The event's fee mode when the order was made: true when the fee is inside the prices (not added to the total). */
    feesAbsorbed: boolean('fees_absorbed').notNull().default(false),
    totalKobo: integer('total_kobo').notNull(),
    /** The applied discount code as the buyer typed it, and the code's row (its use is counted). */
    discountCode: text('discount_code'),
    discountCodeId: uuid('discount_code_id'),
    /** The access code the buyer reserved with (decision 036): it keeps unlocking hidden types on changes. */
    accessCodeId: uuid('access_code_id'),
    /** Paid through the built-in test-mode provider: no money moved, left out of Sales totals. */
    testMode: boolean('test_mode').notNull().default(false),
    /** Where it was sold: online checkout, or the box office at the door (decision 062, door_sales). */
    channel: text('channel', { enum: ['online', 'door'] })
      .notNull()
      .default('online'),
    emailUpdates: boolean('email_updates').notNull().default(false),
    /** The latest payment attempt: none | pending | failed | success. */
    paymentState: text('payment_state', { enum: ['none', 'pending', 'failed', 'success'] })
      .notNull()
      .default('none'),
    statusMessage: text('status_message'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('orders_event_status_idx').on(t.eventId, t.status, t.paidAt),
    uniqueIndex('orders_reference_key').on(t.reference),
    // The sweeper's scan: live holds by deadline.
    index('orders_status_expires_idx').on(t.status, t.expiresAt),
    index('orders_buyer_idx').on(t.buyerUserId, t.createdAt),
  ],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    ticketTypeId: uuid('ticket_type_id')
      .notNull()
      .references(() => ticketTypes.id, { onDelete: 'restrict' }),
    quantity: integer('quantity').notNull(),
    unitPriceKobo: integer('unit_price_kobo').notNull(),
    /** Seats of this line the organiser refunded (decision 044): no longer sold, back on sale. */
    refundedQuantity: integer('refunded_quantity').notNull().default(0),
  },
  (t) => [index('order_items_order_idx').on(t.orderId)],
);
