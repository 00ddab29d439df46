import { useNavigate } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import type { PublicUser } from '../../contract/users';
import { forgotPasswordMachine } from '../../machines/forgotPassword.machine';
import { forgotPassword } from '../api/users';
import { Button } from '../ui/Button';
import { FormAlert } from '../ui/Field';
import * as forms from '../ui/field.css';
import * as styles from './AccountSettings.css';
import '../auth/emailState';

/**
 * The spec's settings view: the Login section with its three methods, only one selectable. Only
 * Email & Password exists on our server, so the other two are shown switched off with the reason
 * (docs/decisions/006). 'Reset password' starts the emailed-code flow for the account's email.
 */
export function LoginMethodsSection({ user, onClose }: { user: PublicUser; onClose: () => void }) {
  const navigate = useNavigate();
  const actor = useActorRef(
    forgotPasswordMachine.provide({
      actors: { requestCode: fromPromise(({ input }) => forgotPassword(input)) },
      actions: {
        codeSent: (_, { email }) => {
          onClose();
          void navigate({ to: '/forgot-password/email-code', state: { email } });
        },
      },
    }),
    { input: { email: user.email } },
  );
  const busy = useSelector(actor, (s) => s.matches('sending'));
  const formError = useSelector(actor, (s) => s.context.formError);

  return (
    <fieldset className={styles.fieldset}>
      <legend className={styles.sectionTitle}>Login</legend>
      <div className={styles.section}>
        <p className={styles.sectionText}>
          Choose how you sign in to Gatepass. Only one method can be on at a time.
        </p>
        <div className={styles.method}>
          <input
            id="login-method-email"
            type="radio"
            name="login-method"
            value="email"
            className={styles.methodRadio}
            defaultChecked
          />
          <label htmlFor="login-method-email" className={styles.methodName}>
            Email &amp; Password
          </label>
          <div className={styles.methodBody}>
            <span className={styles.sectionText}>
              Sign in with {user.email} and your password. Forgotten it? We'll email you a 6-digit code to set
              a new one.
            </span>
            <FormAlert tone="error">{formError}</FormAlert>
            <div className={styles.actions}>
              <Button
                tone="secondary"
                size="sm"
                busy={busy}
                onClick={() => actor.send({ type: 'form.submit' })}
              >
                {busy ? 'Sending OTP...' : 'Reset password'}
              </Button>
            </div>
          </div>
        </div>
        <div className={styles.method}>
          <input
            id="login-method-phone"
            type="radio"
            name="login-method"
            value="phone"
            className={styles.methodRadio}
            disabled
            aria-describedby="login-method-phone-why"
          />
          <label htmlFor="login-method-phone" className={styles.methodName}>
            Phone number &amp; Password
          </label>
          <span id="login-method-phone-why" className={`${styles.methodBody} ${styles.sectionText}`}>
            Not available yet: Gatepass does not send text messages.
          </span>
        </div>
        <div className={styles.method}>
          <input
            id="login-method-sso"
            type="radio"
            name="login-method"
            value="sso"
            className={styles.methodRadio}
            disabled
            aria-describedby="login-method-sso-why"
          />
          <label htmlFor="login-method-sso" className={styles.methodName}>
            Single sign-on
          </label>
          <span id="login-method-sso-why" className={`${styles.methodBody} ${styles.sectionText}`}>
            Not available: no sign-in provider is set up for Gatepass.
          </span>
        </div>
        <p className={forms.hint}>
          Email &amp; Password is your sign-in method, so there is nothing to save here.
        </p>
      </div>
    </fieldset>
  );
}
