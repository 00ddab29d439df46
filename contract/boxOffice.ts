import * as z from 'zod/mini';
import { personEmail, phoneField } from './buyerDetails';
import { uuid } from './common';
import { TEXT_LIMITS, text } from './text';

/**
 * The box office at the door (decision 062) on the wire.
 *
 * A door device that may sell (the event's owner, co-organiser or door supervisor signed in, or a
 * check-in link the owner allowed to sell):
 * - POST /api/checkin/:eventId/box-office/sync     boxOfficeSyncRequest → boxOfficeSyncResponse
 *   Uploads the device's sales (each under the id the device made for it: the same id twice is one
 *   sale), then tops its seat allowance of each type it sells back up to `ALLOWANCE_SEATS` unused seats.
 * - POST /api/checkin/:eventId/box-office/release  boxOfficeReleaseRequest → boxOfficeSyncResponse
 *   Closing the till: seats the device still holds go back on sale.
 * The owner and finance:
 * - GET  /api/events/:eventId/cash-up              → cashUpResponse (per device and per staff member)
 * - GET  /api/events/:eventId/cash-up.csv          the same as CSV
 */

/** Unused seats a device holds of each type it sells; each sync tops it back up to this. */
export const ALLOWANCE_SEATS = 20;
/** A device stops selling from an allowance this long before it expires, so clocks that differ a little cannot oversell. */
export const ALLOWANCE_MARGIN_MS = 10 * 60_000;
export const MAX_SALE_QUANTITY = 20;
export const MAX_SYNC_SALES = 200;

export const PAYMENT_METHODS = ['cash', 'transfer', 'pos'] as const;
export const paymentMethod = z.enum(PAYMENT_METHODS, {
  error: 'Payment method must be cash, transfer or POS',
});
export type PaymentMethod = z.infer<typeof paymentMethod>;
export const PAYMENT_METHOD_NAMES: Record<PaymentMethod, string> = {
  cash: 'Cash',
  transfer: 'Bank transfer',
  pos: 'POS',
};

export const saleLine = z.object({
  ticketTypeId: uuid,
  quantity: z
    .int({ error: 'Quantity must be a whole number' })
    .check(
      z.minimum(1, 'Quantity must be at least 1'),
      z.maximum(MAX_SALE_QUANTITY, `At most ${MAX_SALE_QUANTITY} of a type per sale`),
    ),
});
export type SaleLine = z.infer<typeof saleLine>;

/** What the transfer's sender was called, or the POS slip's reference: what finance matches against the bank. */
export const paymentNote = text({ label: 'Payment reference', max: TEXT_LIMITS.name });

/** A guest's phone as door staff type it: a Nigerian local number (0803…) is taken as +234. */
export const doorPhone = z.pipe(
  z.pipe(
    z.string({ error: 'Phone number must be text' }),
    z.transform((v) => (/^0\d/.test(v.trim()) ? `+234${v.trim().slice(1)}` : v)),
  ),
  phoneField,
);

const saleFields = {
  guestName: text({ label: "Guest's name", max: TEXT_LIMITS.title, required: true }),
  email: z.optional(personEmail),
  phone: z.optional(doorPhone),
  method: paymentMethod,
  paymentNote: z.optional(paymentNote),
  lines: z
    .array(saleLine)
    .check(z.minLength(1, 'Pick at least one ticket'), z.maxLength(10, 'At most 10 ticket types per sale')),
};

const noteGiven = z.refine<{ method: PaymentMethod; paymentNote?: string }>(
  (s) => s.method === 'cash' || (s.paymentNote ?? '').length > 0,
  { message: "Give the transfer's sender name or the POS reference", path: ['paymentNote'] },
);

/** What staff fill in on the Sell screen (the device adds the sale's id and time when it records it). */
export const saleDraft = z.object(saleFields).check(noteGiven);
export type SaleDraft = z.input<typeof saleDraft>;

/** One sale as the device made it (and queues it while offline). */
export const doorSale = z
  .object({
    /** Made on the device (crypto.randomUUID): the sale's identity everywhere. */
    id: uuid,
    soldAt: z.iso.datetime({ offset: true, error: 'soldAt must be an ISO date-time' }),
    ...saleFields,
  })
  .check(noteGiven);
export type DoorSale = z.infer<typeof doorSale>;

export const deviceName = z.optional(text({ label: 'Device name', max: TEXT_LIMITS.name }));

