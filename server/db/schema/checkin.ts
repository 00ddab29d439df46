import { boolean, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { issuedTickets } from './checkout';
import { events } from './events';
import { users } from './users';

/**
 * Check-in at the door (decision 016).
 *
 * - `checkin_links`: door staff without accounts open a link and type its 6-digit PIN; the token and
 *   the PIN are stored hashed (the organiser sees them once). Revocable; they expire after the event.
 * - `checkin_sessions`: what a link plus the right PIN gives a device: a bearer token (hashed here).
 * - `ticket_checkins`: one row per admitted ticket. The primary key on the ticket is what makes "at
 *   most once" hold under any number of devices and API instances: two simultaneous scans both try
 *   to insert, the database lets exactly one in.
 * - `checkin_scans`: every scan that admitted or tried to admit someone, by its nonce (made on the
 *   device for offline scans, on the server for online ones). The nonce is the primary key, so an
 *   upload retried after a lost answer is recognised and never counted again; `lost_to` names the
 *   earlier scan that won when two devices scanned the same ticket while apart.
 */

export const checkinLinks = pgTable(
  'checkin_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    label: text('label').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    pinHash: text('pin_hash').notNull(),
    /** null = every ticket type of the event. */
    ticketTypeIds: jsonb('ticket_type_ids').$type<string[] | null>(),
    /** The owner let this link sell tickets at the door (box office, decision 062). */
    canSell: boolean('can_sell').notNull().default(false),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('checkin_links_event_idx').on(t.eventId)],
);

export const checkinSessions = pgTable('checkin_sessions', {
  id: uuid('id').primaryKey().defaultRandom(),
  linkId: uuid('link_id')
    .notNull()
    .references(() => checkinLinks.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const ticketCheckins = pgTable(
  'ticket_checkins',
  {
    ticketId: uuid('ticket_id')
      .primaryKey()
      .references(() => issuedTickets.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    /** When the winning scan happened (the device's clock for offline scans). */
    scannedAt: timestamp('scanned_at', { withTimezone: true }).notNull(),
    nonce: uuid('nonce').notNull(),
    gate: text('gate'),
    device: text('device'),
    deviceId: uuid('device_id'),
    linkId: uuid('link_id').references(() => checkinLinks.id, { onDelete: 'set null' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [index('ticket_checkins_event_idx').on(t.eventId, t.scannedAt)],
);

export const checkinScans = pgTable(
  'checkin_scans',
  {
    nonce: uuid('nonce').primaryKey(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    ticketId: uuid('ticket_id').references(() => issuedTickets.id, { onDelete: 'cascade' }),
    scannedAt: timestamp('scanned_at', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    gate: text('gate'),
    device: text('device'),
    deviceId: uuid('device_id'),
    linkId: uuid('link_id').references(() => checkinLinks.id, { onDelete: 'set null' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The result this scan got (for a retried upload, the same answer again). */
    result: text('result').notNull(),
    /** Set when another scan of the same ticket happened earlier: that scan's nonce. */
    lostTo: uuid('lost_to'),
  },
  (t) => [
    index('checkin_scans_event_device_idx').on(t.eventId, t.deviceId),
    index('checkin_scans_ticket_idx').on(t.ticketId),
  ],
);
