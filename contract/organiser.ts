import * as z from 'zod/mini';
import { eventCategory } from './categories';
import { uuid } from './common';
import { event, eventLocationKind } from './events';
import { guestlistCheckinFilter } from './guestlistFilter';
import { joinLagos } from './lagosTime';
import { nairaAmount } from './money';
import { COUNTRIES, NIGERIAN_STATES } from './nigeria';
import { promoterFigures } from './promoters';
import { guestAnswers } from './questions';
import { TEXT_LIMITS, text } from './text';
import { ticketChange, ticketChangeSettings } from './ticketChanges';
import { organiserTicket } from './tickets';
import { requiredTime } from './timeOfDay';

/**
 * The organiser's side of events (decision 010): create, edit, publish, duplicate, poster, ticket e-mail
 * message, sales pause, guestlist and sales. Every endpoint needs the bearer token (401 without) and
 * the caller must own the event (403 otherwise); nothing changes on a refusal.
 *
 * - POST   /api/events/create                 eventDetailsRequest → 201 eventSavedResponse ('Event created successfully!', a draft)
 * - PUT    /api/events/:eventId               eventDetailsRequest → eventSavedResponse
 * - GET    /api/events/:eventId/manage        → manageEventResponse (event with organiser fields + its ticket types)
 * - POST   /api/events/:eventId/publish       → eventSavedResponse (4xx without ticket types or dates to fill in)
 * - POST   /api/events/:eventId/unpublish     → eventSavedResponse
 * - POST   /api/events/:eventId/sales         salesStateRequest {live} → eventSavedResponse
 * - PUT    /api/events/:eventId/ticket-email  ticketEmailMessageRequest → eventSavedResponse
 * - POST   /api/events/:eventId/test-email    testEmailRequest → messageOnly (a real ticket e-mail, marked as a test)
 * - POST   /api/events/:eventId/duplicate     → 201 eventSavedResponse (draft copy with its ticket types, needsDates: true)
 * - PUT    /api/events/update-image/:eventId  multipart: file field `eventImage` (≤ 5 MB, any format sharp reads),
 *                                             optional field `publish` ('true' default | 'false') → imageUploadResponse
 * - GET    /api/events/:eventId/guestlist     ?q= &checkin=in|out → guestlistResponse
 * - GET    /api/events/:eventId/guestlist.csv ?q= &checkin=in|out → text/csv (UTF-8 with BOM), attachment guestlist.csv
 * - GET    /api/events/:eventId/sales         → salesResponse
 * - PUT    /api/events/:eventId/ticket-changes ticketChangeSettings → eventSavedResponse (transfers on/off, when changes close)
 * Sales and check-in charts, sales.csv: contract/organiserCharts.ts. Discount codes: contract/discounts.ts. Ticket types and payout accounts: contract/tickets.ts, contract/payouts.ts.
 * `GET /api/events/user/:userId` answers the organiser's own drafts too, each with `sold`.
 */

export const messageOnly = z.object({ message: z.string() });

/** A Naira total (revenue): may exceed a single amount's ₦100m bound, so only non-negative here. */
const nairaTotal = z.number().check(z.minimum(0));

/* ---------- Event details (create and update) ---------- */

const requiredDate = (label: string) =>
  z.iso.date({
    error: (issue) =>
      issue.input === undefined || issue.input === ''
        ? `${label} is required`
        : `${label} must be a date (YYYY-MM-DD)`,
  });

/** http(s) address with a real host name (something.tld): what a browser can open. */
export function isWebAddress(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  return (url.protocol === 'https:' || url.protocol === 'http:') && /\.[a-z]{2,}$/i.test(url.hostname);
}

/** An optional link: empty means none; anything else must be a web address. */
const optionalLink = (label: string) =>
  z.optional(
    z.nullable(
      text({ label, max: TEXT_LIMITS.url }).check(
        z.refine((v) => v === '' || isWebAddress(v), `${label} must be a web address starting with https://`),
      ),
    ),
  );

/** The six social links of the ticket step, all optional. */
export const socialLinksInput = z.object({
  website: optionalLink('Website'),
  twitter: optionalLink('X (Twitter) link'),
  instagram: optionalLink('Instagram link'),
  whatsapp: optionalLink('WhatsApp link'),
  facebook: optionalLink('Facebook link'),
  telegram: optionalLink('Telegram link'),
});
export type SocialLinksInput = z.infer<typeof socialLinksInput>;

export const EVENT_CAPACITY_MAX = 1_000_000;

/**
 * Event form. Required: name, category (the shared list), description (really required here),
 * start/end date and time with the end after the start. `eventLocation` comes from the Physical and
 * Online checkboxes (neither ticked is refused): physical → country (Nigeria), state (36 + FCT) and
 * address; online → a web address. Fields of the kind not chosen are ignored (stored empty).
 * Social links and an overall capacity are optional.
 */
