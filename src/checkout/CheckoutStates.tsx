import { useSelector } from '@xstate/react';
import { Button, ButtonLink, Spinner } from '../ui/Button';
import * as styles from './checkout.css';
import type { CheckoutActor } from './checkoutSession';

export function CheckoutLoading() {
  return (
    <section className={[styles.card, styles.centred].join(' ')} aria-busy="true">
      <Spinner label="Loading your checkout" />
      <p className={styles.muted}>Loading your checkout…</p>
    </section>
  );
}

export function CheckoutLoadFailed({ actor }: { actor: CheckoutActor }) {
  const error = useSelector(actor, (s) => s.context.error);
  return (
    <section className={[styles.card, styles.centred].join(' ')} aria-labelledby="load-failed-heading">
      <h2 id="load-failed-heading" className={styles.cardTitle}>
        Something went wrong
      </h2>
      <p role="alert" className={styles.muted}>
        {error}
      </p>
      <div className={styles.actions}>
        <Button onClick={() => actor.send({ type: 'load.retry' })}>Try again</Button>
        <ButtonLink to="/events/all" tone="secondary">
          Find events
        </ButtonLink>
      </div>
    </section>
  );
}

/** The hold ran out (or the order was cancelled): say so and offer to start again. */
export function HoldExpired({ actor }: { actor: CheckoutActor }) {
  return (
    <section className={[styles.card, styles.centred].join(' ')} aria-labelledby="expired-heading">
      <h2 id="expired-heading" className={styles.cardTitle}>
        Your reservation has expired
      </h2>
      <p role="alert" className={styles.muted}>
        The time to complete checkout ran out and the tickets were released for others. Nothing was charged.
      </p>
      <Button size="lg" onClick={() => actor.send({ type: 'checkout.restart' })}>
        Start again
      </Button>
    </section>
  );
}
