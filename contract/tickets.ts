import * as z from 'zod/mini';
import { idParam, uuid } from './common';
import { lagosDateTime, lagosInstantOrNull } from './lagosTime';
import { nairaAmount } from './money';
import { TEXT_LIMITS, text } from './text';

export const ticketKind = z.enum(['free', 'paid']);
export const ticketStock = z.enum(['limited', 'unlimited']);

/** A ticket type as the public API returns it. Payout bank details never leave the organiser's views. */
export const ticket = z.object({
  _id: uuid,
  eventId: uuid,
  ticketName: z.string(),
  ticketPrice: nairaAmount,
  ticketDescription: z.string(),
  image: z.nullable(z.string()),
  ticketType: ticketKind,
  ticketStock: ticketStock,
  /** Remaining tickets when stock is limited; null when unlimited. */
  availableTickets: z.nullable(z.int().check(z.minimum(0))),
  purchaseLimit: z.int().check(z.minimum(1)),
  benefits: z.string(),
  /**
   * Sales window in Lagos wall-clock time ('YYYY-MM-DDTHH:MM'); null = no bound. Outside it the type
   * shows 'Not on sale yet' or 'Sales ended' (saleWindowState in contract/lagosTime.ts) and cannot be bought.
   */
  onSaleFrom: z.nullable(z.string()),
  onSaleUntil: z.nullable(z.string()),
  /**
   * Sold only with an access code (decision 036). Public lists never include a hidden type; one
   * appears (marked hidden) only in a list read with a code that unlocks it, and in organiser views.
   */
  hidden: z._default(z.boolean(), false),
  /** The date it admits on, for an event with several dates (decision 046); null = any date. */
  eventDateId: z.optional(z.nullable(uuid)),
  /**
   * A table for N (decision 067): one unit is a table of this many guests; price, availableTickets
   * and purchaseLimit count tables. Absent or null: one admission per unit.
   */
  tableSize: z.optional(z.nullable(z.int())),
  /** One code per table: the table's code admits up to tableSize times (else one code per guest). */
  tableOneCode: z.optional(z.boolean()),
});
export type Ticket = z.infer<typeof ticket>;

export const ticketList = z.array(ticket);
export const eventTicketsResponse = z.object({ tickets: ticketList });

/** GET /api/tickets/event/:eventId?access=CODE: the public types plus the hidden ones the code unlocks. */
export const eventTicketsQuery = z.object({
  access: z.optional(text({ label: 'Access code', max: 40 })),
});

/** A ticket type in the organiser's views: the public fields plus the total for sale and the count sold. */
export const organiserTicket = z.extend(ticket, {
  /** Total for sale when limited (sold + available); null when unlimited. */
  quantity: z.nullable(z.int()),
  /** Sold: in paid orders (test mode included) — the figure Sales, the guest list and My events show. */
  sold: z.int(),
  /** Held by live reservations not paid yet (they count against `quantity`). */
  held: z._default(z.int(), 0),
  /** For a type of one date of several: its name with the date, 'Regular · Night 2 · Sat 5 Dec' (decision 046). */
  nameWithDate: z.optional(z.string()),
});
export type OrganiserTicket = z.infer<typeof organiserTicket>;

/* ---------- Creating and editing ticket types (organiser) ---------- */

export const PURCHASE_LIMIT_MAX = 10;
/** A table seats 2 to 50 guests (decision 067). */
export const TABLE_SIZE_MIN = 2;
export const TABLE_SIZE_MAX = 50;
export const TICKET_QUANTITY_MAX = 1_000_000;
/** ₦10m: far above any real ticket; keeps kobo within the database's integer column. */
export const TICKET_PRICE_MAX = 10_000_000;

/** Nigerian bank account numbers (NUBAN) are 10 digits. */
export const accountNumberField = z
  .string({ error: 'Account number is required' })
  .check(z.trim(), z.regex(/^\d{10}$/, 'Account number must be exactly 10 digits'));

const optionalWindowEdge = (label: string) =>
  z.optional(z.nullable(z.union([z.literal(''), lagosDateTime(label)])));

/**
 * The spec's free and paid ticket forms (§3, §5) as one body; `ticketType` picks the rules.
 * - limited stock needs `availableTickets` (the number for sale; on an edit, the new total, which
 *   cannot drop below what is already sold);
 * - paid needs `ticketPrice` above 0 and a payout account: either the organiser's saved one, or
 *   `bank` (its code or its name, as the spec's form sends) and `accountNumber` here, which the
 *   server resolves with the bank itself and saves as the organiser's payout account. `accountName`
 *   is accepted for compatibility with the spec's form and ignored: the resolved name is the truth;
 * - purchase limit 1..10; the sales window, when both edges are given, must open before it closes.
 * Free tickets cost 0 (a price, if sent, must be 0).
 */
