import type { Quantities } from '../../machines/checkout/selection';

/**
 * What a reload of the checkout needs — the event, the order id and the chosen quantities — kept in
 * sessionStorage: per tab, gone when the tab closes; the order itself lives on the server. Its own
 * module (no xstate) so the sign-in pages can carry the quantities over to another tab.
 */
const STORAGE_KEY = 'gatepass.checkout';
export type StoredCheckout = {
  eventId: string | null;
  orderId: string | null;
  quantities: Quantities;
  /** The access code that unlocked hidden types (decision 036), so a reload still shows them. */
  accessCode?: string;
};

export function readStoredCheckout(): StoredCheckout | null {
  try {
    const raw = sessionStorage.getItem(STORAGE_KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<StoredCheckout>;
    return {
      eventId: typeof value.eventId === 'string' ? value.eventId : null,
      orderId: typeof value.orderId === 'string' ? value.orderId : null,
      quantities: cleanQuantities(value.quantities),
      ...(typeof value.accessCode === 'string' ? { accessCode: value.accessCode } : {}),
    };
  } catch {
    return null;
  }
}

export function writeStoredCheckout(value: StoredCheckout) {
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(value));
  } catch {
    // Storage full or blocked: the checkout still works, only a reload would start it over.
  }
}

/** Whole positive counts by ticket id; anything else read back from storage is dropped. */
export function cleanQuantities(value: unknown): Quantities {
  if (!value || typeof value !== 'object') return {};
  const out: Quantities = {};
  for (const [id, n] of Object.entries(value)) {
    if (typeof n === 'number' && Number.isInteger(n) && n > 0) out[id] = n;
  }
  return out;
}
