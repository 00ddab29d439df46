import { and, desc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import {
  GUEST_MESSAGE_LIMITS,
  type GuestMessageDraft,
  type GuestMessagePreview,
  type GuestMessageSummary,
  type GuestMessagesResponse,
  type LatestGuestMessage,
} from '../../../contract/guestMessages';
import type { AppDeps } from '../../context';
import { queryRows, type Tx } from '../../db/query';
import {
  events,
  guestMessageRecipients,
  guestMessages,
  issuedTickets,
  orders,
  ticketTypes,
  users,
} from '../../db/schema';
import { HttpError } from '../../http/errors';
import { audienceChoices, countHolders, insertRecipients, resolveAudience } from './audience';
import { guestMessageMail } from './mail';

export const GUEST_MESSAGE_ERRORS = {
  noGuests: (audience: string) =>
    `Nobody holds a ticket for ${audience === 'All guests' ? 'this event' : audience} yet, so there is no one to send it to.`,
  tooMany: (minutes: number) =>
    `This event has sent ${GUEST_MESSAGE_LIMITS.perHour} messages to its guests in the last hour, the most it may. You can send the next one in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  tooManyTests: (minutes: number) =>
    `That is ${GUEST_MESSAGE_LIMITS.testsPerHour} test messages in the last hour. You can send another test in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
} as const;

type MessageRow = typeof guestMessages.$inferSelect;
const HOUR_MS = 3_600_000;

/** The counts of each message, read from the outbox rows its recipients were handed to. */
async function deliveryCounts(db: Tx, eventId: string) {
  const rows = await queryRows<{
    id: string;
    sent: number | string;
    failed: number | string;
    skipped: number | string;
  }>(
    db,
    sql`select r.message_id as id,
        count(*) filter (where o.status in ('sent', 'stored')) as sent,
        count(*) filter (where o.status = 'pending' and o.last_error is not null) as failed,
        count(*) filter (where r.skipped) as skipped
      from guest_message_recipients r
      join guest_messages m on m.id = r.message_id
      left join mail_outbox o on o.id = r.outbox_id
      where m.event_id = ${eventId} and not m.test
      group by r.message_id`,
  );
  return new Map(
    rows.map((r) => [r.id, { sent: Number(r.sent), failed: Number(r.failed), skipped: Number(r.skipped) }]),
  );
}

async function audienceNameOf(db: Tx, m: MessageRow): Promise<string> {
  if (m.audience === 'event') return 'All guests';
  const named = await resolveAudience(db, m.eventId, {
    audience: m.audience,
    ticketTypeId: m.ticketTypeId ?? undefined,
    eventDateId: m.eventDateId ?? undefined,
  }).catch(() => null);
  // The type or date was deleted since: the message still stands in the list.
  return named?.name ?? (m.audience === 'type' ? 'A removed ticket type' : 'A removed date');
}

function summary(
  m: MessageRow,
  audienceName: string,
  counts: { sent: number; failed: number; skipped: number } | undefined,
): GuestMessageSummary {
  const sent = counts?.sent ?? 0;
  const failed = counts?.failed ?? 0;
  const skipped = counts?.skipped ?? 0;
  return {
    id: m.id,
    audience: m.audience,
    audienceName,
    subject: m.subject,
    body: m.body,
    sentByName: m.sentByName,
    createdAt: m.createdAt.toISOString(),
    recipients: m.recipients,
    sent,
    failed,
    skipped,
    waiting: Math.max(0, m.recipients - sent - failed - skipped),
  };
}

/** Every message the event sent its guests (newest first), who can be chosen, and the hour's limit. */
export async function listMessages(db: Tx, eventId: string, now: number): Promise<GuestMessagesResponse> {
  const rows = await db
    .select()
    .from(guestMessages)
    .where(and(eq(guestMessages.eventId, eventId), eq(guestMessages.test, false)))
    .orderBy(desc(guestMessages.createdAt));
  const counts = await deliveryCounts(db, eventId);
  const messages: GuestMessageSummary[] = [];
  for (const m of rows) messages.push(summary(m, await audienceNameOf(db, m), counts.get(m.id)));
  const since = now - HOUR_MS;
  return {
    messages,
    ...(await audienceChoices(db, eventId)),
    limit: {
      perHour: GUEST_MESSAGE_LIMITS.perHour,
      sentThisHour: rows.filter((m) => m.createdAt.getTime() > since).length,
    },
  };
}

/** What the guests would receive and how many of them: nothing is stored or sent. */
export async function previewMessage(
  deps: Pick<AppDeps, 'db' | 'config'>,
  eventId: string,
  userId: string,
  draft: GuestMessageDraft,
): Promise<GuestMessagePreview> {
  const { audience, name } = await resolveAudience(deps.db, eventId, draft);
  const [event] = await deps.db.select({ name: events.eventName }).from(events).where(eq(events.id, eventId));
  const mail = guestMessageMail({
    to: '',
    // Each guest is greeted by the first name on their ticket.
    firstName: '(first name)',
    eventName: event?.name ?? '',
    subject: draft.subject,
    body: draft.body,
    sentByName: await senderName(deps.db, userId),
    ticketsUrl: `${deps.config.appUrl}/t#…`,
  });
  return {
    recipients: await countHolders(deps.db, eventId, audience),
    audienceName: name,
    subject: mail.subject,
    // The text part opens with the subject, shown apart in the preview.
    text: mail.text.split('\n').slice(2).join('\n'),
  };
}

async function senderName(db: Tx, userId: string): Promise<string> {
  const [u] = await db
    .select({ firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, userId));
  return u ? `${u.firstName} ${u.lastName}`.trim() : 'The organiser';
}

/** Minutes until the oldest of the hour's sends leaves the window (at least 1). */
function minutesUntilFree(oldest: Date, now: number): number {
  return Math.max(1, Math.ceil((oldest.getTime() + HOUR_MS - now) / 60_000));
}

/**
 * Stores a message (or a test to the sender) with its recipients, under the event row's lock so two
 * sends at once cannot both slip under the hourly limit. The worker then hands it to the outbox.
 */
async function storeMessage(
  deps: Pick<AppDeps, 'db'>,
  eventId: string,
  userId: string,
  draft: GuestMessageDraft,
  test: boolean,
  now: number,
): Promise<{ row: MessageRow; audienceName: string; sentTo: string }> {
  return deps.db.transaction(async (tx) => {
    await tx.select({ id: events.id }).from(events).where(eq(events.id, eventId)).for('update');
    const { audience, name } = await resolveAudience(tx, eventId, draft);
    const recent = await tx
      .select({ createdAt: guestMessages.createdAt })
      .from(guestMessages)
      .where(
        and(
          eq(guestMessages.eventId, eventId),
          eq(guestMessages.test, test),
          gt(guestMessages.createdAt, new Date(now - HOUR_MS)),
        ),
      )
      .orderBy(guestMessages.createdAt);
    const cap = test ? GUEST_MESSAGE_LIMITS.testsPerHour : GUEST_MESSAGE_LIMITS.perHour;
    if (recent.length >= cap && recent[0]) {
      const minutes = minutesUntilFree(recent[0].createdAt, now);
      throw new HttpError(
        429,
        test ? GUEST_MESSAGE_ERRORS.tooManyTests(minutes) : GUEST_MESSAGE_ERRORS.tooMany(minutes),
      );
    }
    const [sender] = await tx
      .select({ email: users.email, firstName: users.firstName, lastName: users.lastName })
      .from(users)
      .where(eq(users.id, userId));
    if (!sender) throw new HttpError(401, 'Please sign in again.');
    const [row] = await tx
      .insert(guestMessages)
      .values({
        eventId,
        audience: audience.audience,
        ticketTypeId: audience.audience === 'type' ? audience.ticketTypeId : null,
        eventDateId: audience.audience === 'date' ? audience.eventDateId : null,
        subject: draft.subject,
        body: draft.body,
        sentByUserId: userId,
        sentByName: `${sender.firstName} ${sender.lastName}`.trim(),
        test,
        recipients: 0,
        createdAt: new Date(now),
      })
      .returning();
    if (!row) throw new Error('guest message insert returned nothing');
    let recipients = 1;
    if (test)
      await tx
        .insert(guestMessageRecipients)
        .values({ messageId: row.id, email: sender.email.toLowerCase(), firstName: sender.firstName });
    else recipients = await insertRecipients(tx, row.id, eventId, audience);
    if (recipients === 0) throw new HttpError(409, GUEST_MESSAGE_ERRORS.noGuests(name));
    const [stored] = await tx
      .update(guestMessages)
      .set({ recipients })
      .where(eq(guestMessages.id, row.id))
      .returning();
    return { row: stored ?? row, audienceName: name, sentTo: sender.email };
  });
}

export async function sendMessage(
  deps: Pick<AppDeps, 'db'>,
  eventId: string,
  userId: string,
  draft: GuestMessageDraft,
  now: number,
): Promise<GuestMessageSummary> {
  const { row, audienceName } = await storeMessage(deps, eventId, userId, draft, false, now);
  return summary(row, audienceName, undefined);
}

export async function sendTestMessage(
  deps: Pick<AppDeps, 'db'>,
  eventId: string,
  userId: string,
  draft: GuestMessageDraft,
  now: number,
): Promise<{ sentTo: string }> {
  const { sentTo } = await storeMessage(deps, eventId, userId, draft, true, now);
  return { sentTo };
}

/**
 * The latest message that reaches a ticket (its event's, its type's or its date's), found by the
 * ticket's code or share token — whoever holds either holds the ticket. Revoked tickets find nothing.
 */
export async function latestForTicket(db: Tx, key: string): Promise<LatestGuestMessage> {
  const [ticket] = await db
    .select({
      eventId: issuedTickets.eventId,
      typeId: issuedTickets.ticketTypeId,
      dateId: ticketTypes.eventDateId,
    })
    .from(issuedTickets)
    .innerJoin(orders, eq(orders.id, issuedTickets.orderId))
    .innerJoin(ticketTypes, eq(ticketTypes.id, issuedTickets.ticketTypeId))
    .where(
      and(
        or(eq(issuedTickets.code, key), eq(issuedTickets.shareToken, key)),
        isNull(issuedTickets.revokedAt),
        eq(orders.status, 'paid'),
      ),
    )
    .limit(1);
  if (!ticket) throw new HttpError(404, 'Ticket not found');
  const [m] = await db
    .select()
    .from(guestMessages)
    .where(
      and(
        eq(guestMessages.eventId, ticket.eventId),
        eq(guestMessages.test, false),
        or(
          eq(guestMessages.audience, 'event'),
          and(eq(guestMessages.audience, 'type'), eq(guestMessages.ticketTypeId, ticket.typeId)),
          ticket.dateId
            ? and(eq(guestMessages.audience, 'date'), eq(guestMessages.eventDateId, ticket.dateId))
            : sql`false`,
        ),
      ),
    )
    .orderBy(desc(guestMessages.createdAt))
    .limit(1);
  return {
    message: m
      ? {
          id: m.id,
          subject: m.subject,
          body: m.body,
          sentByName: m.sentByName,
          createdAt: m.createdAt.toISOString(),
        }
      : null,
  };
}

/**
 * The latest message that reached any of these ticket types (the event's, a type's, or a type's
 * date's), for the ticket email's line pointing to it (decision 063). Null when there is none.
 */
export async function latestForTypes(
  db: Tx,
  eventId: string,
  typeIds: readonly string[],
): Promise<{ subject: string; createdAt: Date } | null> {
  if (typeIds.length === 0) return null;
  const [m] = await queryRows<{ subject: string; created_at: Date | string }>(
    db,
    sql`select m.subject, m.created_at from guest_messages m
      where m.event_id = ${eventId} and not m.test
        and (m.audience = 'event'
          or (m.audience = 'type' and m.ticket_type_id in ${typeIds})
          or (m.audience = 'date' and m.event_date_id in (
            select tt.event_date_id from ticket_types tt where tt.id in ${typeIds})))
      order by m.created_at desc limit 1`,
  );
  return m ? { subject: m.subject, createdAt: new Date(m.created_at) } : null;
}
