import * as z from 'zod/mini';
import { nairaAmount } from './money';
import { text } from './text';

/**
 * The organiser's refund of part or all of a paid order (decision 044).
 *
 * - POST /api/orders/:orderId/refunds  refundRequest → 201 refundResponse (200 for a repeated key)
 * - POST /api/orders/:orderId/refunds/quote  refundQuoteRequest → 200 refundQuote: what refunding these
 *   seats would give back, by the same rule, for the review (nothing is written)
 *
 * `tickets`: issued-ticket ids or codes of live tickets of the order (their seats go back on sale and
 * they stop working at the door). `amountNaira`: defaults to what the chosen seats cost (their unit
 * price minus their share of the discount). One of the two is required. `requestKey`: chosen by the
 * client once per refund form; sending it again returns the first refund instead of a second one.
 */
export const refundRequest = z.object({
  tickets: z.optional(
    z
      .array(
        z
          .string({ error: 'Each ticket must be text (an id or a code)' })
          .check(z.minLength(1, 'Ticket is required'), z.maxLength(2000, 'Unknown ticket')),
      )
      .check(z.maxLength(200, 'Too many tickets')),
  ),
  amountNaira: z.optional(nairaAmount),
  reason: text({ label: 'Reason', max: 500, required: true, multiline: true }),
  requestKey: z
    .string({ error: 'Request key must be text' })
    .check(
      z.minLength(8, 'Request key must be 8 to 64 characters'),
      z.maxLength(64, 'Request key must be 8 to 64 characters'),
      z.regex(/^[A-Za-z0-9_-]+$/, 'Request key can only hold letters, digits, - and _'),
    ),
});
export type RefundRequest = z.infer<typeof refundRequest>;

export const refundResponse = z.object({
  refund: z.object({
    id: z.string(),
    orderId: z.string(),
    amountNaira: z.number(),
    ticketIds: z.array(z.string()),
    reason: z.string(),
    status: z.enum(['pending', 'processed', 'failed']),
    orderStatus: z.string(),
    refundedNaira: z.number(),
    createdAt: z.string(),
  }),
});
export type RefundResponse = z.infer<typeof refundResponse>;

/** The seats a refund by seats would take (ids or codes, as in refundRequest). */
export const refundQuoteRequest = z.object({
  tickets: z
    .array(
      z
        .string({ error: 'Each ticket must be text (an id or a code)' })
        .check(z.minLength(1, 'Ticket is required'), z.maxLength(2000, 'Unknown ticket')),
    )
    .check(z.minLength(1, 'Choose at least one ticket'), z.maxLength(200, 'Too many tickets')),
});
export type RefundQuoteRequest = z.infer<typeof refundQuoteRequest>;

export const refundQuote = z.object({
  /** What the refund of these seats gives back, in Naira. */
  amountNaira: z.number(),
  /** Every live seat chosen: the whole of what is still paid, and the order ends refunded. */
  everySeat: z.boolean(),
  /** What of the order can still be refunded. */
  remainingNaira: z.number(),
});
export type RefundQuote = z.infer<typeof refundQuote>;
