import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { activeSessionsMachine } from '../../machines/activeSessions.machine';
import { type ChangePasswordValues, changePasswordMachine } from '../../machines/changePassword.machine';
import { changePassword, fetchSessions, revokeSession } from '../api/users';
import { Button, Spinner } from '../ui/Button';
import { FormAlert, PasswordField } from '../ui/Field';
import * as forms from '../ui/field.css';
import { useFormFields } from '../ui/useFormFields';
import * as styles from './AccountSettings.css';

function ChangePassword() {
  const actor = useActorRef(
    changePasswordMachine.provide({
      actors: { changePassword: fromPromise(({ input }) => changePassword(input)) },
    }),
  );
  const bind = useFormFields<ChangePasswordValues>(actor);
  const formError = useSelector(actor, (s) => s.context.formError);
  const success = useSelector(actor, (s) => s.context.success);
  const busy = useSelector(actor, (s) => s.matches('saving'));

  return (
    <form
      className={forms.form}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        actor.send({ type: 'form.submit' });
      }}
    >
      <h3 className={styles.sectionTitle}>Change password</h3>
      <FormAlert tone="error">{formError}</FormAlert>
      <FormAlert tone="success">{success}</FormAlert>
      <PasswordField label="Current password" autoComplete="current-password" {...bind('currentPassword')} />
      <PasswordField label="New password" autoComplete="new-password" {...bind('newPassword')} />
      <PasswordField label="Confirm new password" autoComplete="new-password" {...bind('confirmPassword')} />
      <div className={styles.actions}>
        <Button type="submit" busy={busy}>
          {busy ? 'Saving...' : 'Change password'}
        </Button>
      </div>
    </form>
  );
}

const when = new Intl.DateTimeFormat('en-NG', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Africa/Lagos',
});

function ActiveSessions() {
  const actor = useActorRef(
    activeSessionsMachine.provide({
      actors: {
        fetchSessions: fromPromise(() => fetchSessions()),
        revokeSession: fromPromise(({ input }) => revokeSession(input)),
      },
    }),
  );
  const loading = useSelector(actor, (s) => s.matches('loading'));
  const failed = useSelector(actor, (s) => s.matches('failed'));
  const sessions = useSelector(actor, (s) => s.context.sessions);
  const revokingId = useSelector(actor, (s) => s.context.revokingId);
  const error = useSelector(actor, (s) => s.context.error);

  return (
    <section className={styles.section} aria-labelledby="active-sessions-title">
      <h3 id="active-sessions-title" className={styles.sectionTitle}>
        Active sessions
      </h3>
      <p className={styles.sectionText}>
        Devices signed in to your account. Sign out any you don't recognise.
      </p>
      <FormAlert tone="error">{error}</FormAlert>
      {loading && (
        <p className={forms.hint}>
          <Spinner label="Loading sessions" /> Loading sessions...
        </p>
      )}
      {failed && (
        <Button tone="secondary" size="sm" onClick={() => actor.send({ type: 'sessions.reload' })}>
          Try again
        </Button>
      )}
      {!loading && !failed && (
        <ul className={styles.sessionList}>
          {sessions.map((s) => (
            <li key={s.id} className={styles.sessionItem}>
              <div className={styles.settingText}>
                <span className={styles.sessionDevice}>
                  {s.device} {s.current && <span className={styles.badge}>This device</span>}
                </span>
                <span className={styles.sessionMeta}>
                  Last seen {when.format(new Date(s.lastSeenAt))}
                  {s.ip ? ` · ${s.ip}` : ''}
                </span>
              </div>
              {!s.current && (
                <Button
                  tone="secondary"
                  size="sm"
                  busy={revokingId === s.id}
                  disabled={revokingId !== null}
                  aria-label={`Sign out ${s.device}, last seen ${when.format(new Date(s.lastSeenAt))}`}
                  onClick={() => actor.send({ type: 'session.revoke', id: s.id })}
                >
                  Sign out
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function SecuritySection() {
  return (
    <>
      <ChangePassword />
      <hr className={styles.divider} />
      <ActiveSessions />
    </>
  );
}
