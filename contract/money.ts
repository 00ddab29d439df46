import * as z from 'zod/mini';
import { groupThousands } from './calendarNames';

/**
 * The one place where Naira (on the wire) and kobo (in the database) meet.
 * Amounts are stored and summed as integer kobo; the wire carries Naira with at most two decimals,
 * as the spec's `ticketPrice: 10.5` does. Nothing else converts or does money arithmetic in floats.
 */

export const MAX_NAIRA = 100_000_000; // ₦100m: far above any real ticket, small enough to stay exact in kobo.

/** A Naira amount as the API accepts it: finite, non-negative, at most two decimals. */
export const nairaAmount = z.number({ error: 'Amount must be a number' }).check(
  z.minimum(0, 'Amount cannot be negative'),
  z.maximum(MAX_NAIRA, `Amount cannot exceed ₦${groupThousands(MAX_NAIRA)}`),
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

// Intl's en-NG currency format, made only for what the fast path below does not cover.
let nairaFormat: Intl.NumberFormat | undefined;

/**
 * ₦10.50 — how every price is shown to people. An amount in whole kobo (every price, fee and total
 * here) is written out as Intl's en-NG format writes it ('₦1,234.50', '-₦12.30'): making that
 * formatter was the largest single task of a public page's first load (contract/calendarNames.ts).
 * Anything else (more decimals, not finite, beyond a safe integer) goes to Intl itself.
 */
export function formatNaira(naira: number): string {
  const kobo = Math.round(naira * 100);
  if (Number.isSafeInteger(kobo) && Math.abs(kobo - naira * 100) < 1e-6) {
    const abs = Math.abs(kobo);
    const whole = groupThousands(Math.floor(abs / 100));
    // Intl keeps the sign of what rounds to zero (-0, -0.000001): '-₦0.00'.
    const sign = naira < 0 || Object.is(naira, -0) ? '-' : '';
    return `${sign}₦${whole}.${String(abs % 100).padStart(2, '0')}`;
  }
  nairaFormat ??= new Intl.NumberFormat('en-NG', {
    style: 'currency',
    currency: 'NGN',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
  return nairaFormat.format(naira);
}
