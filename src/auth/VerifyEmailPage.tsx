import { Link, useNavigate } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { verifyEmailMachine } from '../../machines/verifyEmail.machine';
import { verifyEmail } from '../api/users';
import { Spinner } from '../ui/Button';
import { FormAlert } from '../ui/Field';
import * as field from '../ui/field.css';
import { AuthLayout } from './AuthLayout';
import * as layout from './AuthLayout.css';
import { pendingReturn } from './returnTo';

/** Verify email: 'Verifying your email...', then the result; success goes to /login after 3 s. */
export function VerifyEmailPage({ token }: { token: string | undefined }) {
  const navigate = useNavigate();
  const actor = useActorRef(
    verifyEmailMachine.provide({
      actors: { verifyEmail: fromPromise(({ input }) => verifyEmail(input)) },
      // To sign in, then on to the tickets the buyer was getting when they signed up (kept by the
      // sign-up tab: this link usually opens in a new one).
      actions: {
        goToLogin: () => void navigate({ to: '/login', search: { from: pendingReturn() }, replace: true }),
      },
    }),
    { input: { token } },
  );
  const verifying = useSelector(actor, (s) => s.matches('verifying'));
  const verified = useSelector(actor, (s) => s.matches('verified') || s.matches('redirected'));
  const message = useSelector(actor, (s) => s.context.message);

  return (
    <AuthLayout title="Verify email">
      <div className={field.form}>
        {verifying ? (
          <p className={layout.splitRow}>
            <Spinner /> Verifying your email...
          </p>
        ) : (
          <FormAlert tone={verified ? 'success' : 'error'}>{message}</FormAlert>
        )}
        {!verifying && !verified && (
          <p className={layout.footnote}>
            <Link to="/login" className={layout.link}>
              Go to sign in
            </Link>{' '}
            · Need a new link? Sign in and we'll tell you how.
          </p>
        )}
      </div>
    </AuthLayout>
  );
}
