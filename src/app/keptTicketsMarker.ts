/**
 * The marker that says whose tickets are kept on this phone after an idle sign-out (decision 053
 * §5). Apart from keptTickets.ts so the pages every visitor loads (storage, the route guard) carry
 * no contract schemas: the marker is all they read.
 */
const KEPT_KEY = 'kept-tickets';

export function markTicketsKept(firstName: string | null) {
  try {
    localStorage.setItem(KEPT_KEY, JSON.stringify({ firstName }));
  } catch {
    // No storage: nothing says the tickets are kept, so they are not shown.
  }
}

/** Whose tickets are kept, or null when none are (never kept, or removed). */
export function keptTicketsHolder(): { firstName: string | null } | null {
  try {
    const raw = localStorage.getItem(KEPT_KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as { firstName?: unknown };
    return { firstName: typeof parsed.firstName === 'string' ? parsed.firstName : null };
  } catch {
    return null;
  }
}

export function unmarkTicketsKept() {
  try {
    localStorage.removeItem(KEPT_KEY);
  } catch {
    // Nothing to clear.
  }
}
