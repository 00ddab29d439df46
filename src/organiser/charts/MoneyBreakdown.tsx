import type { MoneyFigures, SalesChartsResponse } from '../../../contract/organiserCharts';
import * as styles from './charts.css';
import { naira } from './format';

const less = (a: number, b: number) => Math.max(0, Math.round((a - b) * 100) / 100);

/** The money with or without the test-mode share (no money moved for those orders). */
function shown(money: SalesChartsResponse['money'], withTest: boolean): MoneyFigures {
  if (withTest) return money;
  const t = money.test;
  return {
    gross: less(money.gross, t.gross),
    discounts: less(money.discounts, t.discounts),
    gatepassFee: less(money.gatepassFee, t.gatepassFee),
    refunds: less(money.refunds, t.refunds),
    organiserReceives: less(money.organiserReceives, t.organiserReceives),
    paystackFee: less(money.paystackFee, t.paystackFee),
    paystackFeeUnrecorded: Math.max(0, money.paystackFeeUnrecorded - t.paystackFeeUnrecorded),
  };
}

const percent = (part: number, whole: number) => (whole > 0 ? `${((100 * part) / whole).toFixed(1)}%` : '0%');

/** Paystack's fee as reported, and how many payments it never reported a fee for. */
function paystackFeeText(m: MoneyFigures): string {
  if (m.paystackFeeUnrecorded === 0) return naira(m.paystackFee);
  const payments = m.paystackFeeUnrecorded === 1 ? '1 payment' : `${m.paystackFeeUnrecorded} payments`;
  return `${naira(m.paystackFee)} (+ ${payments} not reported)`;
}

/**
 * The money in Naira: tickets at price (the Sales tab's revenue), less what discount codes gave, is
 * what the organiser receives; Gatepass's fee is paid by buyers on top. Paystack's fee is what
 * Paystack reported keeping of each payment; Gatepass bears it out of its fee. Refunded orders are
 * no longer sales, so they are listed apart, not subtracted twice. The bar pictures the gross; the
 * table is its text.
 */
export function MoneyBreakdown({
  money,
  withTest,
}: {
  money: SalesChartsResponse['money'];
  withTest: boolean;
}) {
  const m = shown(money, withTest);
  const rows: [string, string, string][] = [
    ['Gross ticket sales', naira(m.gross), 'Tickets at their price'],
    ['Discount codes', `− ${naira(m.discounts)}`, 'Given to buyers by your codes'],
    [
      'You receive',
      naira(m.organiserReceives),
      'What buyers paid for the tickets (less the fee where your prices include it), settled by Paystack’s split',
    ],
    [
      'Gatepass fee',
      naira(m.gatepassFee),
      'Paid by buyers on top of the tickets, or taken from yours where your prices include it',
    ],
    [
      'Paystack fee',
      paystackFeeText(m),
      'What Paystack kept of each payment, as it reported; paid by Gatepass from its fee, not by you',
    ],
    ['Refunded', naira(m.refunds), 'Orders paid, then refunded: no longer in the figures above'],
  ];
  return (
    <figure className={styles.figure} data-testid="sales-money">
      <figcaption className={styles.caption}>Money</figcaption>
      {m.gross > 0 && (
        <>
          <div
            className={styles.moneyBar}
            role="img"
            aria-label={`Of ${naira(m.gross)} gross, you receive ${naira(m.organiserReceives)} and discount codes gave ${naira(m.discounts)}`}
          >
            <div className={styles.receives} style={{ width: percent(m.organiserReceives, m.gross) }} />
            <div className={styles.discounts} style={{ width: percent(m.discounts, m.gross) }} />
          </div>
          <div className={styles.key} aria-hidden="true">
            <span>
              <span className={`${styles.swatch} ${styles.receives}`} />
              You receive {percent(m.organiserReceives, m.gross)}
            </span>
            {m.discounts > 0 && (
              <span>
                <span className={`${styles.swatch} ${styles.discounts}`} />
                Discount codes {percent(m.discounts, m.gross)}
              </span>
            )}
          </div>
        </>
      )}
      <table className={styles.moneyTable}>
        <thead>
          <tr>
            <th scope="col">Item</th>
            <th scope="col" className={styles.amount}>
              Amount
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map(([item, amount, what]) => (
            <tr key={item}>
              <th scope="row">
                {item}
                <span className={styles.whatItIs}>{what}</span>
              </th>
              <td className={styles.amount}>{amount}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {withTest && money.test.gross > 0 && (
        <p className={styles.muted}>
          Includes {naira(money.test.gross)} of test-mode orders: no money moved for them.
        </p>
      )}
    </figure>
  );
}
