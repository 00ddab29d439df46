import { Link, useNavigate } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { fromPromise } from 'xstate';
import type { LoginRequest } from '../../contract/users';
import { loginMachine } from '../../machines/login.machine';
import { login } from '../api/users';
import { signIn } from '../app/session';
import { clearSignedOutNotice, readSignedOutNotice } from '../app/signedOutNotice';
import { Button } from '../ui/Button';
import { CheckboxField, FormAlert, PasswordField, TextField } from '../ui/Field';
import * as field from '../ui/field.css';
import { useFormFields } from '../ui/useFormFields';
import { AuthLayout } from './AuthLayout';
import * as layout from './AuthLayout.css';
import './emailState';
import { QuickCheckoutForm } from './QuickCheckoutForm';
import { completeReturn, pendingReturn, rememberReturn } from './returnTo';

/** Login: email, password, Remember me, forgot link, 'Sign in' / 'Logging in...'. */
export function LoginPage({ from }: { from: string | undefined }) {
  const navigate = useNavigate();
  useEffect(() => {
    if (from) rememberReturn(from);
  }, [from]);
  // Said once: read when the page opens, then forgotten.
  const [signedOutBecause] = useState(readSignedOutNotice);
  useEffect(() => clearSignedOutNotice(), []);
  const actor = useActorRef(
    loginMachine.provide({
      actors: { login: fromPromise(({ input }) => login(input)) },
      actions: {
        signedIn: (_, { token, user }) => {
          // Back to where the guard stopped the visitor — named in the URL, or kept by the account
          // pages of another tab (the verification link's) — else home; the login entry is replaced.
          // After the session has stored the token, or the guard would send the visitor back here.
          const to = from ?? pendingReturn() ?? '/';
          completeReturn(to);
          void signIn(token, user).then(() => navigate({ href: to, replace: true }));
        },
        unverified: (_, { email }) =>
          void navigate({ to: '/check-email', search: { from }, state: { email } }),
      },
    }),
  );
  const bind = useFormFields<LoginRequest>(actor);
  const rememberMe = useSelector(actor, (s) => s.context.values.rememberMe);
  const formError = useSelector(actor, (s) => s.context.formError);
  const busy = useSelector(actor, (s) => !s.matches('editing'));
  const buying = from !== undefined && /^\/get-tickets\/[^/?#]+/.test(from);

  const signInForm = (
    <form
      className={field.form}
      noValidate
      aria-label={buying ? 'Sign in' : undefined}
      onSubmit={(e) => {
        e.preventDefault();
        actor.send({ type: 'form.submit' });
      }}
    >
      <FormAlert tone="error">{formError ?? signedOutBecause}</FormAlert>
      <TextField label="Email" type="email" autoComplete="email" {...bind('email')} />
      <PasswordField label="Password" autoComplete="current-password" {...bind('password')} />
      <div className={layout.splitRow}>
        <CheckboxField
          label="Remember me"
          checked={rememberMe}
          onCheckedChange={(checked) => actor.send({ type: 'rememberMe.change', checked })}
        />
        <Link to="/forgot-password" className={layout.link}>
          Forgot password?
        </Link>
      </div>
      <Button type="submit" block busy={busy}>
        {busy ? 'Logging in...' : 'Sign in'}
      </Button>
      <p className={layout.footnote}>
        Don't have an account?{' '}
        <Link to="/signup" search={{ from }} className={layout.link}>
          Sign up
        </Link>
      </p>
    </form>
  );

  // Reached from Get Tickets: most buyers have no account, so the no-account path comes first (on a
  // phone it is on the first screen) and signing in follows under its own heading.
  if (buying && from)
    return (
      <AuthLayout title="Get your tickets" subtitle="No account needed: your tickets come by email.">
        <QuickCheckoutForm from={from} />
        <section className={layout.signInBox} aria-labelledby="sign-in-title">
          <h2 id="sign-in-title" className={layout.quickTitle}>
            Welcome back
          </h2>
          <p className={layout.boxLead}>Already have an account? Sign in to use it.</p>
          {signInForm}
        </section>
      </AuthLayout>
    );

  return (
    <AuthLayout title="Welcome back" subtitle="Sign in to manage your events and tickets.">
      {signInForm}
    </AuthLayout>
  );
}
