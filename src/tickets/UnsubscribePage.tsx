import { Link } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { guestUnsubscribeMachine } from '../../machines/guestUnsubscribe.machine';
import { unsubscribeFromMessages } from '../api/guestMessages';
import { AuthLayout } from '../auth/AuthLayout';
import * as layout from '../auth/AuthLayout.css';
import { Button, Spinner } from '../ui/Button';
import { FormAlert } from '../ui/Field';
import * as field from '../ui/field.css';

const machine = guestUnsubscribeMachine.provide({
  actors: { unsubscribe: fromPromise(({ input }) => unsubscribeFromMessages(input.token)) },
});

/** /unsubscribe#token: stops an event's organiser messages to this address, and says so (decision 070). */
export function UnsubscribePage({ token }: { token: string }) {
  const actor = useActorRef(machine, { input: { token } });
  const working = useSelector(actor, (s) => s.matches('unsubscribing') || s.matches('checking'));
  const done = useSelector(actor, (s) => s.context.done);
  const message = useSelector(actor, (s) => s.context.message);
  const canRetry = useSelector(actor, (s) => s.matches('failed'));
  return (
    <AuthLayout title="Messages from the organiser">
      <div className={field.form}>
        {working && (
          <p className={layout.splitRow}>
            <Spinner /> Unsubscribing…
          </p>
        )}
        {done && (
          <>
            <FormAlert tone="success">
              {`You're unsubscribed. The organiser of ${done.eventName} will send no more messages to ${done.email}.`}
            </FormAlert>
            <p className={layout.footnote}>
              Your tickets stay valid, and Gatepass still emails you about them (confirmations, transfers,
              refunds).{' '}
              <Link to="/tickets/all" className={layout.link}>
                Your tickets
              </Link>
            </p>
          </>
        )}
        {message && <FormAlert tone="error">{message}</FormAlert>}
        {canRetry && (
          <Button tone="secondary" onClick={() => actor.send({ type: 'retry' })}>
            Try again
          </Button>
        )}
      </div>
    </AuthLayout>
  );
}
