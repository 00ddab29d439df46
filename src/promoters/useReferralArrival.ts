import { useEffect } from 'react';
import { PROMOTER_CODE_PATTERN } from '../../contract/promoterCode';
import { keepReferral } from './referral';

/**
 * On the event page: an arrival by a promoter's link (?ref=<code>, or /r/<code> redirected here) is
 * kept for the event and counted once; then ?ref= leaves the address bar, so a reload or a shared
 * copy of the address does not count again (the kept link still attributes the buyer).
 */
export function useReferralArrival(eventId: string) {
  useEffect(() => {
    const url = new URL(window.location.href);
    const code = url.searchParams.get('ref')?.toLowerCase() ?? '';
    if (!PROMOTER_CODE_PATTERN.test(code)) return;
    keepReferral(eventId, code);
    // Counting is the promoter's figure, not the buyer's concern: a failure changes nothing here.
    // Fetched only on an arrival by a link, so the event page itself carries none of it.
    import('../api/promoters').then((api) => api.countPromoterClick(code)).catch(() => {});
    url.searchParams.delete('ref');
    window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
  }, [eventId]);
}
