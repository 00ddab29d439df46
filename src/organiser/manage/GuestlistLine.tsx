import { useSelector } from '@xstate/react';
import type { GuestRow } from '../../../contract/organiser';
import type { GuestAnswers as Answers } from '../../../contract/questions';
import * as styles from '../organiser.css';
import { GuestAnswers } from './GuestAnswers';
import { GuestCheckins } from './GuestCheckins';
import * as own from './guestlist.css';
import { RefundButton, RefundPanel, useRefundActor } from './RefundLine';

const orderDate = new Intl.DateTimeFormat('en-NG', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Africa/Lagos',
});

type Props = {
  row: GuestRow;
  answers: Answers | null;
  canRefund: boolean;
  columns: number;
  onRefunded: () => void;
};

/**
 * One order line of the Guestlist. Its Refund form opens in a row of its own under the line, as wide
 * as the table, so opening it neither widens the table nor pushes the first columns out of sight.
 */
export function GuestlistLine({ row, answers, canRefund, columns, onRefunded }: Props) {
  const refund = useRefundActor(row, onRefunded);
  const refunding = useSelector(refund, (s) => !s.matches('closed'));
  return (
    <>
      <tr>
        <td data-label="Ticket Name">{row.ticketName}</td>
        <td data-label="Quantity">
          <span>
            {row.quantity}
            {row.refunded > 0 && (
              <>
                {' '}
                <span className={styles.badge}>
                  {row.quantity === 0 ? 'Refunded' : `${row.refunded} refunded`}
                </span>
              </>
            )}
          </span>
        </td>
        <td data-label="Purchased By">
          <span>
            {row.purchasedBy}
            {row.doorSale && (
              <>
                {' '}
                <span className={styles.badge} data-testid="door-sale">
                  Door sale
                </span>
              </>
            )}
            <br />
            <span className={`${styles.note} ${own.email}`}>{row.email}</span>
          </span>
        </td>
        <td data-label="Order Number">{row.orderNumber}</td>
        <td data-label="Order Date">{orderDate.format(new Date(row.orderDate))}</td>
        <td data-label="Checked In">
          <GuestCheckins row={row} />
        </td>
        {answers && (
          <td data-label="Answers">
            <GuestAnswers row={row} answers={answers} />
          </td>
        )}
        {canRefund && (
          <td data-label="Refund">
            {/* Nothing left to refund on a line refunded in full. */}
            {row.quantity > 0 && <RefundButton actor={refund} row={row} />}
          </td>
        )}
      </tr>
      {canRefund && refunding && (
        <tr className={own.refundRow}>
          <td colSpan={columns}>
            <RefundPanel actor={refund} row={row} />
          </td>
        </tr>
      )}
    </>
  );
}
