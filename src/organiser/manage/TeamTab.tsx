import { useActorRef, useSelector } from '@xstate/react';
import type { FormEvent } from 'react';
import { fromPromise } from 'xstate';
import { TEAM_ROLE_LABELS, TEAM_ROLES, type TeamRole } from '../../../contract/team';
import { eventTeamMachine } from '../../../machines/eventTeam.machine';
import { fetchTeam, inviteToTeam, removeFromTeam } from '../../api/team';
import { Button } from '../../ui/Button';
import { FormAlert, TextField } from '../../ui/Field';
import * as fields from '../../ui/field.css';
import { notifyAction } from '../../ui/notify';
import * as rows from '../../ui/rowList.css';
import { SelectField } from '../EventDetailsFields';
import * as styles from '../organiser.css';
import * as team from './team.css';

const machine = eventTeamMachine.provide({
  actors: {
    load: fromPromise(({ input }) => fetchTeam(input.eventId)),
    invite: fromPromise(({ input }) => inviteToTeam(input)),
    remove: fromPromise(({ input }) => removeFromTeam(input)),
  },
  actions: { notify: notifyAction },
});

const ROLE_HELP: Record<TeamRole, string> = {
  co_organiser: 'Everything but payouts and the team.',
  finance: 'Sales, cancellations and exports. No edits.',
  door: 'Check-in, door links and the guest list. No sales figures, no edits.',
};

/** Where an invitation reaches: this event, or every event the owner runs (organiser_team). */
const SCOPES = [
  { value: 'event', label: 'This event' },
  { value: 'all', label: 'All my events' },
];

const when = (iso: string) =>
  new Intl.DateTimeFormat('en-NG', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'Africa/Lagos',
  }).format(new Date(iso));

/** The owner's Team tab (decision 043): invite by email with a role, pending invitations, members, activity. */
export function TeamTab({ eventId }: { eventId: string }) {
  const actor = useActorRef(machine, { input: { eventId } });
  const c = useSelector(actor, (s) => s.context);
  const loading = useSelector(actor, (s) => s.matches('loading'));
  const failed = useSelector(actor, (s) => s.matches('failed'));
  const inviting = useSelector(actor, (s) => s.matches({ ready: 'inviting' }));
  const ready = !loading && !failed;
  function submit(e: FormEvent) {
    e.preventDefault();
    actor.send({ type: 'form.submit' });
  }
  const removeButton = (memberId: string, label: string, text: string) => (
    <Button
      size="sm"
      tone="ghost"
      aria-label={label}
      busy={c.removingId === memberId}
      onClick={() => actor.send({ type: 'remove', memberId })}
    >
      {text}
    </Button>
  );
  return (
    <>
      <section className={styles.card} aria-labelledby="team-invite-title">
        <h2 id="team-invite-title" className={styles.subtitle}>
          Team
        </h2>
        <p className={styles.note}>
          Invite people to help run this event, or all your events. They get an email with a link that works
          for 7 days, and sign in with that email address to accept.
        </p>
        {loading && <p className={styles.note}>Loading the team…</p>}
        {failed && (
          <div className={styles.actionsSpread}>
            <FormAlert tone="error">{c.formError}</FormAlert>
            <Button tone="secondary" onClick={() => actor.send({ type: 'retry' })}>
              Try again
            </Button>
          </div>
        )}
        {ready && (
          <form className={fields.form} noValidate onSubmit={submit} aria-label="Invite to the team">
            <FormAlert tone="error">{c.formError}</FormAlert>
            <div className={fields.row}>
              <TextField
                label="Email"
                type="email"
                requiredMark
                placeholder="name@example.ng"
                value={c.values.email}
                error={c.errors.email}
                disabled={inviting}
                onValueChange={(value) => actor.send({ type: 'field.change', name: 'email', value })}
              />
              <SelectField
                label="Invite to"
                value={c.values.scope}
                error={c.errors.scope}
                options={SCOPES}
                disabled={inviting}
                onChange={(value) => actor.send({ type: 'field.change', name: 'scope', value })}
              />
              <SelectField
                label="Role"
                value={c.values.role}
                error={c.errors.role}
                options={TEAM_ROLES.map((r) => ({ value: r, label: TEAM_ROLE_LABELS[r] }))}
                disabled={inviting}
                onChange={(value) => actor.send({ type: 'field.change', name: 'role', value })}
              />
            </div>
            {c.values.role in ROLE_HELP && (
              <p className={styles.note}>
                {ROLE_HELP[c.values.role as TeamRole]}
                {c.values.scope === 'all' && ' On every event you run, those you create later too.'}
              </p>
            )}
            <div className={styles.actions}>
              <Button type="submit" busy={inviting}>
                Send invitation
              </Button>
            </div>
          </form>
        )}
      </section>
      {ready && (
        <section className={styles.card} aria-labelledby="team-members-title">
          <h2 id="team-members-title" className={styles.subtitle}>
            Members and invitations
          </h2>
          {c.team.members.length === 0 && c.team.invitations.length === 0 && (
            <p className={styles.note}>Nobody yet: only you run this event.</p>
          )}
          {c.team.members.length > 0 && (
            <ul className={rows.list} aria-label="Team members">
              {c.team.members.map((m) => (
                <li key={m.id} className={rows.row}>
                  <div className={team.rowText}>
                    <p>
                      <strong>{m.name || m.email}</strong>
                    </p>
                    <p className={styles.note}>
                      {TEAM_ROLE_LABELS[m.role]}
                      {m.scope === 'all' && (
                        <span className={`${styles.badge} ${team.scope}`}>All my events</span>
                      )}{' '}
                      · {m.email} · joined {when(m.joinedAt)}
                    </p>
                  </div>
                  {removeButton(
                    m.id,
                    m.scope === 'all' ? `Remove ${m.email} from all your events` : `Remove ${m.email}`,
                    'Remove',
                  )}
                </li>
              ))}
            </ul>
          )}
          {c.team.invitations.length > 0 && (
            <ul className={rows.list} aria-label="Pending invitations">
              {c.team.invitations.map((i) => (
                <li key={i.id} className={rows.row}>
                  <div className={team.rowText}>
                    <p>
                      <strong>{i.email}</strong>
                    </p>
                    <p className={styles.note}>
                      {TEAM_ROLE_LABELS[i.role]}
                      {i.scope === 'all' && (
                        <span className={`${styles.badge} ${team.scope}`}>All my events</span>
                      )}{' '}
                      ·{' '}
                      {i.expired ? (
                        <span className={styles.badgeWarn}>expired</span>
                      ) : (
                        `invited, expires ${when(i.expiresAt)}`
                      )}
                    </p>
                  </div>
                  {removeButton(i.id, `Revoke the invitation to ${i.email}`, 'Revoke')}
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
      {ready && (
        <section className={styles.card} aria-labelledby="team-activity-title">
          <h2 id="team-activity-title" className={styles.subtitle}>
            Activity
          </h2>
          {c.team.activity.length === 0 ? (
            <p className={styles.note}>Nothing yet. What team members do on this event appears here.</p>
          ) : (
            <ul className={rows.list} aria-label="Team activity">
              {c.team.activity.map((a) => (
                <li key={a.id} className={rows.row}>
                  <div className={team.rowText}>
                    <p>{a.action}</p>
                    <p className={styles.note}>
                      {a.actor} · {TEAM_ROLE_LABELS[a.role]} · {when(a.at)}
                    </p>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
    </>
  );
}
