import * as z from 'zod/mini';
import { clockTime, idParam, isoDate, uuid } from './common';
import { feeOnTopKobo, serviceFeeKobo } from './fees';
import { liveCodeFacts } from './liveCodes';
import { nairaAmount } from './money';
import { onsalePass } from './onsale';
import { referralCodes } from './promoterCode';
import { answersField, orderAnswer } from './questions';
import { TEXT_LIMITS, text } from './text';

/**
 * Checkout on the wire (decision 012): reserve → discount → pay → tickets. Money is Naira on the wire
 * (two decimals at most), integer kobo everywhere else (decision 002).
 *
 * Endpoints (all bearer-authenticated unless said otherwise):
 * - POST   /api/orders                      createOrderRequest → 201 orderResponse (status 'reserved')
 *          re-posting for the same buyer and event replaces the live hold, keeping its deadline
 * - PUT    /api/orders/:orderId/items       replaceItemsRequest → orderResponse (same deadline)
 * - GET    /api/orders/:orderId             → readOrderResponse (buyer; the event's team sees no codes, decision 048)
 * - POST   /api/orders/:orderId/discount    discountRequest → orderResponse
 * - DELETE /api/orders/:orderId/discount    → orderResponse (code removed, its use given back)
 * - POST   /api/orders/:orderId/pay         payRequest → payResponse
 * - POST   /api/orders/:orderId/verify      → orderResponse (the return from the provider: verifies now)
 * - DELETE /api/orders/:orderId             → orderResponse (buyer abandons a hold: 'cancelled')
 * - POST   /api/orders/:orderId/give-back   → orderResponse (buyer gives back a free order before the
 *                                             event starts: seats on sale again, tickets revoked)
 * - POST   /api/orders/:orderId/resend      → {message} (buyer or organiser; rate-limited)
 * - GET    /api/orders/mine                 → myOrdersResponse
 * - GET    /api/tickets/mine                → myTicketsResponse
 * - GET    /api/tickets/code/:code          → issuedTicketResponse (the ticket's owner or attendee, or the organiser)
 * - GET    /api/tickets/code/:code/pdf      → application/pdf (same rule)
 * - GET    /api/tickets/code/:code/qr.svg   → image/svg+xml (same rule)
 * - GET    /api/tickets/public-key          → publicKeyResponse (no auth: door scanners)
 * - GET    /api/tickets/revoked             → revocationListResponse (no auth: codes carry no personal data)
 * - GET    /api/payments/test/:reference            → testPaymentResponse (no auth: the reference is the secret, as on Paystack's page)
 * - POST   /api/payments/test/:reference/approve    → testPaymentDecisionResponse
 * - POST   /api/payments/test/:reference/decline    → testPaymentDecisionResponse
 * - POST   /api/payments/webhook            Paystack's webhook (x-paystack-signature), no auth
 * Organiser (the event's owner only):
 * - PATCH  /api/orders/:orderId/tickets/:code  attendeeUpdateRequest → orderResponse (code reissued)
 * - POST   /api/orders/:orderId/cancel      → orderResponse (seats back; paid → refund)
 */

export const RESERVATION_MINUTES_DEFAULT = 15;
/** No quantity select offers more than this, whatever the type's own purchase limit. */
export const MAX_PER_TYPE = 10;

import { attendeeDetails, buyerDetails, personEmail } from './buyerDetails';

export * from './buyerDetails';

/** {ticketTypeId: quantity}; quantities 0..10 (zeros are dropped), at least one above 0. */
export const orderItemsMap = z.record(
  uuid,
  z
    .int({ error: 'Quantity must be a whole number' })
    .check(
      z.minimum(0, 'Quantity cannot be negative'),
      z.maximum(MAX_PER_TYPE, `At most ${MAX_PER_TYPE} tickets of one type per order`),
    ),
);

export const createOrderRequest = z.object({
  eventId: uuid,
  items: orderItemsMap,
  buyer: buyerDetails,
  /**
   * Optional: one entry per seat when tickets go to different people (the spec's 'Send ticket to
   * different email addresses?'). When given, there must be exactly one per seat of each type.
   * Seats without an attendee are in the buyer's name.
   */
  attendees: z.optional(z.array(attendeeDetails).check(z.maxLength(200, 'Too many attendees'))),
  /** An access code (decision 036): needed for hidden ticket types; its discount, if any, is applied. */
  accessCode: z.optional(text({ label: 'Access code', max: 40 })),
  /** Answers to the event's checkout questions (contract/questions.ts, decision 045). */
  answers: z.optional(answersField),
  /** The waiting room's pass (contract/onsale.ts, decision 059): needed while the event's room is on. */
  onsalePass: z.optional(onsalePass),
});
export type CreateOrderRequest = z.infer<typeof createOrderRequest>;

