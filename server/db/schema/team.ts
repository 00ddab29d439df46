import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { events } from './events';
import { users } from './users';

/**
 * An event's team (decision 043).
 *
 * - `event_team`: one row per invitation. The owner invites an email with a role; the row holds the
 *   SHA-256 of the accept token (the token itself is only in the mail's link fragment), expires
 *   after 7 days unless accepted, and becomes a membership once accepted (`user_id`, `accepted_at`).
 *   Revoking a pending invitation and removing a member both set `revoked_at`. At most one live
 *   membership per event and user.
 * - `event_team_activity`: what each member did on the event (who, what, on what, when), shown
 *   to the owner.
 */
export const eventTeam = pgTable(
  'event_team',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    role: text('role').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [
    index('event_team_event_idx').on(t.eventId),
    index('event_team_user_idx').on(t.userId),
    uniqueIndex('event_team_live_member_idx')
      .on(t.eventId, t.userId)
      .where(sql`${t.userId} is not null and ${t.revokedAt} is null`),
    check('event_team_role_check', sql`${t.role} in ('co_organiser', 'finance', 'door')`),
  ],
);

export const eventTeamActivity = pgTable(
  'event_team_activity',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The member's name and email when it happened (kept if the account goes). */
    actor: text('actor').notNull(),
    role: text('role').notNull(),
    action: text('action').notNull(),
    /** The id of what it was done to (a ticket type, discount, order, link), if any. */
    target: text('target'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('event_team_activity_event_idx').on(t.eventId, t.at)],
);

/**
 * Invitations and memberships for all of an owner's events, present and future (decision 043,
 * amendment): the same life as `event_team` (hashed token, 7 days to accept, revoked_at ends it at
 * once) but keyed by the owner instead of an event, so an event created later is covered without a
 * row of its own. Access asks the event's owner (eventAccess.ts `roleOn`); a membership on the event
 * itself wins over this one. Members' actions are logged per event in `event_team_activity`.
 */
export const organiserTeam = pgTable(
  'organiser_team',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organiserId: uuid('organiser_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    role: text('role').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [
    index('organiser_team_organiser_idx').on(t.organiserId),
    index('organiser_team_user_idx').on(t.userId),
    uniqueIndex('organiser_team_live_member_idx')
      .on(t.organiserId, t.userId)
      .where(sql`${t.userId} is not null and ${t.revokedAt} is null`),
    check('organiser_team_role_check', sql`${t.role} in ('co_organiser', 'finance', 'door')`),
  ],
);
