import * as z from 'zod/mini';
import { idParam, uuid } from './common';
import { nairaAmount } from './money';
import { promoterCode } from './promoterCode';
import { TEXT_LIMITS, text } from './text';
import { emailField } from './users';

/**
 * Promoters on commission (decision 064).
 *
 * Organiser (owner, co-organiser; finance and the door read nothing here but the sales figures):
 * - GET  /api/events/:eventId/promoters         → promotersResponse (owner, co-organiser, finance)
 * - POST /api/events/:eventId/promoters         promoterCreateRequest → 201 promotersResponse
 *                                               (mails the promoter their links)
 * - PUT  /api/events/:eventId/promoters/:promoterId  promoterUpdateRequest → promotersResponse (name and
 *                                               commission; orders already paid keep theirs, decision 070)
 * - DELETE /api/events/:eventId/promoters/:promoterId → promotersResponse (removed: the link attributes
 *                                               nothing more; attributed orders keep their promoter)
 * - GET  /api/events/:eventId/promoters.csv     → text/csv: commission per promoter, owed and settled
 * The promoter (signed in with the invited, verified email):
 * - GET  /api/promoters/mine                    → myPromotionsResponse (no buyer's name, email or phone)
 * A visitor's browser:
 * - POST /api/promoters/click                   promoterClickRequest → promoterClickResponse (counts an
 *                                               arrival by the link; answers which event it is for)
 * And GET /r/<code> (outside /api): 302 to the event page with ?ref=<code>.
 * Checkout: POST /api/orders/:orderId/pay carries `refs` (contract/orders.ts): the codes the browser
 * holds; the one belonging to the order's event's promoter is attributed, any other is ignored.
 */

export { ATTRIBUTION_DAYS, PROMOTER_CODE_PATTERN, promoterCode, referralCodes } from './promoterCode';

/** A percentage (up to 100, two decimals) or Naira per ticket. */
export const commissionRule = z
  .object({
    kind: z.enum(['percent', 'flat'], { error: 'Commission must be a percentage or an amount per ticket' }),
    value: nairaAmount,
  })
  .check(
    z.refine((r) => r.kind !== 'percent' || r.value <= 100, {
      message: 'A percentage commission can be at most 100 %',
      path: ['value'],
    }),
  );
export type CommissionRule = z.infer<typeof commissionRule>;

export const promoterCreateRequest = z.object({
  name: text({ label: 'Name', max: TEXT_LIMITS.name, required: true }),
  email: emailField,
  commission: commissionRule,
  /** Ticket types with their own rule (ticket type id → rule); the others use `commission`. */
  perType: z.optional(z.record(uuid, commissionRule)),
});
export type PromoterCreateRequest = z.infer<typeof promoterCreateRequest>;

/** A change of name or commission (the email stays: it is who may read the promoter's page). */
export const promoterUpdateRequest = z.object({
  name: promoterCreateRequest.shape.name,
  commission: commissionRule,
  /** The whole set of per-type rules after the change; absent means none. */
  perType: z.optional(z.record(uuid, commissionRule)),
});
export type PromoterUpdateRequest = z.infer<typeof promoterUpdateRequest>;

export const promoterParams = z.object({ eventId: idParam('Event id'), promoterId: idParam('Promoter id') });

/** What one promoter brought: only counts and money, never who bought. */
export const promoterFigures = z.object({
  clicks: z.number(),
  /** Paid orders attributed to the promoter (refunded ones included, their commission reversed). */
  orders: z.number(),
  /** Tickets of those orders still live (refunded seats left out). */
  tickets: z.number(),
  /** What the attributed orders paid for tickets, after discounts and refunds, without fees. */
  salesNaira: z.number(),
  /** Commission earned after refunds. */
  commissionNaira: z.number(),
  /** Of that, paid to the promoter's bank in the payment itself (Paystack split). */
  settledNaira: z.number(),
  /** Of that, the organiser still pays by hand. */
  owedNaira: z.number(),
  /** Commission taken back by refunds (from a split payment: to recover from the promoter). */
  reversedNaira: z.number(),
});
export type PromoterFigures = z.infer<typeof promoterFigures>;

export const promoter = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  code: z.string(),
  /** The event page with ?ref=, and the short /r/<code> that redirects to it. */
  link: z.string(),
  shortLink: z.string(),
  commission: commissionRule,
  perType: z.array(z.object({ ticketId: z.string(), ticketName: z.string(), commission: commissionRule })),
  /** Whether the promoter's account has a verified payout account, so new sales settle by split. */
  payoutReady: z.boolean(),
  figures: promoterFigures,
  createdAt: z.string(),
  /** When the organiser removed the promoter (their link attributes nothing since); null while live. */
  removedAt: z.nullable(z.string()),
});
export type Promoter = z.infer<typeof promoter>;

export const promotersResponse = z.object({ promoters: z.array(promoter) });
export type PromotersResponse = z.infer<typeof promotersResponse>;

/** One event the signed-in person promotes. */
export const myPromotion = z.object({
  eventId: z.string(),
  eventName: z.string(),
  startDate: z.string(),
  link: z.string(),
  shortLink: z.string(),
  commission: commissionRule,
  payoutReady: z.boolean(),
  figures: promoterFigures,
  /** The organiser removed this promotion: the figures stay, the links no longer attribute. */
  removed: z.boolean(),
});
export type MyPromotion = z.infer<typeof myPromotion>;
export const myPromotionsResponse = z.object({ promotions: z.array(myPromotion) });
export type MyPromotionsResponse = z.infer<typeof myPromotionsResponse>;

export const promoterClickRequest = z.object({ code: promoterCode });
export const promoterClickResponse = z.object({ eventId: z.string() });

/** The columns of promoters.csv, in order. */
export const PROMOTERS_CSV_COLUMNS = [
  'Promoter',
  'Email',
  'Link code',
  'Clicks',
  'Orders',
  'Tickets',
  'Sales (NGN)',
  'Commission (NGN)',
  'Settled by split (NGN)',
  'Owed (NGN)',
  'Reversed by refunds (NGN)',
] as const;
