import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { fromPromise } from 'xstate';
import { TEAM_ROLE_LABELS } from '../../contract/team';
import { teamAcceptMachine } from '../../machines/teamAccept.machine';
import { acceptTeamInvitation } from '../api/team';
import { useIsAuthenticated } from '../app/session';
import { AuthLayout } from '../auth/AuthLayout';
import { Button, ButtonLink } from '../ui/Button';
import { FormAlert } from '../ui/Field';
import * as field from '../ui/field.css';

/** Where a pending invitation's token waits while its invitee signs in (this tab only). */
export const PENDING_INVITE_KEY = 'gatepass:team-invite';

const machine = teamAcceptMachine.provide({
  actors: { accept: fromPromise(({ input }) => acceptTeamInvitation(input)) },
});

/**
 * /team/accept#token=…: the link in a team invitation (decision 043). Signed in, it accepts at once;
 * otherwise it asks to sign in (the token waits in this tab's session storage, never in a URL the
 * server sees) and accepts when the visitor comes back signed in.
 */
export function TeamAcceptPage({ token }: { token: string }) {
  const signedIn = useIsAuthenticated();
  const actor = useActorRef(machine, { input: { token, signedIn } });
  const state = useSelector(actor, (s) => s.value);
  const c = useSelector(actor, (s) => s.context);
  useEffect(() => {
    if (signedIn) actor.send({ type: 'signedIn' });
  }, [signedIn, actor]);
  useEffect(() => {
    if (state === 'accepted') sessionStorage.removeItem(PENDING_INVITE_KEY);
  }, [state]);

  if (state === 'accepted' && c.joined) {
    const { eventId, eventName, role } = c.joined;
    return (
      <AuthLayout title="You're on the team" subtitle={`${eventName} · ${TEAM_ROLE_LABELS[role]}`}>
        <div className={field.form}>
          <FormAlert tone="success">{c.joined.message}</FormAlert>
          {eventId === null ? (
            // All the owner's events: they are listed on the profile, each opening the member's screen.
            <ButtonLink to="/profile" block>
              See the events
            </ButtonLink>
          ) : role === 'door' ? (
            <ButtonLink to="/checkin/$eventId" params={{ eventId }} search={{}} block>
              Open the scanner
            </ButtonLink>
          ) : (
            <ButtonLink
              to="/profile-event/$tab/$eventId"
              params={{ tab: role === 'finance' ? 'Sales' : 'Details', eventId }}
              block
            >
              Open the event
            </ButtonLink>
          )}
        </div>
      </AuthLayout>
    );
  }
  return (
    <AuthLayout title="Join the event team" subtitle="Accept the invitation you were emailed.">
      <div className={field.form}>
        {state === 'noToken' && (
          <FormAlert tone="error">
            This link is incomplete: open it again from your invitation email.
          </FormAlert>
        )}
        {state === 'signIn' && (
          <>
            <p>Sign in with the email address the invitation was sent to, then it is accepted here.</p>
            <ButtonLink to="/login" search={{ from: '/team/accept' }} block>
              Sign in to accept
            </ButtonLink>
            <ButtonLink to="/signup" tone="secondary" block>
              Create an account
            </ButtonLink>
          </>
        )}
        {state === 'accepting' && <p role="status">Accepting the invitation…</p>}
        {state === 'failed' && (
          <>
            <FormAlert tone="error">{c.error}</FormAlert>
            <Button tone="secondary" block onClick={() => actor.send({ type: 'retry' })}>
              Try again
            </Button>
          </>
        )}
      </div>
    </AuthLayout>
  );
}