export const eventDetailsRequest = z
  .object({
    eventName: text({ label: 'Event name', max: TEXT_LIMITS.title, required: true }),
    category: eventCategory,
    description: text({ label: 'Description', max: TEXT_LIMITS.long, required: true, multiline: true }),
    startDate: requiredDate('Start date'),
    endDate: requiredDate('End date'),
    startTime: requiredTime('Start time'),
    endTime: requiredTime('End time'),
    eventLocation: z.enum(eventLocationKind.options, {
      error: 'Choose where the event happens: Physical, Online or both',
    }),
    url: z.optional(z.nullable(text({ label: 'Event URL', max: TEXT_LIMITS.url }))),
    // Checked against the fixed lists below (only when the event is physical).
    country: z.optional(z.nullable(text({ label: 'Country', max: TEXT_LIMITS.name }))),
    state: z.optional(z.nullable(text({ label: 'State', max: TEXT_LIMITS.name }))),
    location: z.optional(z.nullable(text({ label: 'Address', max: TEXT_LIMITS.address }))),
    socials: z.optional(socialLinksInput),
    capacity: z.optional(
      z.nullable(
        z
          .int({ error: 'Capacity must be a whole number' })
          .check(
            z.minimum(1, 'Capacity must be at least 1'),
            z.maximum(
              EVENT_CAPACITY_MAX,
              `Capacity can be at most ${EVENT_CAPACITY_MAX.toLocaleString('en-NG')}`,
            ),
          ),
      ),
    ),
  })
  .check(
    z.superRefine((v, ctx) => {
      const issue = (path: string, message: string) =>
        ctx.addIssue({ code: 'custom', message, path: [path], input: v });
      if (joinLagos(v.endDate, v.endTime) <= joinLagos(v.startDate, v.startTime)) {
        issue(v.endDate < v.startDate ? 'endDate' : 'endTime', 'The event must end after it starts');
      }
      const physical = v.eventLocation === 'physical' || v.eventLocation === 'both';
      const online = v.eventLocation === 'online' || v.eventLocation === 'both';
      if (physical) {
        if (!v.country) issue('country', 'Country is required for a physical event');
        else if (!(COUNTRIES as readonly string[]).includes(v.country))
          issue('country', 'Country must be Nigeria');
        if (!v.state) issue('state', 'State is required for a physical event');
        else if (!(NIGERIAN_STATES as readonly string[]).includes(v.state))
          issue('state', 'Choose a state from the list');
        if (!v.location) issue('location', 'Address is required for a physical event');
      }
      if (online) {
        if (!v.url) issue('url', 'Event URL is required for an online event');
        else if (!isWebAddress(v.url)) issue('url', 'Event URL must be a valid web address (https://…)');
      }
    }),
  );
export type EventDetailsRequest = z.input<typeof eventDetailsRequest>;

/* ---------- Organiser views ---------- */

/** The event as its organiser sees it: the public fields plus what only they manage. */
export const organiserEvent = z.extend(event, {
  /** Added to every ticket e-mail of this event ('' = none). */
  ticketEmailMessage: z.string(),
  /** Whether holders may transfer tickets, and how long before the start changes close. */
  ticketChanges: ticketChangeSettings,
  /**
   * A duplicated event keeps the original's dates only as placeholders: the organiser must set new
   * ones (saving the details clears this) before it can be published.
   */
  needsDates: z.boolean(),
  sold: z.int(),
  /** Naira taken from paid orders. */
  revenue: nairaTotal,
  ticketTypeCount: z.int(),
});
export type OrganiserEvent = z.infer<typeof organiserEvent>;

export const eventSavedResponse = z.object({ event: organiserEvent, message: z.string() });
export type EventSavedResponse = z.infer<typeof eventSavedResponse>;

export const manageEventResponse = z.object({ event: organiserEvent, tickets: z.array(organiserTicket) });
export type ManageEventResponse = z.infer<typeof manageEventResponse>;

export const salesStateRequest = z.object({
  live: z.boolean({ error: 'live must be true (sales open) or false (sales paused)' }),
});

export const TICKET_EMAIL_MESSAGE_MAX = 2000;
export const ticketEmailMessageRequest = z.object({
  ticketEmailMessage: text({
    label: 'Ticket e-mail message',
    max: TICKET_EMAIL_MESSAGE_MAX,
    multiline: true,
  }),
});

export const testEmailRequest = z.object({
  email: text({
    label: 'Email',
    max: TEXT_LIMITS.email,
    required: true,
    requiredMessage: 'Enter an email address',
  }).check(z.email('Invalid email address')),
});

/** Poster upload limit (bytes). */
export const POSTER_MAX_BYTES = 5 * 1024 * 1024;

