import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { checkinLinks, checkinSessions } from '../../db/schema';
import { HttpError } from '../../http/errors';
import { ACCESS_MESSAGES, CHECKIN_ROLES, manageableEvent } from '../access/eventAccess';
import { bearerToken, SESSION_ENDED, SIGN_IN_REQUIRED } from '../auth/plugin';
import { sha256 } from '../auth/tokens';
import type { CheckinDeps, Scanner } from './deps';

/** Check-in link sessions carry this prefix, so they are never mistaken for account sessions. */
export const LINK_SESSION_PREFIX = 'gpci_';

export const MESSAGES = {
  eventNotFound: ACCESS_MESSAGES.eventNotFound,
  linkInvalid: 'This check-in link is not valid. Ask the organiser for a new one.',
  linkRevoked: 'This check-in link has been revoked.',
  linkExpired: 'This check-in link has expired.',
  linkOtherEvent: 'This check-in link is for another event.',
} as const;

export function linkStatus(link: { revokedAt: Date | null; expiresAt: Date }) {
  if (link.revokedAt) return 'revoked' as const;
  if (link.expiresAt.getTime() <= Date.now()) return 'expired' as const;
  return 'active' as const;
}

const scanners = new WeakMap<FastifyRequest, Scanner>();

/** The scanner a guarded route's request was let through as. */
export function scannerOf(request: FastifyRequest): Scanner {
  const scanner = scanners.get(request);
  if (!scanner) throw new HttpError(401, SIGN_IN_REQUIRED);
  return scanner;
}

/**
 * onRequest guard of the scanner routes (before any body is read): a check-in link session for
 * this event that is neither revoked nor expired, or a signed-in user whose role on the event lets them check in (owner, co-organiser, door supervisor).
 * No credentials → 401; someone else's event or a dead link → 403; no such event → 404.
 */
export function requireScanner(deps: CheckinDeps) {
  return async (request: FastifyRequest) => {
    const token = bearerToken(request);
    const eventId = (request.params as { eventId?: unknown }).eventId;
    if (token?.startsWith(LINK_SESSION_PREFIX)) {
      const [row] = await deps.db
        .select({
          linkId: checkinLinks.id,
          eventId: checkinLinks.eventId,
          label: checkinLinks.label,
          ticketTypeIds: checkinLinks.ticketTypeIds,
          revokedAt: checkinLinks.revokedAt,
          expiresAt: checkinLinks.expiresAt,
        })
        .from(checkinSessions)
        .innerJoin(checkinLinks, eq(checkinLinks.id, checkinSessions.linkId))
        .where(eq(checkinSessions.tokenHash, sha256(token)))
        .limit(1);
      if (!row) throw new HttpError(401, MESSAGES.linkInvalid);
      const status = linkStatus(row);
      if (status === 'revoked') throw new HttpError(403, MESSAGES.linkRevoked);
      if (status === 'expired') throw new HttpError(403, MESSAGES.linkExpired);
      if (row.eventId !== eventId) throw new HttpError(403, MESSAGES.linkOtherEvent);
      scanners.set(request, {
        kind: 'link',
        userId: null,
        linkId: row.linkId,
        gate: row.label,
        ticketTypeIds: row.ticketTypeIds && row.ticketTypeIds.length > 0 ? row.ticketTypeIds : null,
      });
      return;
    }
    const user = request.sessionUser;
    if (!user) throw new HttpError(401, token ? SESSION_ENDED : SIGN_IN_REQUIRED);
    await manageableEvent(deps.db, typeof eventId === 'string' ? eventId : '', user.id, CHECKIN_ROLES);
    scanners.set(request, {
      kind: 'organiser',
      userId: user.id,
      linkId: null,
      gate: null,
      ticketTypeIds: null,
    });
  };
}
