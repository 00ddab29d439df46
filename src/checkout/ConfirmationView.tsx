import { useSelector } from '@xstate/react';
import { formatNaira } from '../../contract/money';
import { TicketCard } from '../tickets/TicketCard';
import * as ticketStyles from '../tickets/tickets.css';
import { Button, ButtonLink, Spinner } from '../ui/Button';
import * as styles from './checkout.css';
import type { CheckoutActor } from './checkoutSession';
import { OrderAnswers } from './OrderAnswers';
import { OrderRefunds } from './OrderRefunds';
import { OrderSelfService } from './OrderSelfService';
import { TablesLine } from './TablesLine';

/** /orders/{id}: processing → confirmed, failed (retry while the hold lasts) or ended. */
export function ConfirmationView({ actor }: { actor: CheckoutActor }) {
  const confirmed = useSelector(actor, (s) => s.matches({ flow: 'confirmed' }));
  const failed = useSelector(actor, (s) => s.matches({ flow: 'failed' }));
  const ended = useSelector(actor, (s) => s.matches({ flow: 'ended' }));
  const order = useSelector(actor, (s) => s.context.order);
  const questions = useSelector(actor, (s) => s.context.questions);
  if (!order) return null;

  if (confirmed)
    return (
      <section className={styles.card} aria-labelledby="confirmed-heading" data-printable="">
        <div className={styles.header}>
          <h2 id="confirmed-heading" className={styles.cardTitle}>
            You're going! Your tickets are confirmed.
          </h2>
          <p className={styles.muted}>
            Order {order.reference}
            {order.total > 0 ? ` · paid ${formatNaira(order.total)}` : ' · free'}
            {order.testMode && (
              <>
                {' '}
                <span className={ticketStyles.mark({ tone: 'test' })}>Test</span>
              </>
            )}
          </p>
          {order.statusMessage && <p className={styles.note}>{order.statusMessage}</p>}
          <TablesLine tickets={order.tickets} />
          <OrderRefunds order={order} />
          <OrderAnswers order={order} questions={questions} />
          <p className={[styles.muted, ticketStyles.noPrint].join(' ')}>
            We've emailed the tickets to {order.buyer.email}
            {order.attendees.length > 0 ? ' and to each attendee' : ''}. Show the QR code at the entrance.
          </p>
        </div>
        <ul className={ticketStyles.grid} aria-label="Your tickets">
          {order.tickets.map((ticket) => (
            <TicketCard key={ticket.code} ticket={ticket} testMode={order.testMode} event={order.event} />
          ))}
        </ul>
        <div className={[styles.actions, ticketStyles.noPrint].join(' ')}>
          <Button tone="secondary" onClick={() => window.print()}>
            Print tickets
          </Button>
          <ButtonLink to="/profile">My tickets</ButtonLink>
        </div>
        <div className={ticketStyles.noPrint}>
          <OrderSelfService order={order} />
        </div>
      </section>
    );

  if (failed)
    return (
      <section className={[styles.card, styles.centred].join(' ')} aria-labelledby="failed-heading">
        <h2 id="failed-heading" className={styles.cardTitle}>
          Payment not completed
        </h2>
        <p className={styles.muted}>
          {/* A payment for the order before it changed did take money: the server says it is refunded. */}
          {order.statusMessage ??
            `The payment for order ${order.reference} was declined or cancelled, and no money was taken.`}{' '}
          Your tickets are still reserved until the timer runs out: you can try again.
        </p>
        <Button size="lg" onClick={() => actor.send({ type: 'payment.retry' })}>
          Try payment again
        </Button>
      </section>
    );

  if (ended)
    return (
      <section className={[styles.card, styles.centred].join(' ')} aria-labelledby="ended-heading">
        <h2 id="ended-heading" className={styles.cardTitle}>
          {order.status === 'refunded' ? 'Payment refunded' : 'Refund on its way'}
        </h2>
        <p className={styles.muted}>{order.statusMessage ?? 'This order did not go through.'}</p>
        <OrderRefunds order={order} />
        <ButtonLink to="/event-details/$eventId" params={{ eventId: order.event._id }}>
          Back to the event
        </ButtonLink>
      </section>
    );

  return (
    <section className={[styles.card, styles.centred].join(' ')} aria-busy="true">
      <Spinner />
      <h2 className={styles.cardTitle}>Confirming your payment…</h2>
      <p className={styles.muted}>This usually takes a few seconds. Please keep this page open.</p>
    </section>
  );
}
