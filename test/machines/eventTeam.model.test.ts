import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { type TeamResponse, teamInviteRequest } from '../../contract/team';
import { eventTeamMachine, inviteBody } from '../../machines/eventTeam.machine';
import { teamAcceptMachine } from '../../machines/teamAccept.machine';
import { runFlowPath } from '../helpers/flowPath';
import { expectFullCoverage, flowModel, httpError, networkError } from '../helpers/machineModel';
import { machineShape } from '../helpers/machineShape';

const input = { eventId: '5f0c3c1e-7a2b-4c8d-9e1f-2a3b4c5d6e7f' };
const pending: TeamResponse = {
  invitations: [
    {
      id: '9a000000-0000-4000-8000-000000000001',
      email: 'gate@example.ng',
      role: 'door',
      scope: 'event',
      invitedAt: '2026-11-26T09:00:00.000Z',
      expiresAt: '2026-12-03T09:00:00.000Z',
      expired: false,
    },
  ],
  members: [],
  activity: [],
};
const invited: TeamResponse = {
  ...pending,
  invitations: [
    ...pending.invitations,
    {
      ...pending.invitations[0]!,
      id: '9a000000-0000-4000-8000-000000000002',
      email: 'money@example.ng',
      role: 'finance',
      scope: 'all',
    },
  ],
};
const empty: TeamResponse = { invitations: [], members: [], activity: [] };

type Invite = { email: string; role: string; scope: string };
/** The contract's words per field for an invitation (first problem each), the email trimmed. */
const inviteErrors = (v: Invite) => {
  const r = teamInviteRequest.safeParse({ ...v, email: v.email.trim() });
  const out: Record<string, string> = {};
  if (!r.success) for (const i of r.error.issues) out[String(i.path[0])] ??= i.message;
  return out;
};

/**
 * The Team tab as decision 043 describes it, written apart from the machine: loads the team (a
 * failure says so and offers retry); an invitation form quiet until its first submit, reset after
 * a sent invitation (toast naming the email); a refused invitation keeps the form with the server's
 * words; removing someone shows the new team or says nothing was removed.
 */
function teamOracle(eventId: string) {
  const blank: Invite = { email: '', role: 'door', scope: 'event' };
  const o = {
    state: 'loading' as string,
    context: {
      eventId,
      team: empty,
      values: blank,
      errors: {} as Record<string, string>,
      submitted: false,
      formError: null as string | null,
      removingId: null as string | null,
    },
    notices: [] as string[],
  };
  const c = o.context;
  const server = (e: { [k: string]: unknown }) => (e.error as { serverMessage?: string }).serverMessage;
  const apply = (e: { type: string; [k: string]: unknown }) => {
    if (o.state === 'loading' && e.type === 'xstate.done.actor.load') {
      o.state = 'idle';
      c.team = e.output as TeamResponse;
    } else if (o.state === 'loading' && e.type === 'xstate.error.actor.load') {
      o.state = 'failed';
      c.formError = server(e) ?? 'The team could not be loaded.';
    } else if (o.state === 'failed' && e.type === 'retry') {
      o.state = 'loading';
      c.formError = null;
    } else if (o.state === 'idle' && e.type === 'field.change') {
      c.values = { ...c.values, [e.name as string]: e.value as string };
      if (c.submitted) c.errors = inviteErrors(c.values);
      c.formError = null;
    } else if (o.state === 'idle' && e.type === 'form.submit') {
      const errors = inviteErrors(c.values);
      if (Object.keys(errors).length === 0) o.state = 'inviting';
      else Object.assign(c, { errors, formError: null, submitted: true });
    } else if (o.state === 'idle' && e.type === 'remove') {
      o.state = 'removing';
      c.removingId = e.memberId as string;
    } else if (o.state === 'inviting' && e.type === 'xstate.done.actor.invite') {
      o.notices.push(`success: Invitation sent to ${c.values.email.trim()}`);
      Object.assign(c, { team: e.output, values: blank, submitted: false, errors: {} });
      o.state = 'idle';
    } else if (o.state === 'inviting' && e.type === 'xstate.error.actor.invite') {
      c.formError = server(e) ?? 'The invitation was not sent.';
      o.state = 'idle';
    } else if (o.state === 'removing' && e.type === 'xstate.done.actor.remove') {
      Object.assign(c, { team: e.output, removingId: null });
      o.notices.push('success: Removed from the team');
      o.state = 'idle';
    } else if (o.state === 'removing' && e.type === 'xstate.error.actor.remove') {
      c.removingId = null;
      o.notices.push(`error: ${server(e) ?? 'Nothing was removed. Please try again.'}`);
      o.state = 'idle';
    }
  };
  return { o, apply };
}

