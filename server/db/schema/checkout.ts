import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { events, orders, ticketTypes } from './events';
import { users } from './users';

/** Every status an order passes through, with when (every transition is recorded: decision 012). */
export const orderEvents = pgTable(
  'order_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_events_order_idx').on(t.orderId, t.createdAt)],
);

/**
 * One row per payment attempt: its own reference (the provider sees only this), the amount asked,
 * and what the provider said. A refund is tracked on the attempt that took the money.
 */
export const paymentAttempts = pgTable(
  'payment_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    reference: text('reference').notNull(),
    provider: text('provider', { enum: ['paystack', 'test'] }).notNull(),
    amountKobo: integer('amount_kobo').notNull(),
    status: text('status', { enum: ['pending', 'success', 'failed'] })
      .notNull()
      .default('pending'),
    transactionId: text('transaction_id'),
    /** What the provider kept of this payment (its own answer, kobo); null until it says. */
    providerFeeKobo: integer('provider_fee_kobo'),
    refundStatus: text('refund_status', { enum: ['pending', 'processed', 'failed'] }),
    /**
     * Set when the order's items or discount changed after this attempt started: the attempt no
     * longer pays for the order, so a success for it is refunded in full (payments/coverage.ts).
     */
    voidedAt: timestamp('voided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payment_attempts_reference_key').on(t.reference),
    index('payment_attempts_order_idx').on(t.orderId),
    index('payment_attempts_pending_idx').on(t.status, t.createdAt),
  ],
);

/** A flat split as initialize asked for it (adapters/payments/types.ts PaymentSplit). */
export type TestSplitRow = {
  type: 'flat';
  bearer_type: 'account';
  subaccounts: { subaccount: string; share: number }[];
};

