import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { AppDeps } from '../../context';
import { events, guestUnsubscribes } from '../../db/schema';
import { HttpError } from '../../http/errors';
import type { TicketSigner } from '../issued-tickets/signing';

/**
 * Unsubscribing from an organiser's messages to guests (decision 070). Each message email carries a
 * link for its address and event: `<payload>.<mac>`, the payload base64url("event id|address"), the
 * MAC an HMAC-SHA256 over "v1|event|address" with a key derived from the ticket signing key (so every
 * process checks every other's links without a lookup, and nothing secret is stored per link). The
 * link only ever does one thing — stop that event's messages to that address — and names nothing
 * the holder did not already read in the email. Ticket emails (confirmations, transfers, refunds)
 * are not organiser messages and still go.
 */

export const UNSUBSCRIBE_PURPOSE = 'guest-unsubscribe-v1';
export const UNSUBSCRIBE_INVALID = 'This unsubscribe link is not valid. Use the link in the latest message.';

const mac = (key: Buffer, eventId: string, email: string) =>
  createHmac('sha256', key).update(`v1|${eventId}|${email}`).digest();

export function unsubscribeToken(
  signer: Pick<TicketSigner, 'secretFor'>,
  eventId: string,
  email: string,
): string {
  const address = email.toLowerCase();
  const payload = Buffer.from(`${eventId}|${address}`).toString('base64url');
  return `${payload}.${mac(signer.secretFor(UNSUBSCRIBE_PURPOSE), eventId, address).toString('base64url')}`;
}

/** The event and address a link is for; null for anything not made by unsubscribeToken. */
export function readUnsubscribeToken(
  signer: Pick<TicketSigner, 'secretFor'>,
  token: string,
): { eventId: string; email: string } | null {
  const [payload, sig, extra] = token.split('.');
  if (!payload || !sig || extra !== undefined) return null;
  const [eventId, email, more] = Buffer.from(payload, 'base64url').toString('utf8').split('|');
  if (!eventId || !email || more !== undefined || !/^[0-9a-f-]{36}$/.test(eventId)) return null;
  const given = Buffer.from(sig, 'base64url');
  const expected = mac(signer.secretFor(UNSUBSCRIBE_PURPOSE), eventId, email);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return { eventId, email };
}

/**
 * Records the unsubscribe (again is the same as once) and marks the address skipped in any message of
 * the event still being handed to the outbox. Answers the event's name and the address for the page.
 */
export async function unsubscribe(
  deps: Pick<AppDeps, 'db' | 'signer'>,
  token: string,
): Promise<{ eventName: string; email: string }> {
  const target = readUnsubscribeToken(deps.signer, token);
  if (!target) throw new HttpError(400, UNSUBSCRIBE_INVALID);
  const [event] = await deps.db
    .select({ name: events.eventName })
    .from(events)
    .where(eq(events.id, target.eventId));
  if (!event) throw new HttpError(404, 'This event no longer exists, so it sends no messages.');
  await deps.db.transaction(async (tx) => {
    await tx.insert(guestUnsubscribes).values(target).onConflictDoNothing();
    await tx.execute(
      sql`update guest_message_recipients r set skipped = true
        from guest_messages m
        where m.id = r.message_id and m.event_id = ${target.eventId} and not m.test
          and r.outbox_id is null and lower(r.email) = ${target.email}`,
    );
  });
  return { eventName: event.name, email: target.email };
}

/** Whether an address has unsubscribed from an event's messages. */
export async function isUnsubscribed(deps: Pick<AppDeps, 'db'>, eventId: string, email: string) {
  const [row] = await deps.db
    .select({ email: guestUnsubscribes.email })
    .from(guestUnsubscribes)
    .where(and(eq(guestUnsubscribes.eventId, eventId), eq(guestUnsubscribes.email, email.toLowerCase())));
  return row !== undefined;
}
