import * as z from 'zod/mini';

/**
 * A promoter's link code and the codes a payment carries (decision 064), apart from the rest of the
 * promoters' contract: checkout and the public pages need only these, and every page that pays
 * would otherwise load the organiser's promoter schemas too.
 */

/** Link codes: 8 lowercase letters and digits (no look-alikes), so /r/<code> is short to type. */
export const PROMOTER_CODE_PATTERN = /^[a-z2-9]{8}$/;
export const promoterCode = z
  .string({ error: 'Code must be text' })
  .check(z.regex(PROMOTER_CODE_PATTERN, 'Unknown promoter link'));

/** How long a promoter's link keeps a buyer attributed after the last arrival by it. */
export const ATTRIBUTION_DAYS = 7;

/** The codes a browser sends with a payment (one per event it was referred to, at most a few). */
export const referralCodes = z.array(promoterCode).check(z.maxLength(20, 'Too many promoter links'));
