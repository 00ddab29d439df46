import { formatNaira } from '../../../contract/money';
import type { SalesResponse } from '../../../contract/organiser';
import * as charts from '../charts/charts.css';
import * as styles from '../organiser.css';

/** The Sales tab's "By promoter" table (decision 064): the Promoters tab's figures, side by side. */
export function SalesByPromoter({ byPromoter }: { byPromoter: SalesResponse['byPromoter'] }) {
  if (byPromoter.length === 0) return null;
  return (
    <>
      <h3 className={charts.heading}>By promoter</h3>
      <div className={styles.tableWrap}>
        <table className={`${styles.table} ${styles.cardsOnPhone}`} aria-label="Sales by promoter">
          <thead>
            <tr>
              <th scope="col">Promoter</th>
              <th scope="col">Orders</th>
              <th scope="col">Tickets</th>
              <th scope="col">Sales</th>
              <th scope="col">Commission</th>
            </tr>
          </thead>
          <tbody>
            {byPromoter.map((p) => (
              <tr key={p.promoterId}>
                <td data-label="Promoter">{p.name}</td>
                <td data-label="Orders">{p.orders}</td>
                <td data-label="Tickets">{p.tickets}</td>
                <td data-label="Sales">{formatNaira(p.salesNaira)}</td>
                <td data-label="Commission">{formatNaira(p.commissionNaira)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