/** The built-in test-mode provider's own ledger: what its payment page shows and decides. */
export const testPayments = pgTable('test_payments', {
  reference: text('reference').primaryKey(),
  orderId: uuid('order_id')
    .notNull()
    .references(() => orders.id, { onDelete: 'cascade' }),
  email: text('email').notNull(),
  amountKobo: integer('amount_kobo').notNull(),
  callbackUrl: text('callback_url').notNull(),
  /** The split asked for on initialize (decision 064), as Paystack's `split` field carries it. */
  split: jsonb('split').$type<TestSplitRow>(),
  status: text('status', { enum: ['pending', 'success', 'failed', 'reversed'] })
    .notNull()
    .default('pending'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  decidedAt: timestamp('decided_at', { withTimezone: true }),
});

/**
 * One row per seat of a paid order. `code` is the signed QR payload (see modules/issued-tickets);
 * a reissued ticket is a new row, and the old one is revoked, so a code never changes meaning.
 */
export const issuedTickets = pgTable(
  'issued_tickets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    ticketTypeId: uuid('ticket_type_id')
      .notNull()
      .references(() => ticketTypes.id, { onDelete: 'restrict' }),
    /** Seat number within the order (0-based), stable across reissues. */
    seat: integer('seat').notNull(),
    code: text('code').notNull(),
    /** What people type at the door when the QR will not scan (contract/ticketReference.ts). */
    reference: text('reference').notNull().default(sql`gatepass_ticket_reference()`),
    /**
     * The capability link's secret (/t#token): whoever has it may open this one ticket without an
     * account (decision 040). 244 random bits; a reissued ticket is a new row with a new token, so
     * a transfer or a name correction revokes the old link with the old code.
     */
    shareToken: text('share_token')
      .notNull()
      .default(sql`replace(gen_random_uuid()::text, '-', '') || replace(gen_random_uuid()::text, '-', '')`),
    attendeeFirstName: text('attendee_first_name').notNull(),
    attendeeLastName: text('attendee_last_name').notNull(),
    attendeeEmail: text('attendee_email').notNull(),
    /**
     * The public key of the holder's phone (decision 058), compressed P-256 (contract/rotatingCode.ts):
     * the door checks the ticket's rotating codes with it. Null until a holder opens the ticket on a
     * phone; a reissued ticket (transfer, name change) is a new row, so it starts unbound and the new
     * holder's phone binds it. Replaced only by an explicit move from the holder's account.
     */
    deviceKey: text('device_key'),
    deviceKeyAt: timestamp('device_key_at', { withTimezone: true }),
    /**
     * The secret of the ticket's check link (/t#check=…, decision 058): it shows whether the ticket is
     * valid, unused and transferable, and nothing that admits (no code, reference or share link).
     */
    checkToken: text('check_token').notNull().default(sql`replace(gen_random_uuid()::text, '-', '')`),
    /** Its table's number within its type (decision 067); null for a ticket that is not a table's. */
    tableNumber: integer('table_number'),
    /** Its place at the table, 0-based; seat 0's code is the table's code when one code admits the table. */
    tableSeat: integer('table_seat'),
    /**
     * Its table's N and whether one code admits the table, copied from the type at issue: both are
     * fixed once a table of the type is sold, and every reader (door list, ticket page) needs them.
     */
    tableSize: integer('table_size'),
    tableOneCode: boolean('table_one_code').notNull().default(false),
    checkedInAt: timestamp('checked_in_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokeReason: text('revoke_reason', { enum: ['cancelled', 'refunded', 'reissued'] }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('issued_tickets_code_key').on(t.code),
    uniqueIndex('issued_tickets_share_token_key').on(t.shareToken),
    uniqueIndex('issued_tickets_check_token_key').on(t.checkToken),
    // Per event: the door looks a typed reference up within its own event.
    uniqueIndex('issued_tickets_event_reference_key').on(t.eventId, t.reference),
    // At most one live ticket per seat: issuing twice (webhook and verify racing) cannot double up.
    uniqueIndex('issued_tickets_live_seat_key').on(t.orderId, t.seat).where(sql`${t.revokedAt} is null`),
    index('issued_tickets_event_idx').on(t.eventId),
    // A table's tickets, found together at the door and on the ticket page.
    index('issued_tickets_table_idx')
      .on(t.ticketTypeId, t.tableNumber)
      .where(sql`${t.tableNumber} is not null`),
    index('issued_tickets_attendee_email_idx').on(sql`lower(${t.attendeeEmail})`),
    index('issued_tickets_revoked_idx').on(t.revokedAt),
  ],
);

/**
 * Every time a ticket changed hands or names (decision 040): the old ticket, the one issued in its
 * place, who held it before and after, and who made the change. The guest list shows this history.
 */
export const ticketChanges = pgTable(
  'ticket_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    ticketTypeId: uuid('ticket_type_id').notNull(),
    seat: integer('seat').notNull(),
    oldTicketId: uuid('old_ticket_id').notNull(),
    newTicketId: uuid('new_ticket_id').notNull(),
    kind: text('kind', { enum: ['transfer', 'name', 'organiser', 'claim'] }).notNull(),
    fromName: text('from_name').notNull(),
    fromEmail: text('from_email').notNull(),
    toName: text('to_name').notNull(),
    toEmail: text('to_email').notNull(),
    byUserId: uuid('by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ticket_changes_event_idx').on(t.eventId, t.createdAt),
    index('ticket_changes_order_idx').on(t.orderId),
  ],
);

/** The Ed25519 key pair that signs ticket codes; made once, so codes stay valid across restarts. */
export const signingKeys = pgTable('signing_keys', {
  name: text('name').primaryKey(),
  privateKeyPem: text('private_key_pem').notNull(),
  publicKeyDer: text('public_key_der').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The organiser's refunds of part or all of a paid order (decision 044): the amount, the tickets it
 * took back (revoked in the same transaction that wrote the row and released their seats) and the
 * reason the buyer reads. 'pending' until the provider accepted the request, 'failed' when it did
 * not (the sweeper asks again), 'processed' once it did. The client's request key makes a repeated
 * request (a double click) return the first refund instead of refunding twice.
 */
export const orderRefunds = pgTable(
  'order_refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    paymentAttemptId: uuid('payment_attempt_id')
      .notNull()
      .references(() => paymentAttempts.id, { onDelete: 'cascade' }),
    amountKobo: integer('amount_kobo').notNull(),
    ticketIds: uuid('ticket_ids').array().notNull().default(sql`'{}'::uuid[]`),
    reason: text('reason').notNull(),
    requestKey: text('request_key').notNull(),
    status: text('status', { enum: ['pending', 'processed', 'failed'] })
      .notNull()
      .default('pending'),
    tries: integer('tries').notNull().default(0),
    requestedBy: uuid('requested_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('order_refunds_request_key_idx').on(t.orderId, t.requestKey),
    index('order_refunds_status_idx').on(t.status),
  ],
);
