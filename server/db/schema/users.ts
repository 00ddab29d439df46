import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    username: text('username').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /** A changed email waits here until its owner clicks the link sent to it. */
    pendingEmail: text('pending_email'),
    /**
     * Minutes of inactivity before the session ends (5, 10, 15 or 30; the account's Timeouts select),
     * or null: no choice made, and the role's default applies (users/idleMinutes.ts, decision 053).
     */
    inactivityMinutes: integer('inactivity_minutes'),
    /** When false, signing in ends every other session (the modal's Concurrent sessions toggle). */
    concurrentSessions: boolean('concurrent_sessions').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Uniqueness is case-insensitive: Ada@x.ng and ada@x.ng are one person.
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    uniqueIndex('users_username_lower_key').on(sql`lower(${t.username})`),
  ],
);

/** A bearer token maps to one row here, so sign-out, expiry and "sign out other sessions" really end it. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 of the token; the token itself is never stored. */
    tokenHash: text('token_hash').notNull().unique(),
    userAgent: text('user_agent'),
    ip: text('ip'),
    rememberMe: boolean('remember_me').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The owner's last reported activity (a key or mouse press in the app, or signing in): the
     * server ends a session idle longer than its owner's inactivity timeout. Requests alone do not
     * move it, so a tab's polling keeps no session alive (decision 024).
     */
    lastActiveAt: timestamp('last_active_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /**
     * Why it was ended, when the owner should be told on that device: a password changed elsewhere
     * signs the other devices out, and their next request says so instead of a bare "expired".
     */
    revokedBecause: text('revoked_because', { enum: ['password_changed'] }),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Single-use links: email verification and confirmation of a changed email. Stored hashed. */
export const emailTokens = pgTable(
  'email_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** set_password: a quick-checkout account's first password (decision 038); proves the address too. */
    purpose: text('purpose', { enum: ['verify_email', 'change_email', 'set_password'] }).notNull(),
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('email_tokens_user_idx').on(t.userId)],
);

/** Six-digit password-reset codes. One live code per user; a new request replaces the old one. */
export const passwordResetCodes = pgTable('password_reset_codes', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  codeHash: text('code_hash').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  failedAttempts: integer('failed_attempts').notNull().default(0),
  /** Set when the right code was entered; the reset itself must follow within 10 minutes. */
  verifiedAt: timestamp('verified_at', { withTimezone: true }),
  /**
   * SHA-256 of the one-time reset token handed out with the verified code. Setting the password
   * needs the token itself, so knowing the email is not enough while the window is open.
   */
  resetTokenHash: text('reset_token_hash'),
  consumedAt: timestamp('consumed_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
