import { and, asc, count, eq, type SQL, sql } from 'drizzle-orm';
import type { Event } from '../../../contract/events';
import { koboToNaira } from '../../../contract/money';
import type { Database } from '../../db/client';
import { prepared } from '../../db/prepared';
import { events, ticketTypes, users } from '../../db/schema';
import { imageUrl } from '../images/url';

/** Columns every event read needs: the event, its organiser, and the lowest and highest ticket price. */
const eventColumns = {
  event: events,
  organiser: { id: users.id, firstName: users.firstName, lastName: users.lastName, username: users.username },
  minPriceKobo: sql<
    number | null
  >`(select min(${ticketTypes.priceKobo}) from ${ticketTypes} where ${ticketTypes.eventId} = ${events.id} and not ${ticketTypes.hidden})`.mapWith(
    (v) => (v === null ? null : Number(v)),
  ),
  maxPriceKobo: sql<
    number | null
  >`(select max(${ticketTypes.priceKobo}) from ${ticketTypes} where ${ticketTypes.eventId} = ${events.id} and not ${ticketTypes.hidden})`.mapWith(
    (v) => (v === null ? null : Number(v)),
  ),
  // An event with several dates (decision 046): its next date from today, and how many are ahead.
  nextDate: sql<
    string | null
  >`(select min(ed.date)::text from event_dates ed where ed.event_id = ${events.id} and ed.date >= (now() at time zone 'Africa/Lagos')::date)`,
  datesAhead:
    sql<number>`(select count(*) from event_dates ed where ed.event_id = ${events.id} and ed.date >= (now() at time zone 'Africa/Lagos')::date)`.mapWith(
      Number,
    ),
};

type EventRow = {
  event: typeof events.$inferSelect;
  organiser: { id: string; firstName: string; lastName: string; username: string };
  minPriceKobo: number | null;
  maxPriceKobo: number | null;
  nextDate: string | null;
  datesAhead: number;
};

export function toWireEvent({
  event: e,
  organiser,
  minPriceKobo,
  maxPriceKobo,
  nextDate,
  datesAhead,
}: EventRow): Event {
  return {
    _id: e.id,
    userId: e.organiserId,
    eventName: e.eventName,
    category: e.category as Event['category'],
    description: e.description,
    startDate: e.startDate,
    endDate: e.endDate,
    startTime: e.startTime.slice(0, 5),
    endTime: e.endTime.slice(0, 5),
    eventLocation: e.eventLocation,
    url: e.url,
    country: e.country,
    state: e.state,
    location: e.location,
    image: imageUrl(e.imageKey),
    imageFocus: `${e.imageFocusX}% ${e.imageFocusY}%`,
    status: e.status,
    socials: e.socials,
    organiser: {
      _id: organiser.id,
      firstName: organiser.firstName,
      lastName: organiser.lastName,
      username: organiser.username,
    },
    priceFrom: minPriceKobo === null ? null : koboToNaira(minPriceKobo),
    priceTo: maxPriceKobo === null ? null : koboToNaira(maxPriceKobo),
    capacity: e.capacity,
    salesPaused: e.salesPaused,
    feeMode: e.feeMode,
    createdAt: e.createdAt.toISOString(),
    ...(nextDate ? { nextDate, moreDates: Math.max(0, datesAhead - 1) } : {}),
  };
}

/** Today's date in Lagos (WAT, UTC+1, no DST): events that end before it are over. */
export const lagosToday = sql`(now() at time zone 'Africa/Lagos')::date`;

export type SelectOptions = { limit?: number; offset?: number; orderBy?: SQL[] };

/** Soonest first; the id breaks ties so paging is stable. */
export const soonestFirst = (): SQL[] => [asc(events.startDate), asc(events.startTime), asc(events.id)];

export async function selectEvents(db: Database, where: SQL | undefined, options: SelectOptions = {}) {
  const query = db
    .select(eventColumns)
    .from(events)
    .innerJoin(users, eq(users.id, events.organiserId))
    .where(where)
    .orderBy(...(options.orderBy ?? soonestFirst()))
    .$dynamic();
  if (options.limit) query.limit(options.limit);
  if (options.offset) query.offset(options.offset);
  const rows = await query;
  return rows.map(toWireEvent);
}

/**
 * One page of events plus the number of rows matching `where`, in one round trip: the window count
 * is computed before LIMIT/OFFSET. `total` is null when the page is empty (past the last page), and
 * the caller counts separately only then.
 */
export async function selectEventPage(
  db: Database,
  where: SQL | undefined,
  options: SelectOptions & { limit: number },
): Promise<{ events: Event[]; total: number | null }> {
  const rows = await db
    .select({ ...eventColumns, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(events)
    .innerJoin(users, eq(users.id, events.organiserId))
    .where(where)
    .orderBy(...(options.orderBy ?? soonestFirst()))
    .limit(options.limit)
    .offset(options.offset ?? 0);
  return { events: rows.map(toWireEvent), total: rows[0]?.total ?? null };
}

export async function countEvents(db: Database, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ n: count() }).from(events).where(where);
  return row?.n ?? 0;
}

function baseSelect(db: Database) {
  return db.select(eventColumns).from(events).innerJoin(users, eq(users.id, events.organiserId));
}

export async function findEventById(db: Database, id: string): Promise<Event | null> {
  const statement = prepared(db, 'event_by_id', (name) =>
    baseSelect(db)
      .where(eq(events.id, sql.placeholder('id')))
      .limit(1)
      .prepare(name),
  );
  const [row] = await statement.execute({ id });
  return row ? toWireEvent(row) : null;
}

/** The unfiltered listing (the most common read): published upcoming events, soonest first, paged. */
export async function publishedEventPage(db: Database, limit: number, offset: number) {
  const statement = prepared(db, 'published_event_page', (name) =>
    db
      .select({ ...eventColumns, total: sql<number>`count(*) over ()`.mapWith(Number) })
      .from(events)
      .innerJoin(users, eq(users.id, events.organiserId))
      .where(publishedUpcoming())
      .orderBy(...soonestFirst())
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare(name),
  );
  const rows = await statement.execute({ limit, offset });
  return { events: rows.map(toWireEvent), total: rows[0]?.total ?? null };
}

/** Published upcoming events in a fixed order, at most `limit` (carousels), prepared per order. */
export async function orderedPublished(db: Database, name: string, orderBy: SQL[], limit: number) {
  const statement = prepared(db, name, (statementName) =>
    baseSelect(db)
      .where(publishedUpcoming())
      .orderBy(...orderBy)
      .limit(sql.placeholder('limit'))
      .prepare(statementName),
  );
  return (await statement.execute({ limit })).map(toWireEvent);
}

export function publishedUpcoming(): SQL {
  return and(eq(events.status, 'published'), sql`${events.endDate} >= ${lagosToday}`)!;
}
