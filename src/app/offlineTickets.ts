/**
 * The service worker keeps the signed-in holder's tickets for a gate with no network (decision 041),
 * in this cache (its name is set in vite.config.ts). Signing out or in as someone else deletes it, so
 * nothing of one person's is left for the next on a shared phone.
 */
export const MY_TICKETS_CACHE = 'gatepass-my-tickets';

export function forgetOfflineTickets() {
  if (typeof caches === 'undefined') return;
  void caches.delete(MY_TICKETS_CACHE).catch(() => {});
}
