import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { CheckinLink, CreateLinkRequest, ScannerEvent } from '../../../contract/checkin';
import { eventEnd } from '../../../contract/eventTime';
import { isUuid, queryRows } from '../../db/query';
import { checkinLinks, checkinSessions, events, ticketTypes } from '../../db/schema';
import { HttpError } from '../../http/errors';
import { newOtp, newToken, otpHash, sameHash, sha256 } from '../auth/tokens';
import { LINK_SESSION_PREFIX, linkStatus, MESSAGES } from './access';
import type { CheckinDeps } from './deps';

/** Links stop working this long after the event's end (Lagos time): long enough for late arrivals. */
const HOURS_AFTER_END = 12;
const WRONG_PIN = 'That PIN is not right. Check it with the organiser.';
const LINK_NOT_FOUND = 'Check-in link not found';

type LinkRow = typeof checkinLinks.$inferSelect;

function present(link: LinkRow, checkedIn: number): CheckinLink {
  return {
    id: link.id,
    label: link.label,
    ticketTypeIds: link.ticketTypeIds && link.ticketTypeIds.length > 0 ? link.ticketTypeIds : null,
    createdAt: link.createdAt.toISOString(),
    expiresAt: link.expiresAt.toISOString(),
    revokedAt: link.revokedAt?.toISOString() ?? null,
    status: linkStatus(link),
    canSell: link.canSell,
    checkedIn,
  };
}

export async function listLinks(deps: CheckinDeps, eventId: string): Promise<CheckinLink[]> {
  const links = await deps.db
    .select()
    .from(checkinLinks)
    .where(eq(checkinLinks.eventId, eventId))
    .orderBy(desc(checkinLinks.createdAt));
  const counts = await queryRows<{ link_id: string; n: number }>(
    deps.db,
    sql`
      select tc.link_id, count(*)::int as n from ticket_checkins tc
      join issued_tickets it on it.id = tc.ticket_id and it.revoked_at is null
      where tc.event_id = ${eventId} and tc.link_id is not null group by tc.link_id`,
  );
  const byLink = new Map(counts.map((c) => [c.link_id, Number(c.n)]));
  return links.map((l) => present(l, byLink.get(l.id) ?? 0));
}

export async function createLink(
  deps: CheckinDeps,
  eventId: string,
  userId: string,
  body: CreateLinkRequest,
) {
  const [event] = await deps.db
    .select({ endDate: events.endDate, endTime: events.endTime })
    .from(events)
    .where(eq(events.id, eventId))
    .limit(1);
  if (!event) throw new HttpError(404, MESSAGES.eventNotFound);
  const typeIds = [...new Set(body.ticketTypeIds ?? [])];
  if (typeIds.length > 0) {
    const known = await deps.db
      .select({ id: ticketTypes.id })
      .from(ticketTypes)
      .where(eq(ticketTypes.eventId, eventId));
    const ids = new Set(known.map((k) => k.id));
    if (typeIds.some((id) => !ids.has(id))) throw new HttpError(400, 'Pick ticket types of this event only.');
  }
  const end = eventEnd(event);
  const expiresAt = new Date(Math.max(end.getTime(), Date.now()) + HOURS_AFTER_END * 3_600_000);
  const token = newToken();
  const pin = newOtp();
  const id = crypto.randomUUID();
  const [link] = await deps.db
    .insert(checkinLinks)
    .values({
      id,
      eventId,
      label: body.label,
      canSell: body.canSell ?? false,
      tokenHash: sha256(token),
      pinHash: otpHash(id, pin),
      ticketTypeIds: typeIds.length > 0 ? typeIds : null,
      createdBy: userId,
      expiresAt,
    })
    .returning();
  if (!link) throw new Error('check-in link not stored');
  return { link: present(link, 0), token, pin };
}

