import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { events } from './events';
import { users } from './users';

/**
 * Where an organiser's ticket money goes: one verified bank account per organiser (resolved with the
 * bank through the payment provider, never typed-in names), reused by every paid ticket type. With
 * Paystack, `subaccount_code` is the organiser's split subaccount that checkout passes on each payment.
 */
export const payoutAccounts = pgTable('payout_accounts', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  bankCode: text('bank_code').notNull(),
  bankName: text('bank_name').notNull(),
  accountNumber: text('account_number').notNull(),
  /** As the bank resolved it. */
  accountName: text('account_name').notNull(),
  /** Paystack's ACCT_… (or the test-mode provider's simulated code); null until created. */
  subaccountCode: text('subaccount_code'),
  /** Which provider verified it and holds the subaccount ('paystack' or 'test'). */
  providerMode: text('provider_mode', { enum: ['paystack', 'test'] }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  /**
   * When the bank or account number last changed by its owner's hand (shown on the payout screen).
   * `updated_at` also moves when the provider's subaccount is synced, which is no change to show.
   */
  changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Discount codes of an event. `uses` counts live reservations and paid orders holding the code:
 * checkout increments it with one conditional UPDATE when an order reserves with it and gives it
 * back when the reservation expires or is cancelled; the CHECK makes overuse impossible even if a
 * query forgot the condition.
 */
export const discountCodes = pgTable(
  'discount_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    /** As the organiser typed it; matched ignoring case. */
    code: text('code').notNull(),
    kind: text('kind', { enum: ['percent', 'fixed'] }).notNull(),
    /** 1..100 when kind = percent. */
    percentOff: integer('percent_off'),
    /** Kobo off each eligible ticket when kind = fixed. */
    amountOffKobo: integer('amount_off_kobo'),
    /** null = unlimited. */
    maxUses: integer('max_uses'),
    uses: integer('uses').notNull().default(0),
    validFrom: timestamp('valid_from', { withTimezone: true }),
    validUntil: timestamp('valid_until', { withTimezone: true }),
    /** Eligible ticket types; empty = every type of the event. */
    ticketTypeIds: uuid('ticket_type_ids').array().notNull().default(sql`'{}'::uuid[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('discount_codes_event_code_key').on(t.eventId, sql`lower(${t.code})`),
    index('discount_codes_event_idx').on(t.eventId),
    check(
      'discount_codes_uses_within_max',
      sql`${t.uses} >= 0 and (${t.maxUses} is null or ${t.uses} <= ${t.maxUses})`,
    ),
    check(
      'discount_codes_amount',
      sql`(${t.kind} = 'percent' and ${t.percentOff} between 1 and 100) or (${t.kind} = 'fixed' and ${t.amountOffKobo} > 0)`,
    ),
  ],
);

/**
 * Access codes of an event (decision 036): a sponsor's or a VIP list's code that unlocks hidden ticket
 * types, distinct from discount codes. One may also carry a discount: checkout applies the linked
 * discount code to the order, under that code's own rules and use count.
 */
export const accessCodes = pgTable(
  'access_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    /** As the organiser typed it; matched ignoring case. */
    code: text('code').notNull(),
    /** The hidden types it unlocks (at least one). */
    ticketTypeIds: uuid('ticket_type_ids').array().notNull(),
    discountCodeId: uuid('discount_code_id').references(() => discountCodes.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('access_codes_event_code_key').on(t.eventId, sql`lower(${t.code})`),
    index('access_codes_event_idx').on(t.eventId),
  ],
);
