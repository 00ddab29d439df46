import { useNavigate } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { fromPromise } from 'xstate';
import type { SetPasswordRequest } from '../../contract/users';
import { setPasswordMachine } from '../../machines/quickCheckout.machine';
import { setPassword } from '../api/users';
import { signIn } from '../app/session';
import { Button } from '../ui/Button';
import { FormAlert, PasswordField } from '../ui/Field';
import * as field from '../ui/field.css';
import { notify } from '../ui/notify';
import { useFormFields } from '../ui/useFormFields';
import { AuthLayout } from './AuthLayout';

/**
 * /set-password#token=…: the link in a quick-checkout buyer's ticket email (decision 038). The token
 * is read from the fragment (never sent to a server in a URL, never logged) and posted with the new
 * password; success confirms the email, ends other sessions and signs in.
 */
export function SetPasswordPage({ token }: { token: string }) {
  const navigate = useNavigate();
  const machine = useMemo(() => setPasswordMachine(token), [token]);
  const actor = useActorRef(
    machine.provide({
      actors: { submit: fromPromise(({ input }) => setPassword(input as SetPasswordRequest)) },
      actions: {
        signedIn: (_, { token: session, user }) =>
          void signIn(session, user).then(() => {
            notify.success('Password set. Your tickets are in My Tickets.');
            return navigate({ to: '/profile', replace: true });
          }),
      },
    }),
  );
  const bind = useFormFields<SetPasswordRequest>(actor);
  const formError = useSelector(actor, (s) => s.context.formError);
  const busy = useSelector(actor, (s) => !s.matches('editing'));
  return (
    <AuthLayout title="Set your password" subtitle="Choose a password for the account your tickets are in.">
      <form
        className={field.form}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          actor.send({ type: 'form.submit' });
        }}
      >
        <FormAlert tone="error">
          {!token ? 'This link is incomplete: open it again from your ticket email.' : formError}
        </FormAlert>
        <PasswordField label="New password" autoComplete="new-password" {...bind('password')} />
        <PasswordField label="Confirm password" autoComplete="new-password" {...bind('confirmPassword')} />
        <Button type="submit" block busy={busy} disabled={!token}>
          Set password and sign in
        </Button>
      </form>
    </AuthLayout>
  );
}