export const imageUploadResponse = z.object({
  message: z.string(),
  /** The poster's URL (served as WebP at ?w= width). */
  image: z.string(),
  /** Whether the event is published after this upload. */
  published: z.boolean(),
  event: organiserEvent,
});
export type ImageUploadResponse = z.infer<typeof imageUploadResponse>;

/* ---------- Guestlist and sales ---------- */

export {
  GUESTLIST_CHECKIN_FILTERS,
  type GuestlistCheckinFilter,
  guestlistCheckinFilter,
} from './guestlistFilter';

export const guestlistQuery = z.object({
  q: z.optional(text({ label: 'Search', max: 100 })),
  checkin: z.optional(guestlistCheckinFilter),
});
export type GuestlistQuery = z.infer<typeof guestlistQuery>;

/** One live ticket of a guest line: its attendee and, once scanned at the door, when and where. */
export const guestTicket = z.object({
  /** The issued ticket's id (not its code): what a refund names (decision 044). */
  id: z.string(),
  attendeeName: z.string(),
  /** The ticket's reference (contract/ticketReference.ts), so a seat can be told apart by what its holder reads. */
  reference: z.string(),
  /** ISO instant of the check-in that counts (the earliest scan), or null while not yet in. */
  checkedInAt: z.nullable(z.string()),
  /** The door staff link's label; null when the organiser scanned it or it is not in. */
  gate: z.nullable(z.string()),
});
export type GuestTicket = z.infer<typeof guestTicket>;

/** One paid order line: a ticket type bought in one order. */
export const guestRow = z.object({
  orderId: uuid,
  ticketName: z.string(),
  quantity: z.int(),
  purchasedBy: z.string(),
  email: z.string(),
  orderNumber: z.string(),
  /** ISO instant the order was paid. */
  orderDate: z.string(),
  /** Paid through the test-mode provider (shown with a 'Test' mark; counted and labelled in Sales). */
  testMode: z.boolean(),
  /** Sold at the door's box office (decision 062): the guest list labels it 'Door sale'. */
  doorSale: z.optional(z.boolean()),
  /** A table type's line (decision 067): `quantity` and `refunded` count tables of this many guests each. */
  tableSize: z.optional(z.int()),
  /**
   * Seats of this line refunded (decision 044). A line refunded in full stays listed, with
   * `quantity` 0 and every seat counted here, so the organiser sees what became of it.
   */
  refunded: z.int(),
  /** The line's live tickets by seat (none before they are issued); how many are checked in. */
  tickets: z.array(guestTicket),
  checkedIn: z.int(),
  /** The line's tickets' history: transfers, name corrections, edits (oldest first). */
  changes: z.array(ticketChange),
});
export type GuestRow = z.infer<typeof guestRow>;

export const guestlistResponse = z.object({
  rows: z.array(guestRow),
  /** The checkout questions' answers of the rows' orders and tickets (decision 045). */
  answers: guestAnswers,
  /** Of the rows listed: distinct orders, tickets bought, tickets checked in. */
  totals: z.object({ orders: z.int(), tickets: z.int(), checkedIn: z.int() }),
});
export type GuestlistResponse = z.infer<typeof guestlistResponse>;

export const GUESTLIST_CSV_COLUMNS = [
  'Ticket Name',
  'Quantity',
  'Purchased By',
  'Order Number',
  'Order Date',
  'Checked In At',
] as const;

/**
 * Sales figures count every paid order, those paid through the test-mode provider included (shown and
 * labelled, never dropped: the same numbers as the Tickets tab and the guest list); `test…` is their
 * share, for the label and for 'Hide test-mode orders'.
 */
export const salesRow = z.object({
  ticketId: uuid,
  ticketName: z.string(),
  ticketPrice: nairaAmount,
  sold: z.int(),
  revenue: nairaTotal,
  testSold: z.int(),
  testRevenue: nairaTotal,
  /** The share sold at the door (decision 062). */
  doorSold: z.optional(z.int()),
  doorRevenue: z.optional(nairaTotal),
  /** A table type (decision 067): `sold` counts tables, each of this many seats. */
  tableSize: z.optional(z.int()),
});
export type SalesRow = z.infer<typeof salesRow>;

export const salesResponse = z.object({
  rows: z.array(salesRow),
  totals: z.object({
    sold: z.int(),
    revenue: nairaTotal,
    orders: z.int(),
    testSold: z.int(),
    testRevenue: nairaTotal,
    testOrders: z.int(),
    doorSold: z.optional(z.int()),
    doorRevenue: z.optional(nairaTotal),
    /** People sold, where some type is a table (decision 067): tables × N plus the other tickets. */
    seats: z.optional(z.int()),
  }),
  /** Each promoter's figures (contract/promoters.ts, decision 064), as the Promoters tab shows them. */
  byPromoter: z.array(z.object({ promoterId: z.string(), name: z.string(), ...promoterFigures.shape })),
});
export type SalesResponse = z.infer<typeof salesResponse>;
