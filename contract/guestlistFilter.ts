import * as z from 'zod/mini';

/*
 * The guestlist's check-in filter, on its own so that the management route's search validation
 * (part of every page's first load) does not bring the whole organiser contract with it.
 */

/** `checkin=in`: lines with someone checked in; `checkin=out`: lines with someone not yet in. */
export const GUESTLIST_CHECKIN_FILTERS = ['in', 'out'] as const;
export const guestlistCheckinFilter = z.enum(GUESTLIST_CHECKIN_FILTERS, {
  error: 'Check-in filter must be in or out',
});
export type GuestlistCheckinFilter = z.infer<typeof guestlistCheckinFilter>;
