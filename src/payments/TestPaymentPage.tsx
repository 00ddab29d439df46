import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { formatNaira } from '../../contract/money';
import { testPaymentMachine } from '../../machines/testPayment.machine';
import { decideTestPayment, fetchTestPayment } from '../api/orders';
import * as styles from '../checkout/checkout.css';
import { Button, Spinner } from '../ui/Button';
import { FormAlert } from '../ui/Field';
import * as pay from './testPayment.css';

const machine = testPaymentMachine.provide({
  actors: {
    fetchPayment: fromPromise(({ input }) => fetchTestPayment(input.reference)),
    decide: fromPromise(({ input }) => decideTestPayment(input.reference, input.decision)),
  },
  actions: { returnToShop: (_, { url }) => window.location.assign(url) },
});

/** The built-in test-mode provider's page: what Paystack's page is when no real key is set. */
export function TestPaymentPage({ reference }: { reference: string }) {
  const actor = useActorRef(machine, { input: { reference } });
  const payment = useSelector(actor, (s) => s.context.payment);
  const error = useSelector(actor, (s) => s.context.error);
  const loading = useSelector(actor, (s) => s.matches('loading'));
  const loadFailed = useSelector(actor, (s) => s.matches('loadFailed'));
  const approving = useSelector(actor, (s) => s.matches('approving'));
  const declining = useSelector(actor, (s) => s.matches('declining'));
  const returning = useSelector(actor, (s) => s.matches('returning'));
  const settled = useSelector(actor, (s) => s.matches('settled'));

  return (
    <main id="main" className={pay.page}>
      <section className={pay.panel} aria-labelledby="test-pay-heading">
        <p className={pay.banner}>TEST MODE · no real money moves</p>
        <h1 id="test-pay-heading" className={styles.cardTitle}>
          Gatepass test payment
        </h1>
        {loading && <Spinner label="Loading the payment" />}
        {loadFailed && (
          <>
            <FormAlert tone="error">{error}</FormAlert>
            <Button onClick={() => actor.send({ type: 'load.retry' })}>Try again</Button>
          </>
        )}
        {payment && (
          <>
            <dl className={pay.details}>
              <div>
                <dt>Amount</dt>
                <dd className={pay.amount}>{formatNaira(payment.amount)}</dd>
              </div>
              <div>
                <dt>For</dt>
                <dd>{payment.eventName}</dd>
              </div>
              <div>
                <dt>Customer</dt>
                <dd>{payment.email}</dd>
              </div>
              <div>
                <dt>Reference</dt>
                <dd className={pay.reference}>{payment.reference}</dd>
              </div>
            </dl>
            <FormAlert tone="error">{error}</FormAlert>
            {settled ? (
              <>
                <p role="status">
                  This payment was already {payment.status === 'success' ? 'approved' : 'declined'}.
                </p>
                <a className={pay.back} href={payment.callbackUrl}>
                  Back to your order
                </a>
              </>
            ) : (
              <div className={pay.buttons}>
                <Button
                  size="lg"
                  busy={approving}
                  disabled={declining || returning}
                  onClick={() => actor.send({ type: 'payment.approve' })}
                >
                  Pay {formatNaira(payment.amount)}
                </Button>
                <Button
                  size="lg"
                  tone="danger"
                  busy={declining}
                  disabled={approving || returning}
                  onClick={() => actor.send({ type: 'payment.decline' })}
                >
                  Decline
                </Button>
              </div>
            )}
            {returning && <p role="status">Returning to Gatepass…</p>}
          </>
        )}
      </section>
    </main>
  );
}
