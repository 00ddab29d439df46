import { stringify } from 'csv-stringify/sync';
import { instantToLagos } from '../../../contract/lagosTime';
import { koboToNaira } from '../../../contract/money';
import {
  type PayoutStatementResponse,
  STATEMENT_CSV_COLUMNS,
  type StatementFigures,
} from '../../../contract/payoutStatement';
import type { Database } from '../../db/client';
import { type StatementRow, statementRows, sumRows } from './statementQueries';

function figures(rows: StatementRow[]): StatementFigures {
  const t = sumRows(rows);
  return {
    orders: t.orders,
    ticketsAtPrice: koboToNaira(t.ticketsAtPrice),
    discounts: koboToNaira(t.discount),
    serviceFees: koboToNaira(t.serviceFee),
    otherPayments: koboToNaira(t.otherPayments),
    buyersPaid: koboToNaira(t.buyersPaid),
    refunded: koboToNaira(t.refunded),
    kept: koboToNaira(t.kept),
    gatepassFee: koboToNaira(t.gatepassFee),
    promoterCommission: koboToNaira(t.promoterCommission),
    toOrganiser: koboToNaira(t.toOrganiser),
    paystackFee: koboToNaira(t.paystackFee),
    paystackFeeUnrecorded: t.paystackFeeUnrecorded,
  };
}

/** The statement's JSON: real money and test-mode apart, each the sum of its orders. */
export async function payoutStatement(db: Database, eventId: string): Promise<PayoutStatementResponse> {
  const rows = await statementRows(db, eventId);
  return {
    eventId,
    live: figures(rows.filter((r) => !r.testMode)),
    test: figures(rows.filter((r) => r.testMode)),
  };
}

const money = (kobo: number) => (kobo / 100).toFixed(2);

/**
 * statement.csv: one row per order that took money, then a total row per mode (real money, test
 * mode), written like sales.csv (csv-stringify, UTF-8 with a byte-order mark, CRLF). Amounts are
 * exact: kobo printed with two decimals, never through floating-point sums.
 */
export async function payoutStatementCsv(db: Database, eventId: string): Promise<string> {
  const rows = await statementRows(db, eventId);
  const line = (r: Omit<StatementRow, 'orderId' | 'reference' | 'paidAt' | 'testMode'>) => [
    money(r.ticketsAtPrice),
    money(r.discount),
    money(r.serviceFee),
    money(r.otherPayments),
    money(r.buyersPaid),
    money(r.refunded),
    money(r.gatepassFee),
    money(r.promoterCommission),
    money(r.toOrganiser),
    money(r.paystackFee),
  ];
  const body = rows.map((r) => [
    r.reference,
    r.paidAt ? instantToLagos(r.paidAt).replace('T', ' ') : '',
    r.testMode ? 'yes' : 'no',
    ...line(r),
  ]);
  const totals = [false, true]
    .map((test) => rows.filter((r) => r.testMode === test))
    .filter((part) => part.length > 0)
    .map((part) => [
      part[0]!.testMode ? 'Total (test mode)' : 'Total',
      '',
      part[0]!.testMode ? 'yes' : 'no',
      ...line(sumRows(part)),
    ]);
  return stringify([...body, ...totals], {
    header: true,
    columns: [...STATEMENT_CSV_COLUMNS],
    bom: true,
    record_delimiter: 'windows',
  });
}
