import { formatNaira } from '../../../contract/money';
import type { SalesResponse } from '../../../contract/organiser';
import { ScrollRegion } from '../../ui/ScrollRegion';
import * as styles from '../organiser.css';

/** The Sales tab: per ticket type price, sold and revenue, and the totals (real orders only). */
export function SalesTab({ sales }: { sales: SalesResponse }) {
  return (
    <section className={styles.card} aria-labelledby="sales-title">
      <h2 id="sales-title" className={styles.subtitle}>
        Sales
      </h2>
      <div className={styles.choiceGrid}>
        <p className={styles.readOnlyValue}>Tickets sold: {sales.totals.sold}</p>
        <p className={styles.readOnlyValue}>Revenue: {formatNaira(sales.totals.revenue)}</p>
        <p className={styles.readOnlyValue}>Orders: {sales.totals.orders}</p>
      </div>
      {sales.rows.length === 0 ? (
        <div className={styles.empty}>
          <strong>No ticket types yet</strong>
          <span>Add tickets to start selling.</span>
        </div>
      ) : (
        <ScrollRegion className={styles.tableWrap} label="Sales by ticket type">
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">Ticket Name</th>
                <th scope="col">Ticket Price</th>
                <th scope="col">Total Tickets Sold</th>
                <th scope="col">Total Sales Revenue</th>
              </tr>
            </thead>
            <tbody>
              {sales.rows.map((r) => (
                <tr key={r.ticketId}>
                  <td>{r.ticketName}</td>
                  <td>{r.ticketPrice === 0 ? 'Free' : formatNaira(r.ticketPrice)}</td>
                  <td>{r.sold}</td>
                  <td>{formatNaira(r.revenue)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <td colSpan={2}>Total</td>
                <td>{sales.totals.sold}</td>
                <td>{formatNaira(sales.totals.revenue)}</td>
              </tr>
            </tfoot>
          </table>
        </ScrollRegion>
      )}
      {sales.totals.orders === 0 && (
        <p className={styles.note}>No orders yet: sales show here as guests buy.</p>
      )}
    </section>
  );
}
