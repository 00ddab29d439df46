import { Switch } from '@ark-ui/react/switch';
import { useActorRef, useSelector } from '@xstate/react';
import { useId } from 'react';
import { fromPromise } from 'xstate';
import type { PublicUser, UpdateProfileRequest } from '../../contract/users';
import { accountSettingsMachine } from '../../machines/accountSettings.machine';
import { deleteAccountMachine } from '../../machines/deleteAccount.machine';
import { sessionSettingsMachine, type TimeoutMinutes } from '../../machines/sessionSettings.machine';
import { deleteAccount, updateProfile, updateSettings } from '../api/users';
import { endSession, replaceSessionUser } from '../app/session';
import { Button } from '../ui/Button';
import { FormAlert, PasswordField, TextField } from '../ui/Field';
import * as forms from '../ui/field.css';
import { notify } from '../ui/notify';
import { useFormFields } from '../ui/useFormFields';
import * as styles from './AccountSettings.css';

function ProfileForm({ user }: { user: PublicUser }) {
  const actor = useActorRef(
    accountSettingsMachine.provide({
      actors: { updateProfile: fromPromise(({ input }) => updateProfile(input)) },
      actions: { profileSaved: (_, { user: saved }) => replaceSessionUser(saved) },
    }),
    { input: { user } },
  );
  const bind = useFormFields<UpdateProfileRequest>(actor);
  const formError = useSelector(actor, (s) => s.context.formError);
  const success = useSelector(actor, (s) => s.context.success);
  const busy = useSelector(actor, (s) => s.matches('saving'));
  const pendingEmail = user.pendingEmail;

  return (
    <form
      className={forms.form}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        actor.send({ type: 'form.submit' });
      }}
    >
      <h3 className={styles.sectionTitle}>Profile</h3>
      <FormAlert tone="error">{formError}</FormAlert>
      <FormAlert tone="success">{success}</FormAlert>
      <div className={forms.row}>
        <TextField label="Firstname" autoComplete="given-name" {...bind('firstName')} />
        <TextField label="Lastname" autoComplete="family-name" {...bind('lastName')} />
      </div>
      <TextField label="Username" autoComplete="username" {...bind('username')} />
      <TextField label="Email address" type="email" autoComplete="email" {...bind('email')} />
      {pendingEmail && (
        <p className={forms.hint}>
          We sent a link to {pendingEmail}. Your sign-in email changes once you open it; until then it stays{' '}
          {user.email}.
        </p>
      )}
      <div className={styles.actions}>
        <Button type="submit" busy={busy}>
          {busy ? 'Saving...' : 'Save Changes'}
        </Button>
      </div>
    </form>
  );
}

const TIMEOUTS: TimeoutMinutes[] = [5, 10, 15, 30];

