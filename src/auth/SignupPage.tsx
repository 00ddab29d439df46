import { Link, useNavigate } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { type SignupField, signupMachine } from '../../machines/signup.machine';
import { register } from '../api/users';
import { Button } from '../ui/Button';
import { FormAlert, PasswordField, TextField } from '../ui/Field';
import * as field from '../ui/field.css';
import { AuthLayout } from './AuthLayout';
import * as layout from './AuthLayout.css';
import './emailState';

/** Spec §2 Sign-up: six fields, show/hide on both passwords, 'Continue', link to /login. */
export function SignupPage() {
  const navigate = useNavigate();
  const actor = useActorRef(
    signupMachine.provide({
      actors: { register: fromPromise(({ input }) => register(input)) },
      actions: { registered: (_, { email }) => void navigate({ to: '/check-email', state: { email } }) },
    }),
  );
  const values = useSelector(actor, (s) => s.context.values);
  const errors = useSelector(actor, (s) => s.context.errors);
  const formError = useSelector(actor, (s) => s.context.formError);
  const busy = useSelector(actor, (s) => !s.matches('editing'));
  const change = (name: SignupField) => (value: string) => actor.send({ type: 'field.change', name, value });

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
          <TextField
            label="First name"
            autoComplete="given-name"
            value={values.firstName}
            error={errors.firstName}
            onValueChange={change('firstName')}
          />
          <TextField
            label="Last name"
            autoComplete="family-name"
            value={values.lastName}
            error={errors.lastName}
            onValueChange={change('lastName')}
          />
        </div>
        <TextField
          label="Username"
          autoComplete="username"
          value={values.username}
          error={errors.username}
          onValueChange={change('username')}
        />
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          value={values.email}
          error={errors.email}
          onValueChange={change('email')}
        />
        <PasswordField
          label="Create password"
          autoComplete="new-password"
          value={values.password}
          error={errors.password}
          onValueChange={change('password')}
        />
        <PasswordField
          label="Confirm password"
          autoComplete="new-password"
          value={values.confirmPassword}
          error={errors.confirmPassword}
          onValueChange={change('confirmPassword')}
        />
        <p className={field.hint}>At least 8 characters, with a number and a special character.</p>
        <Button type="submit" block busy={busy}>
          {busy ? 'Creating account...' : 'Continue'}
        </Button>
        <p className={layout.footnote}>
          Already have an account?{' '}
          <Link to="/login" className={layout.link}>
            Sign in
          </Link>
        </p>
      </form>
    </AuthLayout>
  );
}
