import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  groupThousands,
  hourMinute,
  weekdayDayMonth,
  weekdayDayMonthYear,
} from '../../contract/calendarNames';
import { shortDateLabel } from '../../contract/eventDates';
import { formatNaira, MAX_NAIRA } from '../../contract/money';
import { formatEventDate, formatEventTime } from '../../src/lib/datetime';

// The forms written out without Intl (decision 069) must be exactly what Intl gives, or a page would
// read differently from before (and from the server, were one side to use Intl).
const intlDate = new Intl.DateTimeFormat('en-NG', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'Africa/Lagos',
});
const intlTime = new Intl.DateTimeFormat('en-NG', {
  hour: 'numeric',
  minute: '2-digit',
  timeZone: 'Africa/Lagos',
});
const intlShortDay = new Intl.DateTimeFormat('en-GB', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  timeZone: 'UTC',
});
const intlNaira = new Intl.NumberFormat('en-NG', {
  style: 'currency',
  currency: 'NGN',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});
const pad = (n: number) => String(n).padStart(2, '0');

describe('dates and amounts without Intl', () => {
  it('every day from 1900 to 2999 reads as Intl en-NG and en-GB write it', () => {
    for (let t = Date.UTC(1900, 0, 1); t <= Date.UTC(2999, 11, 31); t += 86_400_000) {
      const date = new Date(t).toISOString().slice(0, 10);
      const noonLagos = new Date(t + 11 * 3_600_000);
      const expected = intlDate.format(noonLagos);
      if (weekdayDayMonthYear(date) !== expected) expect(weekdayDayMonthYear(date)).toBe(expected);
      if (formatEventDate(date) !== expected) expect(formatEventDate(date)).toBe(expected);
      const short = intlShortDay.format(new Date(t)).replace(',', '');
      if (shortDateLabel(date) !== short) expect(shortDateLabel(date)).toBe(short);
    }
  });

  it('every minute of a day reads as Intl en-NG writes it, with or without seconds', () => {
    for (let h = 0; h < 24; h++)
      for (let m = 0; m < 60; m++) {
        const time = `${pad(h)}:${pad(m)}`;
        const expected = intlTime.format(new Date(Date.UTC(2026, 5, 1, h, m) - 3_600_000));
        expect(hourMinute(time)).toBe(expected);
        expect(formatEventTime('2026-06-01', time)).toBe(expected);
        expect(formatEventTime('2026-06-01', `${time}:00`)).toBe(expected);
      }
  });

  it('what is not a date or a time is refused as before', () => {
    expect(weekdayDayMonthYear('2026-02-30')).toBeNull();
    expect(weekdayDayMonth('26-02-01')).toBeNull();
    expect(hourMinute('24:00')).toBeNull();
    expect(() => formatEventDate('2026-02-30x')).toThrow(RangeError);
    expect(() => formatEventTime('2026-06-01', '24:00')).toThrow(RangeError);
    expect(() => shortDateLabel('not a date')).toThrow(RangeError);
  });

  it('another locale still goes to Intl', () => {
    expect(formatEventDate('2026-09-05', 'en-US')).toBe('Sat, Sep 5, 2026');
  });

  it('any amount in whole kobo, and any other number, reads as Intl en-NG writes it', () => {
    for (const n of [
      0,
      -0,
      0.5,
      0.05,
      10.5,
      5000,
      1234567.89,
      -12.3,
      MAX_NAIRA,
      8.99,
      0.1 + 0.2,
      999.995,
      1e-7,
    ])
      expect(formatNaira(n)).toBe(intlNaira.format(n));
    fc.assert(
      fc.property(fc.integer({ min: -1e15, max: 1e15 }), (kobo) => {
        expect(formatNaira(kobo / 100)).toBe(intlNaira.format(kobo / 100));
      }),
      { numRuns: 5000 },
    );
    fc.assert(
      fc.property(fc.double({ min: -1e9, max: 1e9, noNaN: true }), (n) => {
        expect(formatNaira(n)).toBe(intlNaira.format(n));
      }),
      { numRuns: 2000 },
    );
    expect(groupThousands(MAX_NAIRA)).toBe(MAX_NAIRA.toLocaleString('en-NG'));
  });
});