describe('event team (owner) paths', () => {
  beforeEach(() => void vi.useFakeTimers());
  const events = [
    { type: 'xstate.done.actor.load', output: pending },
    { type: 'xstate.error.actor.load', error: networkError() },
    { type: 'retry' },
    { type: 'field.change', name: 'email', value: 'money@example.ng' },
    { type: 'field.change', name: 'email', value: 'not-an-email' },
    { type: 'field.change', name: 'role', value: 'finance' },
    { type: 'field.change', name: 'scope', value: 'all' },
    { type: 'form.submit' },
    { type: 'xstate.done.actor.invite', output: invited },
    {
      type: 'xstate.error.actor.invite',
      error: httpError(409, 'This person is already on the team. Remove them first to change their role.'),
    },
    { type: 'remove', memberId: pending.invitations[0]!.id },
    { type: 'xstate.done.actor.remove', output: empty },
    { type: 'xstate.error.actor.remove', error: networkError() },
    { type: 'xstate.error.actor.remove', error: httpError(404, 'That member is no longer on the team.') },
    { type: 'xstate.error.actor.invite', error: networkError() },
    { type: 'field.change', name: 'email', value: '  gate2@example.ng ' },
  ];
  type Snap = SnapshotFrom<typeof eventTeamMachine>;
  const key = (s: Snap) => [
    s.context.team.invitations.length,
    s.context.values.email,
    s.context.values.role,
    s.context.values.scope,
    Object.keys(s.context.errors).length > 0,
    s.context.formError !== null,
  ];
  const paths = flowModel(eventTeamMachine, { events, key, input }).getShortestPaths();

  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_, path) => {
    const { o, apply } = teamOracle(input.eventId);
    const sent: unknown[] = [];
    await runFlowPath(path, {
      machine: eventTeamMachine,
      input,
      actorNames: ['load', 'invite', 'remove'],
      view: key,
      check: ({ event, real, before, calls, entered, notices }) => {
        // The oracle first: state, whole context and toasts after every step.
        const state = o.state;
        apply(event);
        if (o.state === 'inviting' && state !== 'inviting')
          sent.push({
            eventId: input.eventId,
            body: { ...o.context.values, email: o.context.values.email.trim() },
          });
        expect(real.matches({ ready: o.state } as never) || real.matches(o.state as never)).toBe(true);
        expect(real.context).toEqual(o.context);
        expect(notices).toEqual(o.notices);
        expect(calls.invite ?? []).toEqual(sent);
        expect(calls.load ?? []).toEqual(Array(entered('loading')).fill({ eventId: input.eventId }));
        if (real.matches({ ready: 'removing' }))
          expect(calls.remove?.at(-1)).toEqual({ eventId: input.eventId, memberId: o.context.removingId });
        // One invitation per submit that passed the contract's rules, with the form's body.
        expect((calls.invite ?? []).length).toBe(entered({ ready: 'inviting' }));
        if (event.type === 'form.submit' && real.matches({ ready: 'inviting' }))
          expect(calls.invite?.at(-1)).toEqual({
            eventId: input.eventId,
            body: inviteBody(real.context.values),
          });
        // An invitation to all events says so in its body; this event's says 'event'.
        if (event.type === 'form.submit' && real.matches({ ready: 'inviting' }))
          expect(calls.invite?.at(-1)).toMatchObject({ body: { scope: before?.context.values.scope } });
        if (event.type === 'form.submit' && !real.matches({ ready: 'inviting' }))
          expect(Object.keys(real.context.errors).length).toBeGreaterThan(0);
        if (event.type === 'xstate.done.actor.invite') {
          expect(real.context.team).toEqual(invited);
          expect(real.context.values).toEqual({ email: '', role: 'door', scope: 'event' });
        }
        if (event.type === 'xstate.error.actor.invite') {
          expect(real.context.values).toEqual(before?.context.values);
        }
        if (event.type === 'remove')
          expect(calls.remove?.at(-1)).toEqual({
            eventId: input.eventId,
            memberId: pending.invitations[0]!.id,
          });
        if (event.type === 'xstate.done.actor.remove') expect(real.context.team).toEqual(empty);
        if (event.type === 'xstate.error.actor.remove')
          expect(real.context.team).toEqual(before?.context.team);
      },
    });
  });

  it('covers every state and transition', () => expectFullCoverage(eventTeamMachine, paths));
});

