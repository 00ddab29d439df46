import * as z from 'zod/mini';
import type { Quantities } from '../../machines/checkout/selection';
import { cleanQuantities, readStoredCheckout, writeStoredCheckout } from '../checkout/checkoutStorage';

/**
 * Where a visitor stopped by the sign-in guard goes back to (`from`, docs/decisions/004), carried
 * through sign-up and email verification (docs/decisions/025). The URL carries it from page to
 * page; localStorage carries it across the one step that leaves the tab: the verification link,
 * opened from the mail app, usually in a new tab. The quantities already chosen for that event
 * travel with it (the checkout keeps them per tab). Kept two hours, and forgotten once used.
 */
const KEY = 'gatepass.returnTo';
const MAX_AGE_MS = 2 * 60 * 60 * 1000;

/** A path on this site: '/…', but not '//…' or '/\…' (browsers read both as another host). */
export const sameSitePath = z.string().check(z.regex(/^\/(?![/\\])/));

/** The `from` search parameter of the account pages; anything else is dropped, not an error. */
export const fromSearch = z.object({ from: z.catch(z.optional(sameSitePath), undefined) });

type Pending = { from: string; eventId: string | null; quantities: Quantities; savedAt: number };

const eventOf = (path: string) => /^\/get-tickets\/([^/?#]+)/.exec(path)?.[1] ?? null;

function read(): Pending | null {
  try {
    const raw = localStorage.getItem(KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<Pending>;
    const from = sameSitePath.safeParse(value.from);
    if (!from.success || typeof value.savedAt !== 'number') return null;
    if (Date.now() - value.savedAt > MAX_AGE_MS) return null;
    return {
      from: from.data,
      eventId: eventOf(from.data),
      quantities: cleanQuantities(value.quantities),
      savedAt: value.savedAt,
    };
  } catch {
    return null;
  }
}

/** Called by the account pages that were given a `from`: keep it (and that event's quantities). */
export function rememberReturn(from: string) {
  const eventId = eventOf(from);
  const stored = readStoredCheckout();
  const kept = read();
  const quantities =
    eventId && stored?.eventId === eventId
      ? stored.quantities
      : kept?.eventId === eventId
        ? kept.quantities
        : {};
  try {
    localStorage.setItem(KEY, JSON.stringify({ from, quantities, savedAt: Date.now() }));
  } catch {
    // No storage: the URL still carries `from` within this tab.
  }
}

/** The destination kept by an earlier account page, if recent. */
export function pendingReturn(): string | undefined {
  return read()?.from;
}

/**
 * Signed in: forget the kept destination, and hand its quantities to this tab's checkout when the
 * tab has none for that event (the buyer signed in in the verification link's tab).
 */
export function completeReturn(to: string) {
  const kept = read();
  try {
    localStorage.removeItem(KEY);
  } catch {
    // Nothing to forget.
  }
  const eventId = eventOf(to);
  if (!kept || !eventId || kept.eventId !== eventId || Object.keys(kept.quantities).length === 0) return;
  if (readStoredCheckout()?.eventId === eventId) return;
  writeStoredCheckout({ eventId, orderId: null, quantities: kept.quantities });
}
