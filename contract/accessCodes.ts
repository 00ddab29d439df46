import * as z from 'zod/mini';
import { idParam, uuid } from './common';
import { discountCodeField } from './discounts';

/**
 * Access codes of an event (decision 036): a code that unlocks hidden ticket types for the people
 * given it (a sponsor's guests, a VIP list), distinct from discount codes. One may carry a discount by
 * naming one of the event's discount codes, which checkout then applies under that code's own rules.
 *
 * Organiser (the event's managers):
 * - GET    /api/events/:eventId/access-codes                 → accessCodeListResponse
 * - POST   /api/events/:eventId/access-codes                 accessCodeRequest → 201 accessCodeSavedResponse
 * - DELETE /api/events/:eventId/access-codes/:accessCodeId   → accessCodeListResponse
 * Buyers:
 * - GET    /api/tickets/event/:eventId?access=CODE           → the public types plus those it unlocks
 *                                                               (404 with a sentence when it unlocks nothing)
 * - POST   /api/orders { …, accessCode }                     hidden types in `items` need a code that
 *                                                               unlocks them (403 otherwise)
 * A code is unique per event ignoring case, and may not equal one of the event's discount codes (a
 * buyer types either into a box; one word must mean one thing).
 */

export const accessCodeRequest = z.object({
  code: discountCodeField,
  ticketTypeIds: z
    .array(uuid)
    .check(
      z.minLength(1, 'Choose at least one hidden ticket type to unlock'),
      z.maxLength(50, 'Too many ticket types'),
    ),
  /** One of the event's discount codes to apply with it; null or omitted for none. */
  discountCodeId: z.optional(z.nullable(uuid)),
});
export type AccessCodeRequest = z.infer<typeof accessCodeRequest>;

export const accessCode = z.object({
  id: uuid,
  code: z.string(),
  ticketTypeIds: z.array(uuid),
  discountCodeId: z.nullable(uuid),
  /** The linked discount code as the organiser named it, for the list. */
  discountCode: z.nullable(z.string()),
  /** Orders (live holds and paid) that used it. */
  orders: z.int(),
  createdAt: z.string(),
});
export type AccessCode = z.infer<typeof accessCode>;

export const accessCodeListResponse = z.object({ accessCodes: z.array(accessCode) });
export type AccessCodeListResponse = z.infer<typeof accessCodeListResponse>;
export const accessCodeSavedResponse = z.object({ message: z.string(), accessCode });

export const accessCodeIdParams = z.object({
  eventId: idParam('Event id'),
  accessCodeId: idParam('Access code id'),
});

export const ACCESS_CODE_MESSAGES = {
  notValid: 'This access code is not valid for this event.',
  needsCode: (ticketName: string) => `${ticketName} tickets need an access code.`,
  taken: 'This event already has an access code or a discount code with these letters.',
  typesNotHidden: 'An access code can only unlock hidden ticket types of this event.',
  discountNotInEvent: 'Choose one of this event’s discount codes.',
} as const;