export const replaceItemsRequest = z.object({
  items: orderItemsMap,
  attendees: z.optional(z.array(attendeeDetails).check(z.maxLength(200, 'Too many attendees'))),
  /** Replace the order's answers; left out, the stored ones stay for the seats still held. */
  answers: z.optional(answersField),
});
export type ReplaceItemsRequest = z.infer<typeof replaceItemsRequest>;

export const discountRequest = z.object({
  code: text({ label: 'Discount code', max: 40, required: true, requiredMessage: 'Enter a discount code' }),
});

export const payRequest = z.object({
  acceptTerms: z.literal(true, { error: 'Please accept the terms and conditions to continue' }),
  emailUpdates: z.boolean({ error: 'emailUpdates must be true or false' }),
  /** Promoter link codes the browser holds (decision 064); only the order's event's one counts. */
  refs: z.optional(referralCodes),
});
export type PayRequest = z.infer<typeof payRequest>;

export const attendeeUpdateRequest = z.object({
  firstName: text({ label: 'First name', max: TEXT_LIMITS.name, required: true }),
  lastName: text({ label: 'Last name', max: TEXT_LIMITS.name, required: true }),
  email: personEmail,
});
export type AttendeeUpdateRequest = z.infer<typeof attendeeUpdateRequest>;

const ticketCode = text({ label: 'Ticket code', max: 200, required: true });
export const orderIdParams = z.object({ orderId: idParam('Order id') });
export const ticketCodeParams = z.object({ code: ticketCode });
export const orderTicketParams = z.object({ orderId: idParam('Order id'), code: ticketCode });
export const paymentReferenceParams = z.object({
  reference: text({ label: 'Payment reference', max: 100, required: true }),
});

/* ---------- Responses ---------- */

export const orderStatus = z.enum(['reserved', 'paid', 'expired', 'cancelled', 'refund_due', 'refunded']);
export type OrderStatus = z.infer<typeof orderStatus>;

/**
 * Where the latest payment attempt stands, so the confirmation page never sits on "processing":
 * none (not tried), pending (at the provider), failed (declined/abandoned: retry while the hold
 * lasts), success.
 */
export const paymentState = z.enum(['none', 'pending', 'failed', 'success']);

export const orderEventSummary = z.object({
  _id: uuid,
  eventName: z.string(),
  startDate: isoDate,
  endDate: isoDate,
  startTime: clockTime,
  endTime: clockTime,
  eventLocation: z.enum(['physical', 'online', 'both']),
  location: z.nullable(z.string()),
  state: z.nullable(z.string()),
  country: z.nullable(z.string()),
  url: z.nullable(z.string()),
  image: z.nullable(z.string()),
  /** Where cards crop the poster (CSS object-position), as on the public event. */
  imageFocus: z.string(),
  organiserId: uuid,
});
export type OrderEventSummary = z.infer<typeof orderEventSummary>;

export const orderItem = z.object({
  ticketId: uuid,
  ticketName: z.string(),
  /** Naira per ticket. */
  unitPrice: nairaAmount,
  quantity: z.int(),
  /** unitPrice × quantity, Naira. */
  amount: nairaAmount,
  /** Of `quantity`, how many seats the organiser refunded (decision 044); those tickets no longer admit. */
  refundedQuantity: z.int(),
});
export type OrderItem = z.infer<typeof orderItem>;

export const ticketTable = z.object({
  number: z.int(),
  seat: z.int(),
  size: z.int(),
  oneCode: z.boolean(),
});
export type TicketTable = z.infer<typeof ticketTable>;

