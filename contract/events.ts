import * as z from 'zod/mini';
import { EVENT_CATEGORIES, eventCategory } from './categories';
import { calendarDate, clockTime, idParam, isoDate, uuid } from './common';
import { nairaAmount } from './money';
import { text } from './text';

/** Who pays Gatepass's service fee on an event's paid tickets (decision 066). */
export const feeMode = z.enum(['buyer', 'absorbed'], { error: 'Fee mode must be buyer or absorbed' });
export type FeeMode = z.infer<typeof feeMode>;

/** PUT /api/events/:eventId/fee-mode (the event's team managers) → messageResponse. */
export const feeModeRequest = z.object({ feeMode });

export const eventLocationKind = z.enum(['physical', 'online', 'both']);
export type EventLocationKind = z.infer<typeof eventLocationKind>;

export const eventStatus = z.enum(['draft', 'published']);

export const socialLinks = z.object({
  website: z.nullable(z.string()),
  twitter: z.nullable(z.string()),
  instagram: z.nullable(z.string()),
  whatsapp: z.nullable(z.string()),
  facebook: z.nullable(z.string()),
  telegram: z.nullable(z.string()),
});
export type SocialLinks = z.infer<typeof socialLinks>;
/** An event with no social links (the column's default, the wizard's blank form). */
export const NO_SOCIAL_LINKS: Readonly<SocialLinks> = Object.freeze({
  website: null,
  twitter: null,
  instagram: null,
  whatsapp: null,
  facebook: null,
  telegram: null,
});

export const organiserSummary = z.object({
  _id: uuid,
  firstName: z.string(),
  lastName: z.string(),
  username: z.string(),
});

/** An event as the API returns it (the SPA's field names; `_id` on the wire). */
export const event = z.object({
  _id: uuid,
  userId: uuid,
  eventName: z.string(),
  category: eventCategory,
  description: z.string(),
  startDate: isoDate,
  endDate: isoDate,
  startTime: clockTime,
  endTime: clockTime,
  eventLocation: eventLocationKind,
  url: z.nullable(z.string()),
  country: z.nullable(z.string()),
  state: z.nullable(z.string()),
  location: z.nullable(z.string()),
  /** Poster URL on this server (served as WebP at the requested width), or null. */
  image: z.nullable(z.string()),
  /** Where cards crop the poster: a CSS object-position ('50% 20%'), detected at upload. */
  imageFocus: z.string(),
  status: eventStatus,
  socials: socialLinks,
  organiser: organiserSummary,
  /** Lowest ticket price in Naira; 0 when a free ticket exists; null when the event has no tickets yet. */
  priceFrom: z.nullable(nairaAmount),
  /** Highest ticket price in Naira (equal to priceFrom when every type costs the same); null without tickets. */
  priceTo: z.nullable(nairaAmount),
  /** Overall capacity shared by all ticket types (a venue of 500); null = only the types' own limits. */
  capacity: z.nullable(z.int()),
  /** true while the organiser has paused ticket sales of a published event ('Set live' reopens them). */
  salesPaused: z.boolean(),
  /**
   * Who pays Gatepass's service fee (decision 066): 'buyer' — prices show "+ fees" and the fee is
   * added at checkout — or 'absorbed' — the prices are all-in.
   */
  feeMode: feeMode,
  /**
   * Tickets sold (paid orders). Present only in the organiser's own views (`GET /api/events/user/:id`
   * for themselves, management reads); public answers leave it out.
   */
  sold: z.optional(z.int()),
  /** Of `sold`, those from orders paid through the test-mode provider (labelled, never hidden). */
  testSold: z.optional(z.int()),
  createdAt: z.string(),
  /**
   * For an event with several dates (decision 046): the next date still ahead (YYYY-MM-DD) and how
   * many more follow it. Absent for a single-date event.
   */
  nextDate: z.optional(z.string()),
  moreDates: z.optional(z.int()),
});
export type Event = z.infer<typeof event>;

export const eventList = z.array(event);

export const eventIdParams = z.object({ eventId: idParam('Event id') });
export const userIdParams = z.object({ userId: idParam('User id') });

/* ---------- Discovery: search, trending, newest, related ---------- */

export const SEARCH_TEXT_MAX = 100;
export const SEARCH_PAGE_SIZE_DEFAULT = 12;
export const SEARCH_PAGE_SIZE_MAX = 50;
export const CAROUSEL_LIMIT_DEFAULT = 9;
export const CAROUSEL_LIMIT_MAX = 24;
export const RELATED_LIMIT = 3;

/** Headers that carry paging info beside the plain array body (the list itself stays a plain array for existing clients). */
export const PAGING_HEADERS = { total: 'x-total-count', page: 'x-page', pageSize: 'x-page-size' } as const;

/** A whole-number query parameter between min and max, given as a string on the wire. */
function wholeNumberParam(label: string, min: number, max: number) {
  const message = `${label} must be a whole number from ${min} to ${max}`;
  return z.pipe(
    z.string({ error: message }).check(
      z.regex(/^\d{1,6}$/, message),
      z.refine((v) => Number(v) >= min && Number(v) <= max, message),
    ),
    z.transform(Number),
  );
}

/** 'All' (or nothing) means every category; anything else must be one of the fixed list. */
export const searchCategory = z.enum(['All', ...EVENT_CATEGORIES], {
  error: `Category must be All or one of: ${EVENT_CATEGORIES.join(', ')}`,
});

/**
 * `GET /api/events` query: text (`q`, over name, description and location), category, a Lagos date
 * range (events overlapping [from, to]) and paging. All optional; no parameters lists everything.
 */
export const eventSearchQuery = z
  .object({
    q: z.optional(text({ label: 'Search text', max: SEARCH_TEXT_MAX })),
    category: z.optional(searchCategory),
    from: z.optional(calendarDate('from')),
    to: z.optional(calendarDate('to')),
    page: z.optional(wholeNumberParam('page', 1, 100_000)),
    pageSize: z.optional(wholeNumberParam('pageSize', 1, SEARCH_PAGE_SIZE_MAX)),
  })
  .check(
    z.refine((v) => !v.from || !v.to || v.from <= v.to, {
      message: 'from must be on or before to',
      path: ['from'],
    }),
  );
export type EventSearchQuery = z.input<typeof eventSearchQuery>;

export const carouselQuery = z.object({
  limit: z.optional(wholeNumberParam('limit', 1, CAROUSEL_LIMIT_MAX)),
});
