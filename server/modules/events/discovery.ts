import { and, asc, desc, eq, ne, notInArray, type SQL, sql } from 'drizzle-orm';
import {
  CAROUSEL_LIMIT_DEFAULT,
  type Event,
  RELATED_LIMIT,
  SEARCH_PAGE_SIZE_DEFAULT,
} from '../../../contract/events';
import type { Database } from '../../db/client';
import { events, orderItems, orders } from '../../db/schema';
import {
  countEvents,
  orderedPublished,
  publishedEventPage,
  publishedUpcoming,
  selectEventPage,
  selectEvents,
  soonestFirst,
} from './data';

/**
 * The document every text search runs against. It must stay byte-for-byte the expression of the
 * GIN index `events_search_idx` (server/db/schema/events.ts), or PostgreSQL cannot use the index.
 */
const searchDocument = sql`to_tsvector('english', ${events.eventName} || ' ' || ${events.description} || ' ' || coalesce(${events.location}, ''))`;

/** At most this many words of a query become prefix terms (a pasted paragraph is not a search). */
const MAX_PREFIX_TERMS = 8;

/**
 * The words of a query (letters and digits only, lower-cased, at most eight), each as a prefix
 * term `word:*`. Keeping only letters and digits means nothing typed can break tsquery syntax.
 */
export function prefixTerms(q: string): string[] {
  return q
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, MAX_PREFIX_TERMS)
    .map((w) => `${w}:*`);
}

/**
 * Text condition: web-search syntax (quoted phrases, `or`, `-word`) OR every word as a prefix, so
 * "afro" finds "Afrobeats" while people are still typing. Each prefix is tried unstemmed ('simple':
 * "nolly" must not become "nolli") and stemmed ('english': "festival" is indexed as "festiv").
 * Everything is `@@` against the indexed document, so the GIN index serves it; no ILIKE scans.
 * A query with no searchable word matches nothing.
 */
export function textCondition(q: string): SQL {
  const terms = prefixTerms(q);
  if (!terms.length) return sql`false`;
  const prefix = sql.join(
    terms.map((term) => sql`(to_tsquery('simple', ${term}) || to_tsquery('english', ${term}))`),
    sql` && `,
  );
  return sql`(${searchDocument} @@ websearch_to_tsquery('english', ${q}) or ${searchDocument} @@ (${prefix}))`;
}

export type SearchParams = {
  q?: string | undefined;
  category?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  page?: number | undefined;
  pageSize?: number | undefined;
};

export type SearchResult = { events: Event[]; total: number; page: number; pageSize: number };

/**
 * Published events that have not ended, filtered by text, category and a date range (an event
 * matches when it overlaps [from, to]), soonest first. Results are ordered by date rather than text
 * rank: people pick events by when they are, and the filters already narrow the list.
 */
export async function searchEvents(db: Database, params: SearchParams): Promise<SearchResult> {
  const page = params.page ?? 1;
  const pageSize = params.pageSize ?? SEARCH_PAGE_SIZE_DEFAULT;
  const conditions: SQL[] = [publishedUpcoming()];
  const q = params.q?.trim();
  if (q) conditions.push(textCondition(q));
  if (params.category && params.category !== 'All') conditions.push(eq(events.category, params.category));
  if (params.from) conditions.push(sql`${events.endDate} >= ${params.from}`);
  if (params.to) conditions.push(sql`${events.startDate} <= ${params.to}`);
  const where = and(...conditions);
  const offset = (page - 1) * pageSize;
  // No filter: the prepared statement of the plain listing; otherwise a query built for the filters.
  const { events: rows, total: counted } =
    conditions.length === 1
      ? await publishedEventPage(db, pageSize, offset)
      : await selectEventPage(db, where, { limit: pageSize, offset });
  // An empty page says nothing about the total: count only then (page 1 empty means none at all).
  const total = counted ?? (offset > 0 ? await countEvents(db, where) : 0);
  return { events: rows, total, page, pageSize };
}

/** Window over which "trending" counts tickets sold. */
export const TRENDING_DAYS = 14;

/**
 * Upcoming published events by tickets sold in paid orders over the last 14 days, then soonest.
 * The correlated sum uses `orders_event_status_idx` (event_id, status, paid_at).
 */
export function trendingEvents(db: Database, limit = CAROUSEL_LIMIT_DEFAULT): Promise<Event[]> {
  const recentlySold = sql`(select coalesce(sum(${orderItems.quantity} - ${orderItems.refundedQuantity}), 0) from ${orders}
    join ${orderItems} on ${orderItems.orderId} = ${orders.id}
    where ${orders.eventId} = ${events.id} and ${orders.status} = 'paid'
      and ${orders.paidAt} >= now() - make_interval(days => ${TRENDING_DAYS}))`;
  return orderedPublished(db, 'trending_events', [desc(recentlySold), ...soonestFirst()], limit);
}

/** Upcoming published events, most recently created first. */
export function newestEvents(db: Database, limit = CAROUSEL_LIMIT_DEFAULT): Promise<Event[]> {
  return orderedPublished(db, 'newest_events', [desc(events.createdAt), asc(events.id)], limit);
}

/**
 * "Other Events You May Like": up to three other upcoming events of the same category, soonest
 * first. When fewer share the category the rest are filled with other upcoming events (soonest),
 * so the section is only empty when no other event is on sale.
 */
export async function relatedEvents(db: Database, source: Event): Promise<Event[]> {
  const others = and(publishedUpcoming(), ne(events.id, source._id));
  const same = await selectEvents(db, and(others, eq(events.category, source.category)), {
    limit: RELATED_LIMIT,
  });
  if (same.length >= RELATED_LIMIT) return same;
  const taken = same.map((e) => e._id);
  const fill = await selectEvents(db, taken.length ? and(others, notInArray(events.id, taken)) : others, {
    limit: RELATED_LIMIT - same.length,
  });
  return [...same, ...fill];
}
