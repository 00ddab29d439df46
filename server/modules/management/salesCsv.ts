import { stringify } from 'csv-stringify/sync';
import { instantToLagos } from '../../../contract/lagosTime';
import { SALES_CSV_COLUMNS, type SalesChartsResponse } from '../../../contract/organiserCharts';
import { neutraliseFormula } from './guestlistCsv';

/**
 * sales.csv: the Sales chart's daily series as rows — one per Lagos day (YYYY-MM-DD) and ticket type
 * sold that day, oldest first, test-mode share in its own columns (as the Sales tab labels it) —
 * written like guestlist.csv: RFC 4180 quoting by csv-stringify, UTF-8 with a byte-order mark, CRLF,
 * formula-looking ticket names neutralised. Revenue is Naira with two decimals, tickets at price.
 */
export function salesCsv(
  charts: SalesChartsResponse,
  /** `YYYY-MM-DD|ticketTypeId` → the promoters' tickets of that row (promoters/salesByPromoter.ts). */
  byPromoter: ReadonlyMap<string, string> = new Map(),
): string {
  const names = new Map(charts.ticketTypes.map((t) => [t.ticketId, t.ticketName]));
  const order = new Map(charts.ticketTypes.map((t, i) => [t.ticketId, i]));
  const rows = charts.daily.flatMap((day) => {
    const date = instantToLagos(new Date(day.start)).slice(0, 10);
    return [...day.perType]
      .sort((a, b) => (order.get(a.ticketId) ?? 0) - (order.get(b.ticketId) ?? 0))
      .map((t) => [
        date,
        neutraliseFormula(names.get(t.ticketId) ?? ''),
        t.sold,
        t.revenue.toFixed(2),
        t.testSold,
        t.testRevenue.toFixed(2),
        t.discountedSold,
        neutraliseFormula(byPromoter.get(`${date}|${t.ticketId}`) ?? ''),
      ]);
  });
  return stringify(rows, {
    header: true,
    columns: [...SALES_CSV_COLUMNS],
    bom: true,
    record_delimiter: 'windows',
  });
}
