import { instantToLagos } from '../../contract/lagosTime';

/**
 * The year of the footer's copyright, in Lagos (the app's time zone, whatever the machine's). Each
 * router takes it once. On the server it goes out with the page's dehydrated router state and the
 * browser hydrates with that value (src/router.tsx), so a page rendered (or cached) on 31 December
 * and hydrated on 1 January, or seen on a device whose clock is off, still matches its HTML: the
 * next page load shows the new year.
 */
export type CopyrightYear = { year: number };

export const lagosYear = (now: Date = new Date()) => Number(instantToLagos(now).slice(0, 4));
