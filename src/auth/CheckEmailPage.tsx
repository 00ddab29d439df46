import { Link } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { checkEmailMachine } from '../../machines/checkEmail.machine';
import { resendVerification } from '../api/users';
import { Button } from '../ui/Button';
import { FormAlert } from '../ui/Field';
import * as field from '../ui/field.css';
import { AuthLayout } from './AuthLayout';
import * as layout from './AuthLayout.css';

/** Check email: the email, 'Resend Verification Email' with its alerts, link 'Sign in'. */
export function CheckEmailPage({ email, from }: { email: string; from: string | undefined }) {
  const actor = useActorRef(
    checkEmailMachine.provide({
      actors: { resendVerification: fromPromise(({ input }) => resendVerification(input)) },
    }),
    { input: { email } },
  );
  const alert = useSelector(actor, (s) => s.context.alert);
  const busy = useSelector(actor, (s) => s.matches('sending'));

  return (
    <AuthLayout
      title="Check Your Email"
      subtitle={
        <>
          We've sent a verification link to <span className={layout.emphasis}>{email}</span>. Open it to
          activate your account, then sign in.
        </>
      }
    >
      <div className={field.form}>
        {alert && <FormAlert tone={alert.tone}>{alert.text}</FormAlert>}
        <p className={field.hint}>Can't find it? Check your spam folder, or send it again.</p>
        <Button block busy={busy} onClick={() => actor.send({ type: 'email.resend' })}>
          {busy ? 'Sending...' : 'Resend Verification Email'}
        </Button>
        <p className={layout.footnote}>
          Already verified?{' '}
          <Link to="/login" search={{ from }} className={layout.link}>
            Sign in
          </Link>
        </p>
      </div>
    </AuthLayout>
  );
}