export const issuedTicket = z.object({
  /** The signed code the QR carries; also the ticket's address: /tickets/{code}. */
  code: z.string(),
  /** The short reference printed under the QR, typed at the door when the QR will not scan. */
  reference: z.string(),
  ticketId: uuid,
  ticketName: z.string(),
  attendeeName: z.string(),
  attendeeEmail: z.string(),
  checkedInAt: z.nullable(z.string()),
  /** Cancelled, refunded or reissued tickets are revoked and no longer admit anyone. */
  revoked: z.boolean(),
  /**
   * The secret of the ticket's own link, /t#{shareToken}: it opens this one ticket without an
   * account (contract/ticketChanges.ts). Shown to whoever may already see the ticket.
   */
  shareToken: z.string(),
  /**
   * A table's guest (decision 067): the table's number within its type, this guest's place (0-based),
   * the table's N, and whether one code (guest 0's) admits the whole table. Absent: not a table.
   */
  table: z.optional(ticketTable),
});
export type IssuedTicket = z.infer<typeof issuedTicket>;

export const orderRefundSummary = z.object({
  /** Naira given back by this refund. */
  amount: nairaAmount,
  /** How many tickets it took back (0 for a refund of an amount alone). */
  tickets: z.int(),
  reason: z.string(),
  createdAt: z.string(),
});
export type OrderRefundSummary = z.infer<typeof orderRefundSummary>;

export const orderBuyer = z.object({
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
});

export const order = z.object({
  _id: uuid,
  status: orderStatus,
  /** ISO time the hold ends (meaningful while 'reserved'). */
  expiresAt: z.string(),
  /** Our order reference, shown to people ('GP-…'); payment attempts have their own references. */
  reference: z.string(),
  event: orderEventSummary,
  buyer: orderBuyer,
  items: z.array(orderItem),
  attendees: z.array(
    z.object({ ticketId: uuid, firstName: z.string(), lastName: z.string(), email: z.string() }),
  ),
  /**
   * Naira amounts: subtotal − discount + fees = total. `fees` is what the buyer pays on top; where
   * the organiser absorbs the fee (`feesIncluded`, decision 066) it is 0 and the prices are all-in.
   */
  subtotal: nairaAmount,
  discount: nairaAmount,
  fees: nairaAmount,
  total: nairaAmount,
  feesIncluded: z.boolean(),
  discountCode: z.nullable(z.string()),
  /** Paid (or to be paid) through the built-in test-mode provider: no real money moved. */
  testMode: z.boolean(),
  payment: paymentState,
  emailUpdates: z.boolean(),
  createdAt: z.string(),
  paidAt: z.nullable(z.string()),
  /** Empty until paid. */
  tickets: z.array(issuedTicket),
  /** Why the order ended the way it did, in words for the buyer (refund_due, refunded, cancelled). */
  statusMessage: z.nullable(z.string()),
  /** The organiser's refunds of this order, oldest first (decision 044), with the reason the buyer reads. */
  refunds: z.array(orderRefundSummary),
  /** The buyer's answers to the event's checkout questions (decision 045); yes/no as a boolean. */
  answers: z.array(orderAnswer),
});
export type Order = z.infer<typeof order>;

export const orderResponse = z.object({ order });
export type OrderResponse = z.infer<typeof orderResponse>;

/**
 * A ticket of an order as the event's team reads it (decision 048): name, type, status and
 * reference; its signed `code` (which admits at the door) and `shareToken` (which reissues it) only
 * when the reader is the ticket's holder (the verified address it was sent to).
 */
export const teamTicket = z.object({
  ...issuedTicket.shape,
  code: z.optional(z.string()),
  shareToken: z.optional(z.string()),
});
export type TeamTicket = z.infer<typeof teamTicket>;

/**
 * An order as anyone who may read it gets it: the buyer in full (`order`), the event's team with
 * `teamTicket`s. The answer of every route an organiser role can reach (GET /api/orders/:id, verify,
 * attendee edit, cancel).
 */
export const readOrder = z.object({ ...order.shape, tickets: z.array(teamTicket) });
export type ReadOrder = z.infer<typeof readOrder>;
export const readOrderResponse = z.object({ order: readOrder });

export const payResponse = z.union([
  z.object({ order }),
  z.object({ authorizationUrl: z.string(), reference: z.string() }),
]);
export type PayResponse = z.infer<typeof payResponse>;

export const myOrdersResponse = z.object({ orders: z.array(order) });
export type MyOrdersResponse = z.infer<typeof myOrdersResponse>;