export const ticketFields = {
  ticketName: text({ label: 'Ticket name', max: TEXT_LIMITS.name, required: true }),
  ticketDescription: z.optional(
    text({ label: 'Ticket description', max: TEXT_LIMITS.long, multiline: true }),
  ),
  ticketType: z.enum(['free', 'paid'], { error: 'Ticket type must be free or paid' }),
  ticketStock: z.enum(['limited', 'unlimited'], { error: 'Stock must be limited or unlimited' }),
  availableTickets: z.optional(
    z.nullable(
      z
        .int({ error: 'Available tickets must be a whole number' })
        .check(
          z.minimum(1, 'Available tickets must be at least 1'),
          z.maximum(
            TICKET_QUANTITY_MAX,
            `Available tickets can be at most ${TICKET_QUANTITY_MAX.toLocaleString('en-NG')}`,
          ),
        ),
    ),
  ),
  purchaseLimit: z
    .int({ error: 'Purchase limit is required (a whole number from 1 to 10)' })
    .check(
      z.minimum(1, 'Purchase limit must be at least 1'),
      z.maximum(PURCHASE_LIMIT_MAX, `Purchase limit can be at most ${PURCHASE_LIMIT_MAX}`),
    ),
  benefits: text({ label: 'Benefits', max: TEXT_LIMITS.long, required: true, multiline: true }),
  ticketPrice: z.optional(
    z.nullable(
      nairaAmount.check(
        z.maximum(
          TICKET_PRICE_MAX,
          `Ticket price can be at most ₦${TICKET_PRICE_MAX.toLocaleString('en-NG')}`,
        ),
      ),
    ),
  ),
  onSaleFrom: optionalWindowEdge('On sale from'),
  onSaleUntil: optionalWindowEdge('On sale until'),
  /** Hide from the public page: sold only with an access code that unlocks it. Omitted: unchanged. */
  hidden: z.optional(z.boolean({ error: 'Hidden must be true or false' })),
  /** Optional URL of an image already uploaded to this server (PUT /api/tickets/update-image/:id); null removes it. */
  image: z.optional(z.nullable(text({ label: 'Ticket image', max: TEXT_LIMITS.url }))),
  /** A table for N (decision 067): 2–50 guests per unit; null = not a table. Omitted: unchanged. */
  tableSize: z.optional(
    z.nullable(
      z
        .int({ error: 'Guests per table must be a whole number' })
        .check(
          z.minimum(TABLE_SIZE_MIN, `A table seats at least ${TABLE_SIZE_MIN} guests`),
          z.maximum(TABLE_SIZE_MAX, `A table seats at most ${TABLE_SIZE_MAX} guests`),
        ),
    ),
  ),
  /** One code admits the whole table (up to N times) instead of one code per guest. Omitted: unchanged. */
  tableOneCode: z.optional(z.boolean({ error: 'One code per table must be true or false' })),
  bank: z.optional(z.nullable(text({ label: 'Bank', max: 100 }))),
  accountNumber: z.optional(z.nullable(z.union([z.literal(''), accountNumberField]))),
  accountName: z.optional(z.nullable(text({ label: 'Account name', max: TEXT_LIMITS.short }))),
};

type TicketFieldValues = {
  ticketType: 'free' | 'paid';
  ticketStock: 'limited' | 'unlimited';
  availableTickets?: number | null;
  ticketPrice?: number | null;
  onSaleFrom?: string | null;
  onSaleUntil?: string | null;
  bank?: string | null;
  accountNumber?: string | null;
};

/** Cross-field rules shared by create and update (the same words the forms show). */
const ticketRules = z.superRefine<TicketFieldValues>((v, ctx) => {
  const issue = (path: string, message: string) =>
    ctx.addIssue({ code: 'custom', message, path: [path], input: v });
  if (v.ticketStock === 'limited' && !v.availableTickets) {
    issue('availableTickets', 'Enter how many tickets are available (limited stock)');
  }
  if (v.ticketType === 'paid' && !(v.ticketPrice && v.ticketPrice > 0)) {
    issue('ticketPrice', 'A paid ticket needs a price above ₦0');
  }
  if (v.ticketType === 'free' && v.ticketPrice) issue('ticketPrice', 'A free ticket costs ₦0');
  if (v.ticketType === 'paid') {
    if (v.bank && !v.accountNumber) issue('accountNumber', 'Account number is required');
    if (v.accountNumber && !v.bank) issue('bank', 'Choose your bank');
  }
  // Zod runs this rule even when a field's own check failed: a value that is no date has its own message.
  const opens = v.onSaleFrom ? lagosInstantOrNull(v.onSaleFrom) : null;
  const closes = v.onSaleUntil ? lagosInstantOrNull(v.onSaleUntil) : null;
  if (opens && closes && opens >= closes) issue('onSaleUntil', 'Sales must close after they open');
});

export const createTicketRequest = z.object({ eventId: uuid, ...ticketFields }).check(ticketRules);
export type CreateTicketRequest = z.input<typeof createTicketRequest>;

export const updateTicketRequest = z.object(ticketFields).check(ticketRules);
export type UpdateTicketRequest = z.input<typeof updateTicketRequest>;

export const ticketIdParams = z.object({ ticketId: idParam('Ticket id') });

export const ticketSavedResponse = z.object({ message: z.string(), ticket: organiserTicket });
export type TicketSavedResponse = z.infer<typeof ticketSavedResponse>;

/** Ticket image upload limit (bytes), same as posters. */
export const TICKET_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
