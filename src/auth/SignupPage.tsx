import { Link, useNavigate } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { fromPromise } from 'xstate';
import type { RegisterRequest } from '../../contract/users';
import { signupMachine } from '../../machines/signup.machine';
import { register } from '../api/users';
import { Button } from '../ui/Button';
import { FormAlert, PasswordField, TextField } from '../ui/Field';
import * as field from '../ui/field.css';
import { useFormFields } from '../ui/useFormFields';
import { AuthLayout } from './AuthLayout';
import * as layout from './AuthLayout.css';
import './emailState';
import { rememberReturn } from './returnTo';

/** Sign-up: six fields, show/hide on both passwords, 'Continue', link to /login. */
export function SignupPage({ from }: { from: string | undefined }) {
  const navigate = useNavigate();
  useEffect(() => {
    if (from) rememberReturn(from);
  }, [from]);
  const actor = useActorRef(
    signupMachine.provide({
      actors: { register: fromPromise(({ input }) => register(input)) },
      actions: {
        registered: (_, { email }) =>
          void navigate({ to: '/check-email', search: { from }, state: { email } }),
      },
    }),
  );
  const bind = useFormFields<RegisterRequest>(actor);
  const formError = useSelector(actor, (s) => s.context.formError);
  const busy = useSelector(actor, (s) => !s.matches('editing'));

  return (
    <AuthLayout
      title="Create your account"
      subtitle="Host events, sell tickets and keep your bookings in one place."
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
        <div className={field.row}>
          <TextField label="First name" autoComplete="given-name" {...bind('firstName')} />
          <TextField label="Last name" autoComplete="family-name" {...bind('lastName')} />
        </div>
        <TextField label="Username" autoComplete="username" {...bind('username')} />
        <TextField label="Email" type="email" autoComplete="email" {...bind('email')} />
        <PasswordField label="Create password" autoComplete="new-password" {...bind('password')} />
        <PasswordField label="Confirm password" autoComplete="new-password" {...bind('confirmPassword')} />
        <p className={field.hint}>At least 8 characters, with a number and a special character.</p>
        <Button type="submit" block busy={busy}>
          {busy ? 'Creating account...' : 'Continue'}
        </Button>
        <p className={layout.footnote}>
          Already have an account?{' '}
          <Link to="/login" search={{ from }} className={layout.link}>
            Sign in
          </Link>
        </p>
      </form>
    </AuthLayout>
  );
}
