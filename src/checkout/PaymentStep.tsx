import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { Button } from '../ui/Button';
import { CheckboxField, FormAlert, TextField } from '../ui/Field';
import * as styles from './checkout.css';
import type { CheckoutActor } from './checkoutSession';
import { OrderSummary } from './OrderSummary';
import { summaryOf } from './summaryOf';

/** Payment step, made real: discount codes, the terms, and the payment provider. */
export function PaymentStep({ actor }: { actor: CheckoutActor }) {
  const order = useSelector(actor, (s) => s.context.order);
  const tickets = useSelector(actor, (s) => s.context.tickets);
  const quantities = useSelector(actor, (s) => s.context.quantities);
  const feesAbsorbed = useSelector(actor, (s) => s.context.event?.feeMode === 'absorbed');
  const error = useSelector(actor, (s) => s.context.error);
  const code = useSelector(actor, (s) => s.context.discountCode);
  const discountError = useSelector(actor, (s) => s.context.discountError);
  const discountNotice = useSelector(actor, (s) => s.context.discountNotice);
  const acceptTerms = useSelector(actor, (s) => s.context.acceptTerms);
  const emailUpdates = useSelector(actor, (s) => s.context.emailUpdates);
  const termsError = useSelector(actor, (s) => s.context.termsError);
  const applying = useSelector(actor, (s) => s.matches({ flow: { payment: 'applyingDiscount' } }));
  const removing = useSelector(actor, (s) => s.matches({ flow: { payment: 'removingDiscount' } }));
  const paying = useSelector(
    actor,
    (s) => s.matches({ flow: 'paying' }) || s.matches({ flow: 'redirecting' }),
  );
  const free = (order?.total ?? 0) === 0;

  return (
    <div className={`${styles.layout} ${styles.summaryFirst}`}>
      <form
        className={styles.card}
        noValidate
        aria-labelledby="payment-heading"
        onSubmit={(e) => {
          e.preventDefault();
          actor.send({ type: 'payment.submit' });
        }}
      >
        <h2 id="payment-heading" className={styles.cardTitle}>
          Payment
        </h2>
        <FormAlert tone="error">{error}</FormAlert>
        {free ? (
          <p className={styles.note}>Nothing to pay: your tickets are issued as soon as you continue.</p>
        ) : (
          <div className={styles.providerOption}>
            <input type="radio" id="pay-card" className={styles.radio} checked readOnly name="provider" />
            <label htmlFor="pay-card">
              Pay with Card or Bank
              <span className={[styles.muted, styles.small].join(' ')}>
                {' '}
                — card, bank, USSD or bank transfer
              </span>
            </label>
          </div>
        )}
        {order?.testMode && !free && (
          <p className={styles.note}>
            <strong>Test mode:</strong> no real money moves. You will approve or decline the payment on a test
            page.
          </p>
        )}
        <p className={styles.muted}>
          By continuing you must accept our terms of service, refund policy and privacy policy.
        </p>
        <CheckboxField
          label="I accept the terms and conditions, refund and privacy policy"
          checked={acceptTerms}
          error={termsError ?? undefined}
          onCheckedChange={(accepted) => actor.send({ type: 'terms.change', accepted })}
          after={
            <span className={styles.small}>
              {' '}
              (<Link to="/terms">terms</Link>, <Link to="/privacy">privacy</Link>)
            </span>
          }
        />
        <CheckboxField
          label="Send me email updates about events like this one"
          checked={emailUpdates}
          onCheckedChange={(accepted) => actor.send({ type: 'updates.change', accepted })}
        />
        <div className={styles.actions}>
          <Button tone="secondary" onClick={() => actor.send({ type: 'step.back', to: 'contact' })}>
            Back
          </Button>
          {/* The machine goes back to the tickets from here; without this only a typed URL could. */}
          <Button tone="ghost" onClick={() => actor.send({ type: 'step.back', to: 'selection' })}>
            Change tickets
          </Button>
          <Button type="submit" size="lg" busy={paying}>
            Continue
          </Button>
        </div>
      </form>
      <OrderSummary summary={summaryOf(order, tickets, quantities, feesAbsorbed)}>
        {!free || order?.discountCode ? (
          <form
            className={styles.discountRow}
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              actor.send({ type: 'discount.apply' });
            }}
          >
            <TextField
              label="Discount code"
              value={code}
              autoCapitalize="characters"
              error={discountError ?? undefined}
              onValueChange={(value) => actor.send({ type: 'discount.change', code: value })}
            />
            <Button type="submit" tone="secondary" busy={applying} className={styles.applyButton}>
              Apply
            </Button>
          </form>
        ) : null}
        {discountNotice && (
          <p role="status" className={styles.small}>
            {discountNotice}
          </p>
        )}
        {order?.discountCode && (
          <Button
            tone="ghost"
            size="sm"
            busy={removing}
            onClick={() => actor.send({ type: 'discount.remove' })}
          >
            Remove code {order.discountCode}
          </Button>
        )}
      </OrderSummary>
    </div>
  );
}
