import type {
  CheckinChartsResponse,
  SalesBucket,
  SalesChartsResponse,
  TypeInBucket,
} from '../../../contract/organiserCharts';

/**
 * The charts' shapes from the API's buckets (pure: the tables and the charts read the same numbers).
 * The API sends only buckets with something in them; a chart needs every bucket in its span, empty
 * ones as zero, so the line drops to zero rather than skipping a quiet day.
 */

export type Line = { label: string; values: number[]; dashed?: boolean };
/** `xs` are bucket starts (epoch seconds), `step` apart. */
export type TimeSeries = { xs: number[]; step: number; lines: Line[] };

/** A type's figure with or without its test-mode share (the Sales tab's 'Hide test-mode orders'). */
export const soldOf = (t: TypeInBucket, withTest: boolean) => (withTest ? t.sold : t.sold - t.testSold);
export const revenueOf = (t: TypeInBucket, withTest: boolean) =>
  withTest ? t.revenue : Math.max(0, Math.round((t.revenue - t.testRevenue) * 100) / 100);
export const discountedOf = (t: TypeInBucket, withTest: boolean) =>
  withTest ? t.discountedSold : t.discountedSold - t.testDiscountedSold;

/** Every bucket start (epoch seconds) from `first` to `last`, `step` apart. */
export function span(first: number, last: number, step: number): number[] {
  const out: number[] = [];
  for (let x = first; x <= last; x += step) out.push(x);
  return out;
}

const seconds = (iso: string) => Math.round(Date.parse(iso) / 1000);

/**
 * Tickets sold per bucket, one line per ticket type sold in the range and one (dashed) for the
 * tickets bought with a discount code; `xs` runs from `from` to `to` (epoch seconds) every `step`.
 * (Callers start the days one before the first sale's, when nothing sold: a line from zero.)
 */
export function soldLines(
  charts: SalesChartsResponse,
  buckets: SalesBucket[],
  range: { from: number; to: number; step: number },
  withTest: boolean,
): TimeSeries {
  const xs = span(range.from, range.to, range.step);
  const at = new Map(buckets.map((b) => [seconds(b.start), b]));
  const types = charts.ticketTypes.filter((t) =>
    buckets.some((b) => b.perType.some((p) => p.ticketId === t.ticketId && soldOf(p, withTest) > 0)),
  );
  const value = (x: number, pick: (p: TypeInBucket) => number, id?: string) =>
    (at.get(x)?.perType ?? []).filter((p) => !id || p.ticketId === id).reduce((n, p) => n + pick(p), 0);
  const lines: Line[] = types.map((t) => ({
    label: t.ticketName,
    values: xs.map((x) => value(x, (p) => soldOf(p, withTest), t.ticketId)),
  }));
  if (buckets.some((b) => b.perType.some((p) => discountedOf(p, withTest) > 0)))
    lines.push({
      label: 'With a discount code',
      values: xs.map((x) => value(x, (p) => discountedOf(p, withTest))),
      dashed: true,
    });
  // The box office's share (decision 062): door sales are real money, never test mode.
  if (buckets.some((b) => b.perType.some((p) => (p.doorSold ?? 0) > 0)))
    lines.push({
      label: 'Sold at the door',
      values: xs.map((x) => value(x, (p) => p.doorSold ?? 0)),
      dashed: true,
    });
  return { xs, step: range.step, lines };
}

/** Revenue (Naira, tickets at price) per bucket: one line for all types together. */
export function revenueLine(buckets: SalesBucket[], xs: number[], withTest: boolean): Line {
  const at = new Map(buckets.map((b) => [seconds(b.start), b]));
  return {
    label: 'Revenue',
    values: xs.map(
      (x) =>
        Math.round((at.get(x)?.perType ?? []).reduce((n, p) => n + revenueOf(p, withTest), 0) * 100) / 100,
    ),
  };
}

const DAY = 86_400;
const HOUR = 3_600;

/**
 * The Sales tab's daily charts: tickets per type and revenue, from the day before the first sale
 * (nothing sold then: the line starts from zero, even for a single day) to the last; null without sales.
 */
export function dailySeries(charts: SalesChartsResponse, withTest: boolean) {
  const starts = charts.daily.map((b) => seconds(b.start));
  if (starts.length === 0) return null;
  const range = { from: (starts[0] ?? 0) - DAY, to: starts.at(-1) ?? 0, step: DAY };
  const sold = soldLines(charts, charts.daily, range, withTest);
  return { sold, revenue: { ...sold, lines: [revenueLine(charts.daily, sold.xs, withTest)] } };
}

/**
 * The hourly chart: clock hours, as the server buckets them, from the hour 48 h before the start
 * to the start's own hour (an event may start at 19:30); null without sales in that window.
 */
export function hourlySeries(charts: SalesChartsResponse, withTest: boolean) {
  if (charts.hourly.length === 0) return null;
  const end = seconds(charts.eventStart);
  const hourOf = (t: number) => Math.floor(t / HOUR) * HOUR;
  return soldLines(
    charts,
    charts.hourly,
    { from: hourOf(end - 48 * HOUR), to: hourOf(end - 1), step: HOUR },
    withTest,
  );
}

/** A table row per bucket with sales: per type sold (and revenue), and the discount codes' share. */
export function salesRows(charts: SalesChartsResponse, buckets: SalesBucket[], withTest: boolean) {
  return buckets
    .map((b) => ({
      start: b.start,
      perType: charts.ticketTypes.map((t) => {
        const p = b.perType.find((x) => x.ticketId === t.ticketId);
        return p ? soldOf(p, withTest) : 0;
      }),
      sold: b.perType.reduce((n, p) => n + soldOf(p, withTest), 0),
      revenue: Math.round(b.perType.reduce((n, p) => n + revenueOf(p, withTest), 0) * 100) / 100,
      discounted: b.perType.reduce((n, p) => n + discountedOf(p, withTest), 0),
      door: b.perType.reduce((n, p) => n + (p.doorSold ?? 0), 0),
      discount: withTest ? b.discount : Math.round((b.discount - b.testDiscount) * 100) / 100,
    }))
    .filter((r) => r.sold > 0);
}

/** Check-ins per bucket, one line per gate, from the first arrival's bucket to the last's. */
export function arrivalLines(charts: CheckinChartsResponse): TimeSeries {
  const step = charts.bucketMinutes * 60;
  if (charts.arrivals.length === 0) return { xs: [], step, lines: [] };
  const starts = charts.arrivals.map((a) => seconds(a.start));
  // From the bucket before the first arrival (nobody came then): a line from zero, even for one bucket.
  const xs = span(Math.min(...starts) - step, Math.max(...starts), step);
  const at = new Map(charts.arrivals.map((a) => [`${seconds(a.start)}|${a.gate}`, a.checkedIn]));
  return {
    xs,
    step,
    lines: charts.gates.map((gate) => ({ label: gate, values: xs.map((x) => at.get(`${x}|${gate}`) ?? 0) })),
  };
}
