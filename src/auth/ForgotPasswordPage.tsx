import { Link, useNavigate } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { forgotPasswordMachine } from '../../machines/forgotPassword.machine';
import { forgotPassword } from '../api/users';
import { Button } from '../ui/Button';
import { FormAlert, TextField } from '../ui/Field';
import * as field from '../ui/field.css';
import { AuthLayout } from './AuthLayout';
import * as layout from './AuthLayout.css';
import { useCarriedEmail } from './emailState';

/** Forgot password: email, 'Get Code' / 'Sending OTP...', link to /signup. */
export function ForgotPasswordPage() {
  const navigate = useNavigate();
  const carried = useCarriedEmail();
  const actor = useActorRef(
    forgotPasswordMachine.provide({
      actors: { requestCode: fromPromise(({ input }) => forgotPassword(input)) },
      actions: {
        codeSent: (_, { email }) => void navigate({ to: '/forgot-password/email-code', state: { email } }),
      },
    }),
    { input: { email: carried } },
  );
  const email = useSelector(actor, (s) => s.context.email);
  const errors = useSelector(actor, (s) => s.context.errors);
  const formError = useSelector(actor, (s) => s.context.formError);
  const busy = useSelector(actor, (s) => s.matches('sending'));

  return (
    <AuthLayout
      title="Forgot password"
      subtitle="Enter the email you signed up with and we'll send you a 6-digit code to reset your password."
    >
      <form
        className={field.form}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          actor.send({ type: 'form.submit' });
        }}
      >
        <FormAlert tone="error">{formError}</FormAlert>
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          value={email}
          error={errors.email}
          onValueChange={(value) => actor.send({ type: 'field.change', value })}
        />
        <Button type="submit" block busy={busy}>
          {busy ? 'Sending OTP...' : 'Get Code'}
        </Button>
        <p className={layout.footnote}>
          Remembered it?{' '}
          <Link to="/login" className={layout.link}>
            Sign in
          </Link>{' '}
          · No account yet?{' '}
          <Link to="/signup" className={layout.link}>
            Sign up
          </Link>
        </p>
      </form>
    </AuthLayout>
  );
}