export async function revokeLink(deps: CheckinDeps, eventId: string, linkId: string) {
  if (!isUuid(linkId)) throw new HttpError(404, LINK_NOT_FOUND);
  const [row] = await deps.db
    .select({ id: checkinLinks.id, revokedAt: checkinLinks.revokedAt })
    .from(checkinLinks)
    .where(and(eq(checkinLinks.id, linkId), eq(checkinLinks.eventId, eventId)))
    .limit(1);
  if (!row) throw new HttpError(404, LINK_NOT_FOUND);
  if (!row.revokedAt) {
    await deps.db.update(checkinLinks).set({ revokedAt: sql`now()` }).where(eq(checkinLinks.id, linkId));
    // Its devices stop at their next request; the sessions themselves are gone too.
    await deps.db.delete(checkinSessions).where(eq(checkinSessions.linkId, linkId));
  }
}

/**
 * The owner lets a link sell at the door, or stops it. Stopping takes effect at the link's devices'
 * next sync: what they sold within the seats they held is still recorded (the money was taken),
 * and their unused seats go back on sale (box-office/routes.ts). A revoked link is past changing.
 */
export async function setLinkSelling(deps: CheckinDeps, eventId: string, linkId: string, canSell: boolean) {
  if (!isUuid(linkId)) throw new HttpError(404, LINK_NOT_FOUND);
  const [row] = await deps.db
    .update(checkinLinks)
    .set({ canSell })
    .where(
      and(eq(checkinLinks.id, linkId), eq(checkinLinks.eventId, eventId), isNull(checkinLinks.revokedAt)),
    )
    .returning({ id: checkinLinks.id });
  if (row) return;
  const [revoked] = await deps.db
    .select({ id: checkinLinks.id })
    .from(checkinLinks)
    .where(and(eq(checkinLinks.id, linkId), eq(checkinLinks.eventId, eventId)))
    .limit(1);
  throw revoked
    ? new HttpError(409, 'This link was revoked; make a new one to sell at the door.')
    : new HttpError(404, LINK_NOT_FOUND);
}

async function linkByToken(deps: CheckinDeps, token: string) {
  const [row] = await deps.db
    .select({
      link: checkinLinks,
      event: {
        id: events.id,
        eventName: events.eventName,
        startDate: events.startDate,
        startTime: events.startTime,
        location: events.location,
      },
    })
    .from(checkinLinks)
    .innerJoin(events, eq(events.id, checkinLinks.eventId))
    .where(eq(checkinLinks.tokenHash, sha256(token)))
    .limit(1);
  return row ?? null;
}

const scannerEventOf = (e: {
  id: string;
  eventName: string;
  startDate: string;
  startTime: string;
  location: string | null;
}): ScannerEvent => ({ ...e, startTime: e.startTime.slice(0, 5) });

/** What the PIN page shows before the PIN: the gate's label and the event. */
export async function linkInfo(deps: CheckinDeps, token: string) {
  const row = await linkByToken(deps, token);
  if (!row) throw new HttpError(404, MESSAGES.linkInvalid);
  return { label: row.link.label, event: scannerEventOf(row.event), status: linkStatus(row.link) };
}

/** The link's token and PIN → a session for this device (the caller rate-limits attempts first). */
export async function openLinkSession(deps: CheckinDeps, token: string, pin: string) {
  const row = await linkByToken(deps, token);
  if (!row) throw new HttpError(404, MESSAGES.linkInvalid);
  const status = linkStatus(row.link);
  if (status === 'revoked') throw new HttpError(403, MESSAGES.linkRevoked);
  if (status === 'expired') throw new HttpError(403, MESSAGES.linkExpired);
  if (!sameHash(otpHash(row.link.id, pin), row.link.pinHash)) throw new HttpError(401, WRONG_PIN);
  const sessionToken = `${LINK_SESSION_PREFIX}${newToken()}`;
  await deps.db.insert(checkinSessions).values({ linkId: row.link.id, tokenHash: sha256(sessionToken) });
  return {
    sessionToken,
    label: row.link.label,
    event: scannerEventOf(row.event),
    expiresAt: row.link.expiresAt.toISOString(),
  };
}

/** Finds the link id of a token (for rate-limit keys) without saying whether it exists. */
export const linkKey = (token: string) => sha256(token).slice(0, 24);
