import { useNavigate } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { type ResetPasswordValues, resetPasswordMachine } from '../../machines/resetPassword.machine';
import { resetPassword } from '../api/users';
import { endSession, isAuthenticated } from '../app/session';
import { Button } from '../ui/Button';
import { FormAlert, PasswordField } from '../ui/Field';
import * as field from '../ui/field.css';
import { notify } from '../ui/notify';
import { useFormFields } from '../ui/useFormFields';
import { AuthLayout } from './AuthLayout';
import * as layout from './AuthLayout.css';

/** Reset password: 'Set new password', two fields with toggles, 'Create password' / 'Resetting...'. */
export function ResetPasswordPage({ email, resetToken }: { email: string; resetToken: string }) {
  const navigate = useNavigate();
  const actor = useActorRef(
    resetPasswordMachine.provide({
      actors: { resetPassword: fromPromise(({ input }) => resetPassword(input)) },
      actions: {
        passwordReset: () => {
          notify.success('Your password has been reset. Sign in with your new password.');
          // A reset ends every session of the account, including this one if it started from settings.
          if (isAuthenticated()) endSession();
          else void navigate({ to: '/login', replace: true });
        },
      },
    }),
    { input: { email, resetToken } },
  );
  const bind = useFormFields<ResetPasswordValues>(actor);
  const formError = useSelector(actor, (s) => s.context.formError);
  const busy = useSelector(actor, (s) => !s.matches('editing'));

  return (
    <AuthLayout
      title="Set new password"
      subtitle={
        <>
          Choose a new password for <span className={layout.emphasis}>{email}</span>.
        </>
      }
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
        <PasswordField label="New password" autoComplete="new-password" {...bind('newPassword')} />
        <PasswordField label="Confirm password" autoComplete="new-password" {...bind('confirmPassword')} />
        <p className={field.hint}>At least 8 characters, with a number and a special character.</p>
        <Button type="submit" block busy={busy}>
          {busy ? 'Resetting...' : 'Create password'}
        </Button>
      </form>
    </AuthLayout>
  );
}
