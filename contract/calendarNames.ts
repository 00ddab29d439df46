/**
 * Dates and amounts as people read them, in Nigerian (and British) English, without Intl.
 *
 * Why not Intl: the first Intl formatter a page makes loads its locale's data, one task of ~20–60 ms
 * on this machine kind (×4 on Lighthouse's phone), and the public pages made three while they were
 * evaluated and hydrated (decision 069): `en-NG` numbers, `en-NG` dates and `en-GB` dates. These
 * few fixed forms are written out here instead; test/unit/intl-free-format.test.ts checks every one
 * of them against Intl (so a CLDR change would show), and the server and the browser give the same
 * text whatever ICU each ships.
 */
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
// CLDR's English (en-GB, en-NG) abbreviates September as "Sept".
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'] as const;

const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** 'YYYY-MM-DD' → its parts and weekday, or null when it is not a real date. */
function parts(date: string): { year: number; month: number; day: number; weekday: number } | null {
  const match = CALENDAR_DATE.exec(date);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const probe = new Date(Date.UTC(year, month - 1, day));
  if (probe.getUTCFullYear() !== year || probe.getUTCMonth() !== month - 1 || probe.getUTCDate() !== day)
    return null;
  return { year, month, day, weekday: probe.getUTCDay() };
}

/** 'Sat, 28 Nov 2026' (Intl en-NG: weekday short, day numeric, month short, year numeric); null if not a date. */
export function weekdayDayMonthYear(date: string): string | null {
  const p = parts(date);
  return p && `${WEEKDAYS[p.weekday]}, ${p.day} ${MONTHS[p.month - 1]} ${p.year}`;
}

/** 'Sat 5 Sept' (Intl en-GB weekday, day and month, short, its comma dropped); null if not a date. */
export function weekdayDayMonth(date: string): string | null {
  const p = parts(date);
  return p && `${WEEKDAYS[p.weekday]} ${p.day} ${MONTHS[p.month - 1]}`;
}

/** 'HH:MM' (24-hour) → '9:05' (Intl en-NG hour numeric, minute 2-digit); null if not such a time. */
export function hourMinute(time: string): string | null {
  const match = /^([01]\d|2[0-3]):([0-5]\d)/.exec(time);
  return match && `${Number(match[1])}:${match[2]}`;
}

/** 1234567 → '1,234,567' (a non-negative safe integer, grouped as en-NG does). */
export function groupThousands(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+$)/g, ',');
}
