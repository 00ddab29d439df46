import {
  type IssuedTicketResponse,
  issuedTicketResponse,
  type MyTicketsResponse,
  myTicketsResponse,
} from '../../contract/orders';
import { unmarkTicketsKept } from './keptTicketsMarker';
import { forgetOfflineTickets, MY_TICKETS_CACHE } from './offlineTickets';

export { keptTicketsHolder } from './keptTicketsMarker';

/**
 * Tickets kept on the phone after an idle sign-out (decision 053 §5). The inactivity timeout ends
 * the session, but the service worker's copy of My Tickets and of each opened ticket (decision 041)
 * stays, and a marker in localStorage says whose they are. Without a session, /profile and
 * /tickets/:code read them straight from that cache (online or not: there is no session to ask the
 * server with) until the holder removes them, signs out on purpose or signs in again.
 */
/** "Remove tickets from this phone": the marker and the cached copies go. */
export function removeKeptTickets() {
  unmarkTicketsKept();
  forgetOfflineTickets();
}

async function readCached<T>(path: string, parse: (body: unknown) => T): Promise<T | null> {
  if (typeof caches === 'undefined') return null;
  try {
    const cache = await caches.open(MY_TICKETS_CACHE);
    const response = await cache.match(new URL(path, window.location.origin).href, { ignoreVary: true });
    return response ? parse(await response.json()) : null;
  } catch {
    return null;
  }
}

export const readKeptMyTickets = (): Promise<MyTicketsResponse | null> =>
  readCached('/api/tickets/mine', (body) => myTicketsResponse.parse(body));

/** A kept ticket: its own kept page, else its entry in the kept My Tickets. */
export async function readKeptTicket(code: string): Promise<IssuedTicketResponse | null> {
  const own = await readCached(`/api/tickets/code/${encodeURIComponent(code)}`, (body) =>
    issuedTicketResponse.parse(body),
  );
  if (own) return own;
  const mine = await readKeptMyTickets();
  const ticket = mine ? [...mine.upcoming, ...mine.past].find((t) => t.code === code) : undefined;
  return mine && ticket ? { ticket, generatedAt: mine.generatedAt } : null;
}

/**
 * Where an idle sign-out goes: to the kept tickets when the phone holds one still to come, else
 * (nothing to show at a gate) the copies are dropped and it is the sign-in page, as before.
 */
export async function pageAfterIdleSignOut(): Promise<'/profile' | '/login'> {
  const mine = await readKeptMyTickets();
  if (mine && mine.upcoming.length > 0) return '/profile';
  removeKeptTickets();
  return '/login';
}