/** A ticket with what a card and the ticket page show. */
export const ticketView = z.object({
  ...issuedTicket.shape,
  orderId: uuid,
  orderReference: z.string(),
  testMode: z.boolean(),
  event: orderEventSummary,
  /** The QR image as a data: URL (SVG), ready for <img>. */
  qr: z.string(),
  /** true when the event has ended (My Tickets lists upcoming, then past). */
  past: z.boolean(),
  /** Why the holder may not transfer it now, or null (contract/ticketChanges.ts ticketChangeRefusal). */
  transferRefusal: z.nullable(z.string()),
  /** Why the holder may not correct the name now, or null. */
  nameRefusal: z.nullable(z.string()),
  /** ISO instant transfers and name corrections close. */
  changesCloseAt: z.string(),
  /** Rotating codes (decision 058): what the ticket page needs to show its live code. */
  live: z.optional(liveCodeFacts),
});
export type TicketView = z.infer<typeof ticketView>;

/** `generatedAt`: when the server answered (a copy kept for offline use shows its age by it). */
/**
 * A seat the user bought that a transfer or a claim gave to someone else (decision 053): who has it
 * now, and nothing that gets anyone in (no code, no link, no QR).
 */
export const handedOverTicket = z.object({
  id: uuid,
  ticketName: z.string(),
  toName: z.string(),
  event: orderEventSummary,
  past: z.boolean(),
});
export type HandedOverTicket = z.infer<typeof handedOverTicket>;

export const myTicketsResponse = z.object({
  upcoming: z.array(ticketView),
  past: z.array(ticketView),
  /** Absent from answers kept offline before it existed. */
  handedOver: z.optional(z.array(handedOverTicket)),
  generatedAt: z.string(),
});
export type MyTicketsResponse = z.infer<typeof myTicketsResponse>;

export const issuedTicketResponse = z.object({ ticket: ticketView, generatedAt: z.string() });
export type IssuedTicketResponse = z.infer<typeof issuedTicketResponse>;

export const publicKeyResponse = z.object({
  algorithm: z.literal('Ed25519'),
  /** SPKI DER, base64. */
  publicKey: z.string(),
  /** JWK form (kty OKP, crv Ed25519, x). */
  jwk: z.object({ kty: z.string(), crv: z.string(), x: z.string() }),
});

export const revocationListResponse = z.object({
  /** Ticket ids (UUID) whose codes no longer admit anyone. */
  revoked: z.array(z.object({ ticketId: uuid, eventId: uuid, revokedAt: z.string(), reason: z.string() })),
  generatedAt: z.string(),
});

/** The built-in test-mode provider's payment page (/pay/test/{reference}). */
export const testPaymentResponse = z.object({
  reference: z.string(),
  orderId: uuid,
  /** Naira. */
  amount: nairaAmount,
  email: z.string(),
  eventName: z.string(),
  status: z.enum(['pending', 'success', 'failed']),
  /** Where to send the browser when done: APP_URL/orders/{id}. */
  callbackUrl: z.string(),
});
export type TestPayment = z.infer<typeof testPaymentResponse>;

export const testPaymentDecisionResponse = z.object({
  status: z.enum(['success', 'failed']),
  callbackUrl: z.string(),
});

/* ---------- Money rules shared by server and UI ---------- */

/**
 * Fees: 1.5 % of what is paid for tickets (the subtotal after any discount), none on free tickets;
 * the same basis-point rule as contract/fees.ts (₦100,000 → ₦1,500).
 */
export function orderFeesKobo(paidSubtotalKobo: number): number {
  return paidSubtotalKobo <= 0 ? 0 : serviceFeeKobo(paidSubtotalKobo);
}

/**
 * An order's money. `feesAbsorbed` (the event's fee mode 'absorbed', decision 066): the fee is inside
 * the ticket prices, so the buyer pays the tickets after discount and nothing more, and Gatepass's
 * fee (`feesKobo`, the same rule) comes out of the organiser's share. `feeOnTopKobo` is what the
 * buyer pays on top (contract/fees.ts's one rule): total = subtotal − discount + fee on top.
 */
export function orderTotalsKobo(subtotalKobo: number, discountKobo: number, feesAbsorbed = false) {
  const discount = Math.min(discountKobo, subtotalKobo);
  const fees = orderFeesKobo(subtotalKobo - discount);
  const onTop = feeOnTopKobo(fees, feesAbsorbed);
  const totalKobo = subtotalKobo - discount + onTop;
  return {
    subtotalKobo,
    discountKobo: discount,
    feesKobo: fees,
    feeOnTopKobo: onTop,
    feesAbsorbed,
    totalKobo,
  };
}
