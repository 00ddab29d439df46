import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { checkinLinks, checkinSessions, events } from '../../db/schema';
import { HttpError } from '../../http/errors';
import { bearerToken, SESSION_ENDED, SIGN_IN_REQUIRED } from '../auth/plugin';
import { sha256 } from '../auth/tokens';
import type { CheckinDeps, Scanner } from './deps';

/** Check-in link sessions carry this prefix, so they are never mistaken for account sessions. */
export const LINK_SESSION_PREFIX = 'gpci_';

export const MESSAGES = {
  eventNotFound: 'Event not found',
  notYourEvent: 'Only the organiser of this event or its door staff can check tickets in.',
  linkInvalid: 'This check-in link is not valid. Ask the organiser for a new one.',
  linkRevoked: 'This check-in link has been revoked.',
  linkExpired: 'This check-in link has expired.',
  linkOtherEvent: 'This check-in link is for another event.',
} as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: unknown): value is string => typeof value === 'string' && UUID.test(value);

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
 * this event that is neither revoked nor expired, or the signed-in organiser of the event.
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
    if (!isUuid(eventId)) throw new HttpError(404, MESSAGES.eventNotFound);
    await requireOrganiser(deps, eventId, user.id);
    scanners.set(request, {
      kind: 'organiser',
      userId: user.id,
      linkId: null,
      gate: null,
      ticketTypeIds: null,
    });
  };
}

/** 404 for no such event, 403 when the caller does not own it. */
export async function requireOrganiser(deps: CheckinDeps, eventId: string, userId: string) {
  if (!isUuid(eventId)) throw new HttpError(404, MESSAGES.eventNotFound);
  const [event] = await deps.db
    .select({ organiserId: events.organiserId })
    .from(events)
    .where(and(eq(events.id, eventId)))
    .limit(1);
  if (!event) throw new HttpError(404, MESSAGES.eventNotFound);
  if (event.organiserId !== userId) throw new HttpError(403, MESSAGES.notYourEvent);
}
