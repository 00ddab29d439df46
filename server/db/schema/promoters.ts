import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { events, orders } from './events';
import { users } from './users';

/** A commission rule: a percentage in basis points (1050 = 10.5 %) or kobo per ticket. */
export type CommissionRuleRow = { kind: 'percent' | 'flat'; value: number };

/**
 * The promoters of an event (decision 064): someone the organiser pays a commission for the tickets
 * sold through their link. `code` is the link's short, unguessable-enough key (/r/<code>,
 * ?ref=<code>); `per_type` overrides the default rule for some ticket types. `clicks` counts the
 * arrivals by the link (one UPDATE each). The promoter reads their own page by signing in with
 * `email` (verified).
 */
export const promoters = pgTable(
  'promoters',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    code: text('code').notNull(),
    commissionKind: text('commission_kind', { enum: ['percent', 'flat'] }).notNull(),
    commissionValue: integer('commission_value').notNull(),
    perType: jsonb('per_type').$type<Record<string, CommissionRuleRow>>().notNull().default({}),
    clicks: integer('clicks').notNull().default(0),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Set when the organiser removes the promoter (decision 070): the row stays, so orders already
     * attributed keep their promoter and commission everywhere, but the link attributes nothing more.
     */
    removedAt: timestamp('removed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('promoters_code_key').on(t.code),
    // One live promoter per email per event; a removed one may be added again (a new code).
    uniqueIndex('promoters_event_email_key')
      .on(t.eventId, sql`lower(${t.email})`)
      .where(sql`${t.removedAt} is null`),
    index('promoters_email_idx').on(sql`lower(${t.email})`),
    check('promoters_value_check', sql`${t.commissionValue} >= 0`),
  ],
);

/**
 * Which promoter an order is attributed to (one row per order, written when the buyer pays, last
 * link wins), the commission reckoned on what the order's tickets cost after discounts (no fees),
 * and how it is settled: 'split' when the promoter's verified payout subaccount took its share in
 * the payment itself (Paystack split), 'owed' when the organiser pays it by hand. Refunds reduce
 * what is earned when it is read (promoters/commission.ts), so the row never needs rewriting.
 */
export const orderPromoters = pgTable(
  'order_promoters',
  {
    orderId: uuid('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    promoterId: uuid('promoter_id')
      .notNull()
      .references(() => promoters.id, { onDelete: 'cascade' }),
    commissionKobo: integer('commission_kobo').notNull(),
    settlement: text('settlement', { enum: ['split', 'owed'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_promoters_promoter_idx').on(t.promoterId)],
);
