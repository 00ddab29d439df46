import { and, asc, eq, exists, inArray, sql } from 'drizzle-orm';
import {
  dateEndsAt,
  type EventDate,
  endDay,
  type OrganiserDatesResponse,
} from '../../../contract/eventDates';
import type { Tx } from '../../db/query';
import { eventDates, events, orderItems, ticketTypes } from '../../db/schema';

/** Reads and writes of an event's dates (decision 046); the rules live in service.ts. */

export type DateRow = typeof eventDates.$inferSelect;
type Reader = Pick<Tx, 'select'>;

export const hhmm = (t: string) => t.slice(0, 5);

export function toWireDate(d: DateRow): EventDate {
  return {
    _id: d.id,
    date: d.date,
    startTime: hhmm(d.startTime),
    endTime: hhmm(d.endTime),
    label: d.label,
    endsAt: dateEndsAt(d).toISOString(),
  };
}

/** The event's dates, first first. */
export function datesOf(db: Reader, eventId: string): Promise<DateRow[]> {
  return db
    .select()
    .from(eventDates)
    .where(eq(eventDates.eventId, eventId))
    .orderBy(asc(eventDates.date), asc(eventDates.startTime), asc(eventDates.position));
}

/** The dates with the types that sell each, for the organiser's editor. */
export async function organiserDates(db: Reader, eventId: string): Promise<OrganiserDatesResponse> {
  const [dates, types] = await Promise.all([
    datesOf(db, eventId),
    db
      .select({
        id: ticketTypes.id,
        name: ticketTypes.ticketName,
        sold: ticketTypes.sold,
        dateId: ticketTypes.eventDateId,
      })
      .from(ticketTypes)
      .where(eq(ticketTypes.eventId, eventId))
      .orderBy(asc(ticketTypes.priceKobo), asc(ticketTypes.createdAt)),
  ]);
  return {
    dates: dates.map((d) => {
      const own = types.filter((t) => t.dateId === d.id);
      return {
        ...toWireDate(d),
        sold: own.reduce((n, t) => n + t.sold, 0),
        ticketTypes: own.map((t) => ({ _id: t.id, ticketName: t.name, sold: t.sold })),
      };
    }),
    undatedTypes: types.filter((t) => t.dateId === null).length,
  };
}

/** Whether any order (of any status) ever named a type of this date: its rows must stay. */
export async function dateHasSales(tx: Reader, dateId: string): Promise<boolean> {
  const [row] = await tx
    .select({ yes: sql<number>`1` })
    .from(ticketTypes)
    .where(
      and(
        eq(ticketTypes.eventDateId, dateId),
        exists(
          tx.select({ one: sql`1` }).from(orderItems).where(eq(orderItems.ticketTypeId, ticketTypes.id)),
        ),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** The ids of these types that some order names. */
export async function typesWithOrders(tx: Reader, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await tx
    .select({ id: orderItems.ticketTypeId })
    .from(orderItems)
    .where(inArray(orderItems.ticketTypeId, ids));
  return new Set(rows.map((r) => r.id));
}

/**
 * The event's own start and end follow its dates: the first date's start, the last date's end, so
 * the listing, sorting, search and the server-rendered page keep reading one span. The update also
 * runs when nothing moved: it is what tells the public read cache that the dates changed.
 */
export async function syncEventSpan(tx: Tx, eventId: string): Promise<void> {
  const dates = await datesOf(tx, eventId);
  const first = dates[0];
  if (!first) return;
  const last = dates.reduce((a, b) => (dateEndsAt(b) > dateEndsAt(a) ? b : a));
  await tx
    .update(events)
    .set({
      startDate: first.date,
      startTime: first.startTime,
      endDate: endDay(last),
      endTime: last.endTime,
      needsDates: false,
      updatedAt: new Date(),
    })
    .where(eq(events.id, eventId));
}

/**
 * A ticket type's name with its date, 'Regular · Night 2 · Sat 5 Dec' (plain 'Regular' when the type
 * has no date): what tickets, their page, PDF and e-mails, and order lines show (decision 046). The
 * SQL twin of contract/eventDates.ts `dateName`; to_char's 'Dy FMDD Mon' is 'Sat 5 Dec'.
 */
export const ticketNameWithDate = sql<string>`(${ticketTypes.ticketName} || coalesce((
  select ' · ' || case when ed.label <> '' then ed.label || ' · ' else '' end || to_char(ed.date, 'Dy FMDD Mon')
  from event_dates ed where ed.id = ${ticketTypes.eventDateId}), ''))`;