function SessionManagement({ user }: { user: PublicUser }) {
  const selectId = useId();
  const actor = useActorRef(
    sessionSettingsMachine.provide({
      actors: { updateSettings: fromPromise(({ input }) => updateSettings(input)) },
      actions: { settingsSaved: (_, { user: saved }) => replaceSessionUser(saved) },
    }),
    { input: { user } },
  );
  const minutes = useSelector(actor, (s) => s.context.inactivityMinutes);
  const concurrent = useSelector(actor, (s) => s.context.concurrentSessions);
  const busy = useSelector(actor, (s) => s.matches('saving'));
  const error = useSelector(actor, (s) => s.context.error);
  const notice = useSelector(actor, (s) => s.context.notice);

  return (
    <section className={styles.section} aria-labelledby={`${selectId}-title`}>
      <h3 id={`${selectId}-title`} className={styles.sectionTitle}>
        Session Management
      </h3>
      <FormAlert tone="error">{error}</FormAlert>
      <FormAlert tone="success">{notice}</FormAlert>
      <div className={styles.settingRow}>
        <div className={styles.settingText}>
          <label htmlFor={selectId} className={forms.label}>
            Timeouts
          </label>
          <span className={styles.sectionText}>Sign out after this long without a click or key press.</span>
          {user.inactivityChosen ? null : (
            // No choice made yet: the server applies the role's default (decision 053 §5).
            <span className={forms.hint}>
              Not chosen yet: {user.inactivityMinutes} minutes is the default for you (30 for ticket holders,
              15 for organisers).
            </span>
          )}
        </div>
        <select
          id={selectId}
          className={styles.select}
          value={minutes}
          disabled={busy}
          onChange={(e) =>
            actor.send({ type: 'timeout.change', minutes: Number(e.target.value) as TimeoutMinutes })
          }
        >
          {TIMEOUTS.map((m) => (
            <option key={m} value={m}>
              {m}mins
            </option>
          ))}
        </select>
      </div>
      <div className={styles.settingRow}>
        <div className={styles.settingText}>
          <span className={forms.label} id={`${selectId}-concurrent`}>
            Concurrent sessions
          </span>
          <span className={styles.sectionText}>
            Stay signed in on several devices at once. Turning it off signs out every other device.
          </span>
        </div>
        <Switch.Root
          className={styles.switchRoot}
          checked={concurrent}
          disabled={busy}
          onCheckedChange={({ checked }) => actor.send({ type: 'concurrent.change', enabled: checked })}
        >
          <Switch.Control className={styles.switchControl}>
            <Switch.Thumb className={styles.switchThumb} />
          </Switch.Control>
          <Switch.Label className={forms.hint}>{concurrent ? 'On' : 'Off'}</Switch.Label>
          <Switch.HiddenInput aria-labelledby={`${selectId}-concurrent`} />
        </Switch.Root>
      </div>
    </section>
  );
}

function DeleteAccount({ onClose }: { onClose: () => void }) {
  const actor = useActorRef(
    deleteAccountMachine.provide({
      actors: { deleteAccount: fromPromise(({ input }) => deleteAccount(input)) },
      actions: {
        accountDeleted: () => {
          onClose();
          notify.success('Your account has been deleted.');
          endSession();
        },
      },
    }),
  );
  const confirming = useSelector(actor, (s) => !s.matches('closed'));
  const busy = useSelector(actor, (s) => s.matches('deleting'));
  const password = useSelector(actor, (s) => s.context.password);
  const error = useSelector(actor, (s) => s.context.error);
  const refusal = useSelector(actor, (s) => s.context.refusal);

  return (
    <section className={styles.dangerZone} aria-label="Delete account">
      <div className={styles.settingText}>
        <h3 className={styles.sectionTitle}>Delete account</h3>
        <p className={styles.sectionText}>
          Deleting your account removes your profile and signs you out everywhere. It cannot be undone.
        </p>
      </div>
      {confirming ? (
        <form
          className={forms.form}
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            actor.send({ type: 'form.submit' });
          }}
        >
          <PasswordField
            label="Enter your password to confirm"
            autoComplete="current-password"
            value={password}
            error={error ?? undefined}
            onValueChange={(value) => actor.send({ type: 'field.change', value })}
          />
          <FormAlert tone="error">{refusal}</FormAlert>
          <div className={styles.actions}>
            <Button type="submit" tone="danger" busy={busy}>
              {busy ? 'Deleting...' : 'Delete my account'}
            </Button>
            <Button tone="ghost" disabled={busy} onClick={() => actor.send({ type: 'delete.cancel' })}>
              Cancel
            </Button>
          </div>
        </form>
      ) : (
        <div className={styles.actions}>
          <Button tone="danger" onClick={() => actor.send({ type: 'delete.start' })}>
            Delete account
          </Button>
        </div>
      )}
    </section>
  );
}

export function AccountSection({ user, onClose }: { user: PublicUser; onClose: () => void }) {
  return (
    <>
      <ProfileForm user={user} />
      <hr className={styles.divider} />
      <SessionManagement user={user} />
      <DeleteAccount onClose={onClose} />
    </>
  );
}
