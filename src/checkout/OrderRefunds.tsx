import { formatNaira } from '../../contract/money';
import type { Order } from '../../contract/orders';
import * as styles from './checkout.css';

const day = new Intl.DateTimeFormat('en-NG', { day: 'numeric', month: 'short', timeZone: 'Africa/Lagos' });

/**
 * What the organiser refunded of this order (decision 044): the buyer sees how much came back, how
 * many tickets no longer admit, and the organiser's reason, instead of the original quantities alone.
 */
export function OrderRefunds({ order }: { order: Order }) {
  if (order.refunds.length === 0) return null;
  const refunded = order.refunds.reduce((sum, r) => sum + r.amount * 100, 0) / 100;
  const seats = order.items.reduce((sum, i) => sum + i.refundedQuantity, 0);
  const bought = order.items.reduce((sum, i) => sum + i.quantity, 0);
  return (
    <section className={styles.note} aria-labelledby="order-refunds-heading">
      <h3 id="order-refunds-heading" className={styles.refundsTitle}>
        {formatNaira(refunded)} refunded
        {seats > 0 ? ` · ${seats} of ${bought} ticket${bought === 1 ? '' : 's'} no longer admit` : ''}
      </h3>
      <ul className={styles.refundsList}>
        {order.refunds.map((r) => (
          <li key={r.createdAt}>
            {day.format(new Date(r.createdAt))}: {formatNaira(r.amount)}
            {r.tickets > 0 ? ` for ${r.tickets} ticket${r.tickets === 1 ? '' : 's'}` : ''}. The organiser's
            reason: {r.reason}
          </li>
        ))}
      </ul>
      <p className={styles.muted}>
        Refunds reach your account within a few working days, depending on your bank.
      </p>
    </section>
  );
}
