import { assign, fromPromise, setup } from 'xstate';
import { type TeamInviteRequest, type TeamResponse, teamInviteRequest } from '../contract/team';
import { editField, type FieldErrors, hasErrors, messageOr, refusedSubmit, validate } from './lib/form';

/** scope: 'event' (this event) or 'all' (all the owner's events, present and future). */
export type TeamInviteValues = { email: string; role: string; scope: string };
export const emptyInvite: TeamInviteValues = { email: '', role: 'door', scope: 'event' };

export const inviteBody = (v: TeamInviteValues) =>
  ({ email: v.email.trim(), role: v.role, scope: v.scope }) as TeamInviteRequest;

const rules = { safeParse: (v: unknown) => teamInviteRequest.safeParse(inviteBody(v as TeamInviteValues)) };

const noTeam: TeamResponse = { invitations: [], members: [], activity: [] };

/**
 * The owner's Team tab (decision 043): pending invitations, members and their activity; a form that
 * invites an email with a role, to this event or to all the owner's events (the contract's rules and
 * words); revoking an invitation or removing
 * a member. Every answer from the server is the whole team again, so the screen shows what it holds.
 */
export const eventTeamMachine = setup({
  types: {
    input: {} as { eventId: string },
    context: {} as {
      eventId: string;
      team: TeamResponse;
      values: TeamInviteValues;
      errors: FieldErrors;
      submitted: boolean;
      formError: string | null;
      removingId: string | null;
    },
    events: {} as
      | { type: 'field.change'; name: 'email' | 'role' | 'scope'; value: string }
      | { type: 'form.submit' }
      | { type: 'remove'; memberId: string }
      | { type: 'retry' },
  },
  actors: {
    load: fromPromise<TeamResponse, { eventId: string }>(async () => {
      throw new Error('load actor not provided');
    }),
    invite: fromPromise<TeamResponse, { eventId: string; body: TeamInviteRequest }>(async () => {
      throw new Error('invite actor not provided');
    }),
    remove: fromPromise<TeamResponse, { eventId: string; memberId: string }>(async () => {
      throw new Error('remove actor not provided');
    }),
  },
  actions: { notify: (_, _params: { tone: 'success' | 'error'; text: string }) => {} },
  guards: { valid: ({ context }) => !hasErrors(validate(rules, context.values)) },
}).createMachine({
  id: 'eventTeam',
  context: ({ input }) => ({
    eventId: input.eventId,
    team: noTeam,
    values: emptyInvite,
    errors: {},
    submitted: false,
    formError: null,
    removingId: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }) => ({ eventId: context.eventId }),
        onDone: { target: 'ready', actions: assign(({ event }) => ({ team: event.output })) },
        onError: {
          target: 'failed',
          actions: assign(({ event }) => ({
            formError: messageOr(event.error, 'The team could not be loaded.'),
          })),
        },
      },
    },
    failed: { on: { retry: { target: 'loading', actions: assign({ formError: null }) } } },
    ready: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'field.change': {
              actions: assign(({ context, event }) => ({
                ...editField(rules, context, event.name, event.value),
                formError: null,
              })),
            },
            'form.submit': [
              { guard: 'valid', target: 'inviting' },
              { actions: assign(({ context }) => refusedSubmit(rules, context.values)) },
            ],
            remove: { target: 'removing', actions: assign(({ event }) => ({ removingId: event.memberId })) },
          },
        },
        // Locked until the server answers: what was sent is what a refusal leaves to correct.
        inviting: {
          invoke: {
            id: 'invite',
            src: 'invite',
            input: ({ context }) => ({ eventId: context.eventId, body: inviteBody(context.values) }),
            onDone: {
              target: 'idle',
              actions: [
                {
                  type: 'notify',
                  params: ({ context }) => ({
                    tone: 'success' as const,
                    text: `Invitation sent to ${inviteBody(context.values).email}`,
                  }),
                },
                assign(({ event }) => ({
                  team: event.output,
                  values: emptyInvite,
                  submitted: false,
                  errors: {},
                })),
              ],
            },
            onError: {
              target: 'idle',
              actions: assign(({ event }) => ({
                formError: messageOr(event.error, 'The invitation was not sent.'),
              })),
            },
          },
        },
        removing: {
          invoke: {
            id: 'remove',
            src: 'remove',
            input: ({ context }) => ({ eventId: context.eventId, memberId: context.removingId ?? '' }),
            onDone: {
              target: 'idle',
              actions: [
                assign(({ event }) => ({ team: event.output, removingId: null })),
                { type: 'notify', params: { tone: 'success', text: 'Removed from the team' } },
              ],
            },
            onError: {
              target: 'idle',
              actions: [
                assign({ removingId: null }),
                {
                  type: 'notify',
                  params: ({ event }) => ({
                    tone: 'error' as const,
                    text: messageOr(event.error, 'Nothing was removed. Please try again.'),
                  }),
                },
              ],
            },
          },
        },
      },
    },
  },
});