export const boxOfficeSyncRequest = z.object({
  deviceId: uuid,
  device: deviceName,
  sales: z.array(doorSale).check(z.maxLength(MAX_SYNC_SALES, `At most ${MAX_SYNC_SALES} sales per upload`)),
  /** The types this device sells (an allowance is kept for each); omitted: every type it may sell. */
  ticketTypeIds: z.optional(z.array(uuid).check(z.maxLength(50, 'Too many ticket types'))),
});
export type BoxOfficeSyncRequest = z.infer<typeof boxOfficeSyncRequest>;

export const boxOfficeReleaseRequest = z.object({ deviceId: uuid });

export const SALE_RESULTS = ['recorded', 'duplicate', 'no_seats', 'not_sellable'] as const;

/** A ticket of a recorded sale: its share link's token, so the door can send it on WhatsApp. */
export const soldTicket = z.object({
  attendeeName: z.string(),
  ticketName: z.string(),
  shareToken: z.string(),
});

export const saleResult = z.object({
  id: uuid,
  result: z.enum(SALE_RESULTS),
  message: z.string(),
  orderReference: z.optional(z.string()),
  tickets: z.array(soldTicket),
  /** True when the guest gave an email and the tickets were mailed. */
  emailed: z.boolean(),
});
export type SaleResult = z.infer<typeof saleResult>;

/** Seats this device may still sell of a type, and at what price (naira). */
export const allowance = z.object({
  ticketTypeId: uuid,
  ticketName: z.string(),
  price: z.number(),
  seats: z.int(),
  used: z.int(),
  remaining: z.int(),
  expiresAt: z.string(),
});
export type Allowance = z.infer<typeof allowance>;

/** A type the device may sell (the link's types, or all): what the Sell screen offers. */
export const sellableType = z.object({ ticketTypeId: uuid, ticketName: z.string(), price: z.number() });
export type SellableType = z.infer<typeof sellableType>;

export const boxOfficeSyncResponse = z.object({
  results: z.array(saleResult),
  allowances: z.array(allowance),
  types: z.array(sellableType),
});
export type BoxOfficeSyncResponse = z.infer<typeof boxOfficeSyncResponse>;

/* ---------- Cash-up ---------- */

export const methodTotals = z.object({
  method: paymentMethod,
  sales: z.int(),
  tickets: z.int(),
  amount: z.number(),
});
export type MethodTotals = z.infer<typeof methodTotals>;

export const cashUpGroup = z.object({
  /** Device: its name (or 'Device …' with its id's start); staff: the member's name or the link's label. */
  name: z.string(),
  gate: z.nullable(z.string()),
  methods: z.array(methodTotals),
  sales: z.int(),
  tickets: z.int(),
  amount: z.number(),
});
export type CashUpGroup = z.infer<typeof cashUpGroup>;

export const cashUpResponse = z.object({
  byDevice: z.array(cashUpGroup),
  byStaff: z.array(cashUpGroup),
  totals: z.object({ methods: z.array(methodTotals), sales: z.int(), tickets: z.int(), amount: z.number() }),
  /** Seats devices still hold unsold (they go back on sale when released or expired). */
  heldSeats: z.int(),
});
export type CashUpResponse = z.infer<typeof cashUpResponse>;

/* ---------- What the device decides offline ---------- */

/** Ticket types and how many of each the guest is buying. */
export type Cart = Record<string, number>;

/** The sale's price (naira) at the device's allowance prices. */
export function cartTotal(cart: Cart, allowances: readonly Allowance[]): number {
  let kobo = 0;
  for (const [id, q] of Object.entries(cart)) {
    const a = allowances.find((x) => x.ticketTypeId === id);
    if (a && q > 0) kobo += Math.round(a.price * 100) * q;
  }
  return kobo / 100;
}

/**
 * Why this device may not sell this cart now (null: it may): it sells only seats it holds, and not
 * from an allowance about to expire (ALLOWANCE_MARGIN_MS before the server gives its seats back).
 */
export function allowanceProblem(cart: Cart, allowances: readonly Allowance[], now: number): string | null {
  for (const [id, q] of Object.entries(cart)) {
    if (q <= 0) continue;
    const a = allowances.find((x) => x.ticketTypeId === id);
    if (!a || a.remaining <= 0)
      return 'This device holds no seats of that type. Connect and sync to get some.';
    if (Date.parse(a.expiresAt) - ALLOWANCE_MARGIN_MS <= now)
      return "This device's seats have expired. Connect and sync before selling.";
    if (q > a.remaining)
      return `This device holds only ${a.remaining} ${a.ticketName} left. Sync to get more.`;
  }
  return null;
}
