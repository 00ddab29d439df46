import * as z from 'zod/mini';

/**
 * The one place where Naira (on the wire) and kobo (in the database) meet.
 * Amounts are stored and summed as integer kobo; the wire carries Naira with at most two decimals,
 * as the spec's `ticketPrice: 10.5` does. Nothing else converts or does money arithmetic in floats.
 */

export const MAX_NAIRA = 100_000_000; // ₦100m: far above any real ticket, small enough to stay exact in kobo.

/** A Naira amount as the API accepts it: finite, non-negative, at most two decimals. */
export const nairaAmount = z.number({ error: 'Amount must be a number' }).check(
  z.minimum(0, 'Amount cannot be negative'),
  z.maximum(MAX_NAIRA, `Amount cannot exceed ₦${MAX_NAIRA.toLocaleString('en-NG')}`),
  z.refine(
    (n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6,
    'Amount can have at most two decimal places',
  ),
);

/** Naira (at most two decimals) → integer kobo. Rounds away float noise such as 8.99 * 100 = 898.9999. */
export function nairaToKobo(naira: number): number {
  const kobo = Math.round(naira * 100);
  if (!Number.isSafeInteger(kobo) || Math.abs(kobo - naira * 100) > 1e-6) {
    throw new RangeError(`Not a Naira amount with at most two decimals: ${naira}`);
  }
  return kobo;
}

/** Integer kobo → Naira number for the wire (exact for two decimals). */
export function koboToNaira(kobo: number): number {
  if (!Number.isSafeInteger(kobo)) throw new RangeError(`Kobo must be an integer: ${kobo}`);
  return kobo / 100;
}

/** Sum of kobo amounts; integers only, so no float drift. */
export function sumKobo(amounts: readonly number[]): number {
  return amounts.reduce((total, amount) => total + amount, 0);
}

const nairaFormat = new Intl.NumberFormat('en-NG', {
  style: 'currency',
  currency: 'NGN',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** ₦10.50 — how every price is shown to people. */
export function formatNaira(naira: number): string {
  return nairaFormat.format(naira);
}
