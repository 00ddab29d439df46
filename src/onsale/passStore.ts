/**
 * Where the waiting page leaves an admitted buyer's pass for the checkout (decision 059): in
 * localStorage per event, so a reload or the checkout in another tab still finds it. The pass is
 * bound to the account on the server, so a copy in another account's hands is worthless; it is
 * dropped once expired.
 */
const keyOf = (eventId: string) => `gatepass.onsalePass.${eventId}`;

type Kept = { pass: string; expiresAt: string };

export function keepPass(eventId: string, pass: string, expiresAt: string) {
  try {
    localStorage.setItem(keyOf(eventId), JSON.stringify({ pass, expiresAt } satisfies Kept));
  } catch {
    // Private mode or a full store: the checkout will send the buyer back to the queue page.
  }
}

/** The live pass for this event, or null. */
export function livePass(eventId: string, nowMs = Date.now()): string | null {
  try {
    const raw = localStorage.getItem(keyOf(eventId));
    if (!raw) return null;
    const kept = JSON.parse(raw) as Partial<Kept>;
    if (typeof kept.pass !== 'string' || !kept.expiresAt || Date.parse(kept.expiresAt) <= nowMs) {
      localStorage.removeItem(keyOf(eventId));
      return null;
    }
    return kept.pass;
  } catch {
    return null;
  }
}

/** The order body with the event's pass added when one is kept (the server ignores it when no room). */
export function withPass(body: unknown): unknown {
  if (!body || typeof body !== 'object' || !('eventId' in body)) return body;
  const pass = livePass(String((body as { eventId: unknown }).eventId));
  return pass ? { ...body, onsalePass: pass } : body;
}
