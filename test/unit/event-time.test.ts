import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { eventEnd, eventStart, hasEnded, hasStarted, ticketSaleState } from '../../contract/eventTime';

const pad = (n: number) => String(n).padStart(2, '0');

/** A Lagos wall-clock date and time as the database gives them (time sometimes with seconds). */
const lagosMoment = fc
  .record({
    // Whole days from 2024-01-01 to about 2031, so every month end and leap day is crossed.
    day: fc.integer({ min: 0, max: 2800 }),
    hour: fc.integer({ min: 0, max: 23 }),
    minute: fc.integer({ min: 0, max: 59 }),
    withSeconds: fc.boolean(),
  })
  .map(({ day, hour, minute, withSeconds }) => {
    const date = new Date(Date.UTC(2024, 0, 1 + day)).toISOString().slice(0, 10);
    const time = `${pad(hour)}:${pad(minute)}${withSeconds ? ':00' : ''}`;
    return { date, time, utc: Date.UTC(2024, 0, 1 + day, hour, minute) - 3_600_000 };
  });

describe('event time in Lagos (UTC+1 all year)', () => {
  it('an event ending at 00:30 on 1 January ended at 23:30 UTC on 31 December', () => {
    const end = eventEnd({ endDate: '2027-01-01', endTime: '00:30' });
    expect(end.toISOString()).toBe('2026-12-31T23:30:00.000Z');
    expect(hasEnded({ endDate: '2027-01-01', endTime: '00:30:00' }, Date.parse('2026-12-31T23:29:59Z'))).toBe(
      false,
    );
    expect(hasEnded({ endDate: '2027-01-01', endTime: '00:30:00' }, Date.parse('2026-12-31T23:30:00Z'))).toBe(
      true,
    );
  });

  it('a start at 23:45 Lagos is 22:45 UTC on the same date', () => {
    expect(eventStart({ startDate: '2028-02-29', startTime: '23:45' }).toISOString()).toBe(
      '2028-02-29T22:45:00.000Z',
    );
  });

  it('every wall-clock moment is that moment less one hour, with or without seconds', () => {
    fc.assert(
      fc.property(lagosMoment, ({ date, time, utc }) => {
        expect(eventStart({ startDate: date, startTime: time }).getTime()).toBe(utc);
        expect(eventEnd({ endDate: date, endTime: time }).getTime()).toBe(utc);
      }),
    );
  });

  it('has started / has ended flip exactly at the instant, never before', () => {
    fc.assert(
      fc.property(lagosMoment, fc.integer({ min: -3 * 86_400_000, max: 3 * 86_400_000 }), (m, offset) => {
        const now = m.utc + offset;
        expect(hasEnded({ endDate: m.date, endTime: m.time }, now)).toBe(offset >= 0);
        expect(hasStarted({ startDate: m.date, startTime: m.time }, new Date(now))).toBe(offset >= 0);
      }),
    );
  });

  it('later wall-clock fields are always a later instant (dates compare across midnight)', () => {
    fc.assert(
      fc.property(lagosMoment, lagosMoment, (a, b) => {
        const wallA = `${a.date}T${a.time.slice(0, 5)}`;
        const wallB = `${b.date}T${b.time.slice(0, 5)}`;
        const order = Math.sign(
          eventEnd({ endDate: a.date, endTime: a.time }).getTime() -
            eventEnd({ endDate: b.date, endTime: b.time }).getTime(),
        );
        expect(order).toBe(wallA === wallB ? 0 : wallA < wallB ? -1 : 1);
      }),
    );
  });

  it("a ticket's sale has ended once the event has, whatever its own window says", () => {
    fc.assert(
      fc.property(lagosMoment, fc.integer({ min: 0, max: 86_400_000 }), (m, after) => {
        const event = { endDate: m.date, endTime: m.time };
        const openWindow = { onSaleFrom: null, onSaleUntil: null };
        expect(ticketSaleState(event, openWindow, m.utc + after)).toBe('ended');
        expect(ticketSaleState(event, openWindow, m.utc - 1 - after)).toBe('on_sale');
      }),
    );
  });

  it("before the event ends, the type's own window decides", () => {
    const event = { endDate: '2030-06-01', endTime: '22:00' };
    const window = { onSaleFrom: '2030-05-01T09:00', onSaleUntil: '2030-05-31T23:59' };
    expect(ticketSaleState(event, window, Date.parse('2030-05-01T07:59Z'))).toBe('not_started');
    expect(ticketSaleState(event, window, Date.parse('2030-05-01T08:00Z'))).toBe('on_sale');
    expect(ticketSaleState(event, window, Date.parse('2030-05-31T22:59Z'))).toBe('ended');
  });
});
