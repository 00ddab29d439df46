import type { ReactNode } from 'react';
import { formatNaira } from '../../contract/money';
import type { Summary } from '../../machines/checkout/selection';
import * as styles from './checkout.css';

/** Items, discount, fees and total (fees are 1.5 % of the paid subtotal, on top or already in the prices). */
export function OrderSummary({ summary, children }: { summary: Summary; children?: ReactNode }) {
  return (
    <aside className={[styles.card, styles.sticky].join(' ')} aria-labelledby="summary-heading">
      <h2 id="summary-heading" className={styles.subTitle}>
        Summary
      </h2>
      {summary.items.length === 0 ? (
        <p className={styles.muted}>Please choose a ticket type to continue</p>
      ) : (
        <ul className={styles.summaryList} aria-label="Chosen tickets">
          {summary.items.map((item) => (
            <li key={item.ticketId} className={styles.summaryLine}>
              <span>
                {item.quantity} x {item.ticketName}
              </span>
              <span>= {formatNaira(item.amount)}</span>
            </li>
          ))}
        </ul>
      )}
      <dl className={styles.summaryList}>
        <div className={styles.summaryLine}>
          <dt>Subtotal</dt>
          <dd>{formatNaira(summary.subtotal)}</dd>
        </div>
        {summary.discount > 0 && (
          <div className={styles.discountLine}>
            <dt>Discount{summary.discountCode ? ` (${summary.discountCode})` : ''}</dt>
            <dd>−{formatNaira(summary.discount)}</dd>
          </div>
        )}
        <div className={styles.summaryLine}>
          <dt>Fees</dt>
          <dd>{summary.feesIncluded ? 'Included in the price' : formatNaira(summary.fees)}</dd>
        </div>
        <div className={styles.summaryTotal}>
          <dt>Total</dt>
          <dd>{formatNaira(summary.total)}</dd>
        </div>
      </dl>
      {children}
    </aside>
  );
}
