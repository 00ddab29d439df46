import { useState } from 'react';
import { formatNaira } from '../../../contract/money';
import type { SalesResponse, SalesRow } from '../../../contract/organiser';
import { tablesAndSeats } from '../../../contract/tables';
import { CheckboxField } from '../../ui/Field';
import { PayoutStatement } from '../charts/PayoutStatement';
import { SalesCharts } from '../charts/SalesCharts';
import * as styles from '../organiser.css';
import { SalesByPromoter } from './SalesByPromoter';

type Shown = Pick<SalesRow, 'sold' | 'revenue'>;

/** A figure with or without its test-mode share (the tab's one view choice, kept in the component). */
const shown = (f: Shown & { testSold: number; testRevenue: number }, withTest: boolean): Shown =>
  withTest ? f : { sold: f.sold - f.testSold, revenue: Math.max(0, f.revenue - f.testRevenue) };

/**
 * The Sales tab: per ticket type price, sold and revenue, and the totals — the same figures as the
 * Tickets tab, the guest list and My events (one query, server/modules/management/orderQueries.ts).
 * Orders paid through the test-mode provider are counted and labelled; 'Hide test-mode orders'
 * leaves them out of every figure here, never silently. Below the table, the same sales over time
 * and the money (SalesCharts), and the payout statement (PayoutStatement).
 */
export function SalesTab({ eventId, sales }: { eventId: string; sales: SalesResponse }) {
  const [withTest, setWithTest] = useState(true);
  const { totals } = sales;
  const total = shown(totals, withTest);
  const orders = withTest ? totals.orders : totals.orders - totals.testOrders;
  return (
    <section className={styles.card} aria-labelledby="sales-title">
      <h2 id="sales-title" className={styles.subtitle}>
        Sales
      </h2>
      <div className={styles.choiceGrid} data-testid="sales-totals">
        <p className={styles.readOnlyValue}>Tickets sold: {total.sold}</p>
        {totals.seats !== undefined && (
          <p className={styles.note} data-testid="sales-seats">
            A table counts as one ticket here: {totals.seats} people in all (each table × its guests,
            test-mode orders included).
          </p>
        )}
        <p className={styles.readOnlyValue}>Revenue: {formatNaira(total.revenue)}</p>
        <p className={styles.readOnlyValue}>Orders: {orders}</p>
      </div>
      {(totals.doorSold ?? 0) > 0 && (
        <p className={styles.note} data-testid="sales-door">
          Includes {totals.doorSold} {totals.doorSold === 1 ? 'ticket' : 'tickets'} sold at the door (
          {formatNaira(totals.doorRevenue ?? 0)}): see the cash-up below.
        </p>
      )}
      {totals.testOrders > 0 && (
        <div className={styles.note} data-testid="sales-test-mode">
          <p>
            {withTest
              ? `Includes ${totals.testSold} ${totals.testSold === 1 ? 'ticket' : 'tickets'} from ${totals.testOrders} test-mode ${totals.testOrders === 1 ? 'order' : 'orders'} (${formatNaira(totals.testRevenue)}): no money moved for them.`
              : `${totals.testOrders} test-mode ${totals.testOrders === 1 ? 'order is' : 'orders are'} left out of these figures.`}
          </p>
          <CheckboxField
            label="Hide test-mode orders"
            checked={!withTest}
            onCheckedChange={(checked) => setWithTest(!checked)}
          />
        </div>
      )}
      {sales.rows.length === 0 ? (
        <div className={styles.empty}>
          <strong>No ticket types yet</strong>
          <span>Add tickets to start selling.</span>
        </div>
      ) : (
        <div className={styles.tableWrap}>
          <table className={`${styles.table} ${styles.cardsOnPhone}`}>
            <thead>
              <tr>
                <th scope="col">Ticket Name</th>
                <th scope="col">Ticket Price</th>
                <th scope="col">Total Tickets Sold</th>
                <th scope="col">Total Sales Revenue</th>
              </tr>
            </thead>
            <tbody>
              {sales.rows.map((r) => {
                const f = shown(r, withTest);
                return (
                  <tr key={r.ticketId}>
                    <td data-label="Ticket Name">{r.ticketName}</td>
                    <td data-label="Ticket Price">
                      {r.ticketPrice === 0 ? 'Free' : formatNaira(r.ticketPrice)}
                    </td>
                    <td data-label="Total Tickets Sold">
                      {tablesAndSeats(f.sold, r.tableSize)}
                      {withTest && r.testSold > 0 && ` (${r.testSold} test)`}
                    </td>
                    <td data-label="Total Sales Revenue">{formatNaira(f.revenue)}</td>
                  </tr>
                );
              })}
            </tbody>
            <tfoot>
              <tr>
                <td data-label="" colSpan={2}>
                  Total
                </td>
                <td data-label="Total Tickets Sold">{total.sold}</td>
                <td data-label="Total Sales Revenue">{formatNaira(total.revenue)}</td>
              </tr>
            </tfoot>
          </table>
        </div>
      )}
      {totals.orders === 0 && <p className={styles.note}>No orders yet: sales show here as guests buy.</p>}
      <SalesByPromoter byPromoter={sales.byPromoter} />
      <SalesCharts eventId={eventId} withTest={withTest} />
      <PayoutStatement eventId={eventId} withTest={withTest} />
    </section>
  );
}
