import * as z from 'zod/mini';

/**
 * A moment as organisers type it: Lagos wall-clock date and time, 'YYYY-MM-DDTHH:MM' — exactly what
 * <input type="datetime-local"> gives. Lagos (WAT) is UTC+1 all year (no daylight saving), so the
 * conversion to an instant is fixed; the server stores instants (timestamptz) and answers in this
 * same form. Used by ticket sale windows and discount-code validity.
 */
const LAGOS_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T([01]\d|2[0-3]):([0-5]\d)$/;
const WAT_OFFSET_MS = 60 * 60 * 1000;

export function isRealDate(value: string): boolean {
  const match = LAGOS_DATE_TIME.exec(value);
  if (!match) return false;
  const [, y, m, d] = match;
  const probe = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d)));
  return (
    probe.getUTCFullYear() === Number(y) &&
    probe.getUTCMonth() === Number(m) - 1 &&
    probe.getUTCDate() === Number(d)
  );
}

export function lagosDateTime(label: string) {
  return z
    .string({ error: `${label} must be a date and time (YYYY-MM-DDTHH:MM)` })
    .check(z.refine(isRealDate, `${label} must be a real date and time (YYYY-MM-DDTHH:MM)`));
}

/** 'YYYY-MM-DDTHH:MM' in Lagos → the instant. */
export function lagosToInstant(value: string): Date {
  const match = LAGOS_DATE_TIME.exec(value);
  if (!match) throw new RangeError(`Not a Lagos date-time: ${value}`);
  const [, y, m, d, hh, mm] = match;
  return new Date(Date.UTC(Number(y), Number(m) - 1, Number(d), Number(hh), Number(mm)) - WAT_OFFSET_MS);
}

/** The instant, or null when the value is not a real Lagos date-time (for rules that run after a field failed). */
export function lagosInstantOrNull(value: string): Date | null {
  return isRealDate(value) ? lagosToInstant(value) : null;
}

/** An instant → 'YYYY-MM-DDTHH:MM' in Lagos. */
export function instantToLagos(instant: Date): string {
  return new Date(instant.getTime() + WAT_OFFSET_MS).toISOString().slice(0, 16);
}

/** An event's date and time fields ('YYYY-MM-DD', 'HH:MM') as one comparable Lagos date-time. */
export function joinLagos(date: string, time: string): string {
  return `${date}T${time.slice(0, 5)}`;
}

export type SaleWindowState = 'not_started' | 'on_sale' | 'ended';

/** Where a ticket type's sales window stands at `now` ('Not on sale yet' / on sale / 'Sales ended'). */
export function saleWindowState(
  onSaleFrom: string | null,
  onSaleUntil: string | null,
  now: Date = new Date(),
): SaleWindowState {
  if (onSaleFrom && lagosToInstant(onSaleFrom) > now) return 'not_started';
  if (onSaleUntil && lagosToInstant(onSaleUntil) <= now) return 'ended';
  return 'on_sale';
}