describe('team invitation accept paths', () => {
  const allPaths: unknown[] = [];
  const joined = {
    eventId: input.eventId,
    eventName: 'Afrobeats Night',
    role: 'door' as const,
    scope: 'event' as const,
    message: 'ok',
  };
  for (const start of [
    { token: 'tok', signedIn: true },
    { token: 'tok', signedIn: false },
    { token: '', signedIn: true },
  ]) {
    const events = [
      { type: 'signedIn' },
      { type: 'xstate.done.actor.accept', output: joined },
      {
        type: 'xstate.error.actor.accept',
        error: httpError(410, 'This invitation has expired. Ask the organiser to invite you again.'),
      },
      { type: 'xstate.error.actor.accept', error: networkError() },
      { type: 'retry' },
    ];
    type Snap = SnapshotFrom<typeof teamAcceptMachine>;
    const key = (s: Snap) => [s.context.joined?.eventId ?? null, s.context.error];
    const paths = flowModel(teamAcceptMachine, { events, key, input: start }).getShortestPaths();
    allPaths.push(...paths);

    it.each(paths.map((p) => [`${JSON.stringify(start)} ${p.description}`, p] as const))(
      '%s',
      async (_, path) => {
        await runFlowPath(path, {
          machine: teamAcceptMachine,
          input: start,
          actorNames: ['accept'],
          view: key,
          check: ({ event, real, before, calls, entered }) => {
            // Resting places (decision 043): a link without a token and an accepted one are final.
            expect(real.status).toBe(real.matches('noToken') || real.matches('accepted') ? 'done' : 'active');
            if (event.type === 'xstate.init') {
              expect(real.context).toEqual({ ...start, joined: null, error: null });
              // A signed-in visitor with a token is accepting at once; signed out, asked to sign in.
              expect(real.value).toBe(
                start.token === '' ? 'noToken' : start.signedIn ? 'accepting' : 'signIn',
              );
            }
            if (event.type === 'signedIn') expect(real.context.error).toBeNull();
            if (event.type === 'retry') expect(real.context.error).toBe(before?.context.error);
            if (event.type === 'xstate.done.actor.accept') expect(real.context.error).toBeNull();
            // The token is sent once per attempt, only when there is one and the visitor is signed in.
            expect(calls.accept ?? []).toEqual(Array(entered('accepting')).fill({ token: 'tok' }));
            if (start.token === '') expect(real.matches('noToken')).toBe(true);
            if (event.type === 'xstate.done.actor.accept') expect(real.context.joined).toEqual(joined);
            if (event.type === 'xstate.error.actor.accept')
              expect(real.context.error).toBe(
                (event.error as { serverMessage?: string }).serverMessage ??
                  'The invitation could not be accepted.',
              );
          },
        });
      },
    );
  }

  it('covers every state and transition (over the three ways in)', () =>
    expectFullCoverage(teamAcceptMachine, allPaths as Parameters<typeof expectFullCoverage>[1]));

  it('has the shape decision 043 describes', () =>
    expect(machineShape(teamAcceptMachine)).toEqual([
      'state teamAccept.start always --> teamAccept.noToken [noToken] | --> teamAccept.accepting [signedIn] | --> teamAccept.signIn []',
      'state teamAccept.noToken (final)',
      'state teamAccept.signIn',
      'state teamAccept.accepting invokes accept:accept',
      'state teamAccept.accepted (final)',
      'state teamAccept.failed',
      'teamAccept.accepting --xstate.done.actor.accept--> teamAccept.accepted []',
      'teamAccept.accepting --xstate.error.actor.accept--> teamAccept.failed []',
      'teamAccept.failed --retry--> teamAccept.accepting []',
      'teamAccept.signIn --signedIn--> teamAccept.accepting []',
    ]));
});
