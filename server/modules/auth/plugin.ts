import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SIGNED_OUT_BY_PASSWORD } from '../../../contract/users';
import type { AppDeps } from '../../context';
import { sessions } from '../../db/schema';
import { HttpError } from '../../http/errors';
import { LastSeenWriter } from './lastSeen';
import { sessionLookupFor } from './sessionLookup';
import { sha256 } from './tokens';

export const SIGN_IN_REQUIRED = 'Please sign in to continue.';
export const SESSION_ENDED = 'Your session has expired. Please sign in again.';

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1] ?? null;
}

/**
 * Identifies the caller on every request: `Authorization: Bearer <token>` → the live session with
 * that token's hash → `request.sessionUser`. Public routes simply see `null` for a missing, wrong,
 * revoked or expired token; routes that need a user add `onRequest: requireUser`.
 * Installed on the root instance before the routes, so every module (events too) inherits it.
 */
export function installAuth(app: FastifyInstance, deps: AppDeps) {
  const { db } = deps;
  // Concurrent requests' look-ups share one query (sessionLookup.ts); each still sees the session
  // as it is when that query runs. The reservation batch waits for it too (reserveBatch.ts).
  const lookup = sessionLookupFor(db);
  // `last_seen_at` is written after the answer, never awaited by a request (lastSeen.ts).
  const lastSeen = new LastSeenWriter(db, (err) => app.log.warn({ err }, 'last_seen_at not written'));
  // Registered after the database's own onClose hook, so it runs before it (reverse order).
  app.addHook('onClose', async () => lastSeen.settled());
  app.addHook('onRequest', async (request) => {
    const token = bearerToken(request);
    if (!token || token.length > 200) return;
    const session = await lookup.find(sha256(token));
    if (!session) {
      // Ended: a second read only for these (rare) requests, so the device hears why when it was
      // the owner's password change rather than a bare "expired".
      const [ended] = await db
        .select({ because: sessions.revokedBecause })
        .from(sessions)
        .where(and(eq(sessions.tokenHash, sha256(token)), isNotNull(sessions.revokedBecause)))
        .limit(1);
      request.sessionEndedBecause = ended?.because ?? null;
      return;
    }
    if (session.idle) {
      // Idle past its owner's timeout: ended here, whether or not a tab is still open to notice.
      // The caller stays anonymous, so a guarded route answers 401 'session expired'.
      await db
        .update(sessions)
        .set({ revokedAt: sql`now()` })
        .where(and(eq(sessions.id, session.id), isNull(sessions.revokedAt)));
      return;
    }
    request.sessionUser = { id: session.userId, sessionId: session.id };
    lastSeen.note(session.id, session.lastSeenAt);
  });
}

/**
 * The guard of every route that needs a signed-in user: 401 `{message}` otherwise. Use it as the
 * route's `onRequest` hook (it runs after the hook above identified the caller and before the body
 * is even parsed), so a stranger learns nothing about a guarded route's body from its 400s.
 */
export async function requireUser(request: FastifyRequest) {
  if (!request.sessionUser) {
    if (request.sessionEndedBecause === 'password_changed') throw new HttpError(401, SIGNED_OUT_BY_PASSWORD);
    throw new HttpError(401, bearerToken(request) ? SESSION_ENDED : SIGN_IN_REQUIRED);
  }
}

/** The signed-in user of a route guarded by `requireUser`. */
export function currentUser(request: FastifyRequest) {
  if (!request.sessionUser) throw new HttpError(401, SIGN_IN_REQUIRED);
  return request.sessionUser;
}
