import { describe, expect, it } from 'vitest';
import type { CheckinChartsResponse, SalesChartsResponse } from '../../contract/organiserCharts';
import {
  arrivalLines,
  dailySeries,
  hourlySeries,
  revenueLine,
  salesRows,
  soldLines,
} from '../../src/organiser/charts/series';

const REGULAR = '5e000000-0000-4000-8000-000000000001';
const VIP = '5e000000-0000-4000-8000-000000000002';
const DAY = 86_400;
// Lagos midnights (23:00 UTC the day before).
const d1 = Date.UTC(2031, 2, 10, 23) / 1000;
const d3 = d1 + 2 * DAY;
const iso = (s: number) => new Date(s * 1000).toISOString();
const money = {
  gross: 0,
  discounts: 0,
  gatepassFee: 0,
  refunds: 0,
  organiserReceives: 0,
  paystackFee: 0,
  paystackFeeUnrecorded: 0,
};

const charts: SalesChartsResponse = {
  eventStart: iso(d3 + 5 * DAY),
  ticketTypes: [
    { ticketId: REGULAR, ticketName: 'Regular' },
    { ticketId: VIP, ticketName: 'VIP' },
  ],
  daily: [
    {
      start: iso(d1),
      perType: [
        {
          ticketId: REGULAR,
          sold: 3,
          revenue: 15_000,
          testSold: 1,
          testRevenue: 5_000,
          discountedSold: 2,
          testDiscountedSold: 0,
        },
      ],
      discount: 2_000,
      testDiscount: 0,
    },
    {
      start: iso(d3),
      perType: [
        {
          ticketId: VIP,
          sold: 2,
          revenue: 40_000,
          testSold: 2,
          testRevenue: 40_000,
          discountedSold: 0,
          testDiscountedSold: 0,
        },
      ],
      discount: 0,
      testDiscount: 0,
    },
  ],
  hourly: [],
  money: { ...money, test: money },
};

describe('chart series', () => {
  it('fills the days without sales with zeros, one line per type sold and one for discount codes', () => {
    const s = soldLines(charts, charts.daily, { from: d1 - DAY, to: d3, step: DAY }, true);
    expect(s.xs).toEqual([d1 - DAY, d1, d1 + DAY, d3]);
    expect(s.lines).toEqual([
      { label: 'Regular', values: [0, 3, 0, 0] },
      { label: 'VIP', values: [0, 0, 0, 2] },
      { label: 'With a discount code', values: [0, 2, 0, 0], dashed: true },
    ]);
    expect(revenueLine(charts.daily, s.xs, true).values).toEqual([0, 15_000, 0, 40_000]);
  });

  it('leaves the test-mode share out when asked, and a type sold only in test mode with it', () => {
    const s = soldLines(charts, charts.daily, { from: d1, to: d3, step: DAY }, false);
    expect(s.lines.map((l) => l.label)).toEqual(['Regular', 'With a discount code']);
    expect(s.lines[0]?.values).toEqual([2, 0, 0]);
    expect(revenueLine(charts.daily, s.xs, false).values).toEqual([10_000, 0, 0]);
    expect(salesRows(charts, charts.daily, false)).toEqual([
      { start: iso(d1), perType: [2, 0], sold: 2, revenue: 10_000, discounted: 2, discount: 2_000, door: 0 },
    ]);
  });

  it('draws the box office’s share as its own dashed line, and a column for it in the table', () => {
    const withDoor: SalesChartsResponse = {
      ...charts,
      daily: charts.daily.map((b, i) =>
        i === 1 ? { ...b, perType: b.perType.map((p) => ({ ...p, doorSold: 1 })) } : b,
      ),
    };
    const s = soldLines(withDoor, withDoor.daily, { from: d1 - DAY, to: d3, step: DAY }, true);
    expect(s.lines.at(-1)).toEqual({ label: 'Sold at the door', values: [0, 0, 0, 1], dashed: true });
    expect(salesRows(withDoor, withDoor.daily, true).map((r) => r.door)).toEqual([0, 1]);
  });

  it('draws arrivals per gate from the bucket before the first, with zeros between', () => {
    const t = Date.UTC(2031, 2, 14, 17) / 1000;
    const arrivals: CheckinChartsResponse = {
      bucketMinutes: 15,
      gates: ['Gate A', 'Organiser'],
      arrivals: [
        { start: iso(t), gate: 'Gate A', checkedIn: 4, testCheckedIn: 0 },
        { start: iso(t + 1800), gate: 'Organiser', checkedIn: 1, testCheckedIn: 1 },
      ],
      perType: [],
    };
    expect(arrivalLines(arrivals)).toEqual({
      xs: [t - 900, t, t + 900, t + 1800],
      step: 900,
      lines: [
        { label: 'Gate A', values: [0, 4, 0, 0] },
        { label: 'Organiser', values: [0, 0, 0, 1] },
      ],
    });
  });

  it('puts every sale on the charts: one day from zero, hours aligned for an event at 19:06', () => {
    const one = { ...charts, daily: charts.daily.slice(0, 1) };
    const day = dailySeries(one, true)!;
    expect(day.sold.xs).toEqual([d1 - DAY, d1]);
    expect(day.sold.lines[0]).toEqual({ label: 'Regular', values: [0, 3] });

    const start = Date.UTC(2031, 2, 14, 18, 6) / 1000; // 19:06 in Lagos
    const hour = Date.UTC(2031, 2, 14, 9) / 1000;
    const sale = charts.daily[0]!.perType[0]!;
    const soon = {
      ...charts,
      eventStart: iso(start),
      hourly: [{ start: iso(hour), perType: [sale], discount: 0, testDiscount: 0 }],
    };
    const hours = hourlySeries(soon, true)!;
    expect(hours.xs).toHaveLength(49);
    expect(hours.xs[0]).toBe(Date.UTC(2031, 2, 12, 18) / 1000);
    expect(hours.xs.at(-1)).toBe(Date.UTC(2031, 2, 14, 18) / 1000);
    const drawn = hours.lines.find((l) => l.label === 'Regular')!.values;
    expect(drawn.reduce((a, b) => a + b, 0)).toBe(3);
    expect(drawn[hours.xs.indexOf(hour)]).toBe(3);
  });
});
