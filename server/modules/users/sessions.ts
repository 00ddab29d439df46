import { and, desc, eq, gt, isNull, lt, ne, or, sql } from 'drizzle-orm';
import { UAParser } from 'ua-parser-js';
import { stripControlCharacters } from '../../../contract/text';
import type { SessionInfo } from '../../../contract/users';
import type { Tx } from '../../db/query';
import { sessions } from '../../db/schema';
import { newToken, sha256 } from '../auth/tokens';

/** 'Remember me' unchecked: a day; checked: thirty days. */
export const SESSION_HOURS = { short: 24, remembered: 30 * 24 } as const;

/** Starts a session and returns its bearer token (shown once, stored only as a hash). */
export async function createSession(
  db: Tx,
  opts: { userId: string; rememberMe: boolean; userAgent: string | undefined; ip: string },
): Promise<{ token: string; sessionId: string }> {
  // Ended sessions are kept a while (the list shows only live ones), then cleared at the next sign-in.
  await db
    .delete(sessions)
    .where(
      and(
        eq(sessions.userId, opts.userId),
        or(
          lt(sessions.expiresAt, sql`now() - interval '30 days'`),
          lt(sessions.revokedAt, sql`now() - interval '30 days'`),
        ),
      ),
    );
  const token = newToken();
  const hours = opts.rememberMe ? SESSION_HOURS.remembered : SESSION_HOURS.short;
  const [row] = await db
    .insert(sessions)
    .values({
      userId: opts.userId,
      tokenHash: sha256(token),
      rememberMe: opts.rememberMe,
      // Headers are the caller's words: bounded, and nothing PostgreSQL cannot store.
      userAgent: opts.userAgent ? stripControlCharacters(opts.userAgent).slice(0, 500) : null,
      ip: stripControlCharacters(opts.ip).slice(0, 100),
      expiresAt: sql`now() + make_interval(hours => ${hours})`,
    })
    .returning({ id: sessions.id });
  return { token, sessionId: row!.id };
}

const live = (userId: string) =>
  and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`));

/**
 * Ends every live session of a user, except `keepSessionId` when given; `because` is kept for the
 * devices signed out so (their next request says why). Returns how many ended.
 */
export async function revokeSessions(
  db: Tx,
  userId: string,
  keepSessionId?: string,
  because?: 'password_changed',
): Promise<number> {
  const ended = await db
    .update(sessions)
    .set({ revokedAt: sql`now()`, revokedBecause: because ?? null })
    .where(keepSessionId ? and(live(userId), ne(sessions.id, keepSessionId)) : live(userId))
    .returning({ id: sessions.id });
  return ended.length;
}

/** Ends one session of this user; false when it is not theirs, unknown or already ended. */
export async function revokeSession(db: Tx, userId: string, sessionId: string): Promise<boolean> {
  const ended = await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(live(userId), eq(sessions.id, sessionId)))
    .returning({ id: sessions.id });
  return ended.length > 0;
}

/**
 * The owner did something in the app (a key or mouse press, as the tab's inactivity timer counts
 * it): the session's idle clock starts again. Requests alone never count, so polling keeps nothing
 * alive (decision 024).
 */
export async function recordActivity(db: Tx, sessionId: string): Promise<void> {
  await db.update(sessions).set({ lastActiveAt: sql`now()` }).where(eq(sessions.id, sessionId));
}

/** "Chrome on Windows", "Safari on iOS (iPhone)", or "Unknown device". */
export function describeDevice(userAgent: string | null): string {
  if (!userAgent) return 'Unknown device';
  const ua = UAParser(userAgent);
  const browser = ua.browser.name;
  const os = ua.os.name;
  const model = ua.device.model;
  const base = browser && os ? `${browser} on ${os}` : (browser ?? os);
  if (!base) return 'Unknown device';
  return model && ua.device.type ? `${base} (${model})` : base;
}

export async function listSessions(db: Tx, userId: string, currentSessionId: string): Promise<SessionInfo[]> {
  const rows = await db
    .select()
    .from(sessions)
    .where(live(userId))
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.createdAt));
  return rows.map((s) => ({
    id: s.id,
    device: describeDevice(s.userAgent),
    ip: s.ip,
    createdAt: s.createdAt.toISOString(),
    lastSeenAt: s.lastSeenAt.toISOString(),
    expiresAt: s.expiresAt.toISOString(),
    current: s.id === currentSessionId,
  }));
}
