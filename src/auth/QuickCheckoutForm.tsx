import { useNavigate } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import type { QuickCheckoutRequest } from '../../contract/users';
import { quickCheckoutMachine } from '../../machines/quickCheckout.machine';
import { quickCheckout } from '../api/users';
import { signIn } from '../app/session';
import { Button } from '../ui/Button';
import { FormAlert, TextField } from '../ui/Field';
import * as field from '../ui/field.css';
import { useFormFields } from '../ui/useFormFields';
import * as layout from './AuthLayout.css';
import { completeReturn } from './returnTo';

/**
 * 'Continue with your email' (decision 038): on the sign-in page reached from a ticket selection, a
 * new buyer goes on with a name and an email and comes back to the selection signed in; the ticket
 * email then lets them set a password. It comes first there; an email that has an account is told to
 * sign in below.
 */
export function QuickCheckoutForm({ from }: { from: string }) {
  const navigate = useNavigate();
  const actor = useActorRef(
    quickCheckoutMachine.provide({
      actors: { submit: fromPromise(({ input }) => quickCheckout(input as QuickCheckoutRequest)) },
      actions: {
        signedIn: (_, { token, user }) => {
          completeReturn(from);
          void signIn(token, user).then(() => navigate({ href: from, replace: true }));
        },
      },
    }),
  );
  const bind = useFormFields<QuickCheckoutRequest>(actor);
  const formError = useSelector(actor, (s) => s.context.formError);
  const busy = useSelector(actor, (s) => !s.matches('editing'));
  return (
    <section className={layout.quickBox} aria-labelledby="quick-title">
      <h2 id="quick-title" className={layout.quickTitle}>
        New here? Continue without an account
      </h2>
      <form
        className={field.form}
        noValidate
        aria-label="Quick checkout"
        onSubmit={(e) => {
          e.preventDefault();
          actor.send({ type: 'form.submit' });
        }}
      >
        <FormAlert tone="error">{formError}</FormAlert>
        <div className={field.row}>
          <TextField label="First name" autoComplete="given-name" {...bind('firstName')} />
          <TextField label="Last name" autoComplete="family-name" {...bind('lastName')} />
        </div>
        <TextField
          label="Where should we send the tickets?"
          type="email"
          placeholder="you@example.com"
          autoComplete="email"
          {...bind('email')}
        />
        <p className={layout.footnote}>
          Your tickets come by email, with a link to set a password for your account.
        </p>
        <Button type="submit" tone="secondary" block busy={busy}>
          Continue with your email
        </Button>
      </form>
    </section>
  );
}
