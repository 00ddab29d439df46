import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import { dateName } from '../../../contract/eventDates';
import type { AudienceChoice, GuestMessageDraft } from '../../../contract/guestMessages';
import { type Executor, queryRows, type Tx } from '../../db/query';
import { eventDates, issuedTickets, orders, ticketTypes } from '../../db/schema';
import { HttpError } from '../../http/errors';

/**
 * Who a guest message reaches (decision 063): the holders of the event's live tickets — the name on
 * the ticket now, after any transfer, handover or name change (each of those issues a new ticket and
 * revokes the old one) — on paid orders. Refunded and cancelled seats are revoked, so they drop out.
 * One recipient per address, lower-cased: a holder of several tickets hears it once.
 */

export type Audience =
  | { audience: 'event' }
  | { audience: 'type'; ticketTypeId: string }
  | { audience: 'date'; eventDateId: string };

export const AUDIENCE_MESSAGES = {
  typeMissing: 'Choose the ticket type the message goes to',
  dateMissing: 'Choose the date the message goes to',
  typeUnknown: 'That ticket type is not part of this event',
  dateUnknown: 'That date is not part of this event',
} as const;

/** The draft's audience, checked against the event; its name for the list ('All guests', 'VIP'…). */
export async function resolveAudience(
  db: Tx,
  eventId: string,
  draft: Pick<GuestMessageDraft, 'audience' | 'ticketTypeId' | 'eventDateId'>,
): Promise<{ audience: Audience; name: string }> {
  if (draft.audience === 'event') return { audience: { audience: 'event' }, name: 'All guests' };
  if (draft.audience === 'type') {
    if (!draft.ticketTypeId) throw new HttpError(400, AUDIENCE_MESSAGES.typeMissing);
    const [row] = await db
      .select({ name: ticketTypes.ticketName })
      .from(ticketTypes)
      .where(and(eq(ticketTypes.id, draft.ticketTypeId), eq(ticketTypes.eventId, eventId)));
    if (!row) throw new HttpError(400, AUDIENCE_MESSAGES.typeUnknown);
    return { audience: { audience: 'type', ticketTypeId: draft.ticketTypeId }, name: row.name };
  }
  if (!draft.eventDateId) throw new HttpError(400, AUDIENCE_MESSAGES.dateMissing);
  const [row] = await db
    .select({ date: eventDates.date, label: eventDates.label })
    .from(eventDates)
    .where(and(eq(eventDates.id, draft.eventDateId), eq(eventDates.eventId, eventId)));
  if (!row) throw new HttpError(400, AUDIENCE_MESSAGES.dateUnknown);
  return { audience: { audience: 'date', eventDateId: draft.eventDateId }, name: dateName(row) };
}

/** The SQL condition on issued_tickets (joined to orders and ticket_types) for an audience. */
function holdersWhere(eventId: string, a: Audience): SQL {
  const live = sql`${issuedTickets.eventId} = ${eventId} and ${issuedTickets.revokedAt} is null and ${orders.status} = 'paid'`;
  if (a.audience === 'type') return sql`${live} and ${issuedTickets.ticketTypeId} = ${a.ticketTypeId}`;
  if (a.audience === 'date') return sql`${live} and ${ticketTypes.eventDateId} = ${a.eventDateId}`;
  return live;
}

const FROM_HOLDERS = sql`from ${issuedTickets}
  join ${orders} on ${orders.id} = ${issuedTickets.orderId}
  join ${ticketTypes} on ${ticketTypes.id} = ${issuedTickets.ticketTypeId}`;

/** How many distinct holders an audience has now. */
export async function countHolders(db: Executor, eventId: string, a: Audience): Promise<number> {
  const [row] = await queryRows<{ n: number | string }>(
    db,
    sql`select count(distinct lower(${issuedTickets.attendeeEmail})) as n ${FROM_HOLDERS} where ${holdersWhere(eventId, a)}`,
  );
  return Number(row?.n ?? 0);
}

/**
 * Fixes a message's recipients: one row per holder's address, the first name from their latest
 * ticket. Returns how many. Runs in the transaction that stores the message.
 */
export async function insertRecipients(tx: Executor, messageId: string, eventId: string, a: Audience) {
  const rows = await queryRows<{ id: string }>(
    tx,
    // A holder who unsubscribed from the event's messages is listed, marked skipped (decision 070).
    sql`insert into guest_message_recipients (message_id, email, first_name, skipped)
      select distinct on (lower(${issuedTickets.attendeeEmail}))
        ${messageId}::uuid, lower(${issuedTickets.attendeeEmail}), ${issuedTickets.attendeeFirstName},
        exists (select 1 from guest_unsubscribes u
          where u.event_id = ${eventId}::uuid and u.email = lower(${issuedTickets.attendeeEmail}))
      ${FROM_HOLDERS}
      where ${holdersWhere(eventId, a)}
      order by lower(${issuedTickets.attendeeEmail}), ${issuedTickets.createdAt} desc
      returning id`,
  );
  return rows.length;
}

/** The choices the organiser picks from: each ticket type and each date, with its holders. */
export async function audienceChoices(
  db: Tx,
  eventId: string,
): Promise<{ guests: number; types: AudienceChoice[]; dates: AudienceChoice[] }> {
  const types = await db
    .select({ id: ticketTypes.id, name: ticketTypes.ticketName })
    .from(ticketTypes)
    .where(eq(ticketTypes.eventId, eventId))
    .orderBy(asc(ticketTypes.createdAt));
  const dates = await db
    .select({ id: eventDates.id, date: eventDates.date, label: eventDates.label })
    .from(eventDates)
    .where(eq(eventDates.eventId, eventId))
    .orderBy(asc(eventDates.date), asc(eventDates.startTime), asc(eventDates.position));
  const byType = await queryRows<{ id: string; n: number | string }>(
    db,
    sql`select ${issuedTickets.ticketTypeId} as id, count(distinct lower(${issuedTickets.attendeeEmail})) as n
      ${FROM_HOLDERS} where ${holdersWhere(eventId, { audience: 'event' })} group by 1`,
  );
  const byDate = await queryRows<{ id: string; n: number | string }>(
    db,
    sql`select ${ticketTypes.eventDateId} as id, count(distinct lower(${issuedTickets.attendeeEmail})) as n
      ${FROM_HOLDERS} where ${holdersWhere(eventId, { audience: 'event' })} and ${ticketTypes.eventDateId} is not null group by 1`,
  );
  const count = (list: { id: string; n: number | string }[], id: string) =>
    Number(list.find((r) => r.id === id)?.n ?? 0);
  return {
    guests: await countHolders(db, eventId, { audience: 'event' }),
    types: types.map((t) => ({ id: t.id, name: t.name, guests: count(byType, t.id) })),
    dates: dates.map((d) => ({ id: d.id, name: dateName(d), guests: count(byDate, d.id) })),
  };
}
