import * as z from 'zod/mini';
import { idParam, uuid } from './common';
import { lagosDateTime, lagosInstantOrNull } from './lagosTime';
import { nairaAmount } from './money';
import { text } from './text';
import { TICKET_PRICE_MAX } from './tickets';

/**
 * Discount codes of an event (decision 010), managed by its organiser and applied by checkout.
 *
 * - GET    /api/events/:eventId/discounts               → discountListResponse
 * - POST   /api/events/:eventId/discounts               discountRequest → 201 discountSavedResponse
 * - PUT    /api/events/:eventId/discounts/:discountId   discountRequest → discountSavedResponse
 * - DELETE /api/events/:eventId/discounts/:discountId   → {message}
 *
 * A code is unique per event ignoring case (SUMMER and summer are one code; 409 otherwise); buyers may
 * type it in any case. `percent` takes percentOff 1..100 off each eligible ticket; `fixed` takes
 * amountOff Naira off each eligible ticket (never below ₦0). `ticketTypeIds` empty = every type of
 * the event. `uses` counts reservations holding the code (checkout increments it atomically and gives
 * it back when a reservation expires or is cancelled); maxUses null = no limit and can never be set
 * below `uses`.
 */

export const discountKind = z.enum(['percent', 'fixed'], { error: 'Discount kind must be percent or fixed' });
export type DiscountKind = z.infer<typeof discountKind>;

export const DISCOUNT_CODE_PATTERN = /^[A-Za-z0-9_-]+$/;

export const discountCodeField = text({
  label: 'Code',
  max: 40,
  required: true,
  requiredMessage: 'Enter a code',
}).check(
  z.minLength(3, 'Code must be at least 3 characters long'),
  z.regex(DISCOUNT_CODE_PATTERN, 'Code can only contain letters, numbers, dashes and underscores'),
);

const optionalEdge = (label: string) =>
  z.optional(z.nullable(z.union([z.literal(''), lagosDateTime(label)])));

export const discountRequest = z
  .object({
    code: discountCodeField,
    kind: discountKind,
    percentOff: z.optional(
      z.nullable(
        z
          .int({ error: 'Percent off must be a whole number from 1 to 100' })
          .check(
            z.minimum(1, 'Percent off must be a whole number from 1 to 100'),
            z.maximum(100, 'Percent off must be a whole number from 1 to 100'),
          ),
      ),
    ),
    /** Naira off each eligible ticket. */
    amountOff: z.optional(
      z.nullable(
        nairaAmount.check(
          z.maximum(
            TICKET_PRICE_MAX,
            `Amount off can be at most ₦${TICKET_PRICE_MAX.toLocaleString('en-NG')}`,
          ),
        ),
      ),
    ),
    maxUses: z.optional(
      z.nullable(
        z
          .int({ error: 'Maximum uses must be a whole number' })
          .check(
            z.minimum(1, 'Maximum uses must be at least 1'),
            z.maximum(1_000_000, 'Maximum uses is too large'),
          ),
      ),
    ),
    /** Lagos wall-clock 'YYYY-MM-DDTHH:MM'; null/'' = no bound. */
    validFrom: optionalEdge('Valid from'),
    validUntil: optionalEdge('Valid until'),
    ticketTypeIds: z.optional(z.array(uuid).check(z.maxLength(100, 'Too many ticket types'))),
  })
  .check(
    z.superRefine((v, ctx) => {
      const issue = (path: string, message: string) =>
        ctx.addIssue({ code: 'custom', message, path: [path], input: v });
      if (v.kind === 'percent' && !v.percentOff)
        issue('percentOff', 'Percent off must be a whole number from 1 to 100');
      if (v.kind === 'fixed' && !(v.amountOff && v.amountOff > 0))
        issue('amountOff', 'Amount off must be above ₦0');
      // Runs even when a field's own check failed: a value that is no date has its own message.
      const from = v.validFrom ? lagosInstantOrNull(v.validFrom) : null;
      const until = v.validUntil ? lagosInstantOrNull(v.validUntil) : null;
      if (from && until && from >= until) issue('validUntil', 'Valid until must be after valid from');
    }),
  );
export type DiscountRequest = z.input<typeof discountRequest>;

export const discountIdParams = z.object({
  eventId: idParam('Event id'),
  discountId: idParam('Discount id'),
});

export const discountCode = z.object({
  _id: uuid,
  eventId: uuid,
  code: z.string(),
  kind: discountKind,
  percentOff: z.nullable(z.int()),
  amountOff: z.nullable(nairaAmount),
  maxUses: z.nullable(z.int()),
  uses: z.int(),
  validFrom: z.nullable(z.string()),
  validUntil: z.nullable(z.string()),
  ticketTypeIds: z.array(uuid),
  createdAt: z.string(),
});
export type DiscountCode = z.infer<typeof discountCode>;

export const discountListResponse = z.object({ discounts: z.array(discountCode) });
export const discountSavedResponse = z.object({ message: z.string(), discount: discountCode });
export type DiscountSavedResponse = z.infer<typeof discountSavedResponse>;
