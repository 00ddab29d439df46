import { assign, fromPromise, setup } from 'xstate';
import type { TeamAcceptResponse } from '../contract/team';
import { messageOr } from './lib/form';

/**
 * /team/accept (decision 043): the invitation's token (from the link's fragment) is sent once the
 * visitor is signed in; the answer is the event and role joined, or the server's sentence (wrong
 * account, expired, withdrawn). Without a token there is nothing to send.
 */
export const teamAcceptMachine = setup({
  types: {
    input: {} as { token: string; signedIn: boolean },
    context: {} as {
      token: string;
      signedIn: boolean;
      joined: TeamAcceptResponse | null;
      error: string | null;
    },
    events: {} as { type: 'signedIn' } | { type: 'retry' },
  },
  actors: {
    accept: fromPromise<TeamAcceptResponse, { token: string }>(async () => {
      throw new Error('accept actor not provided');
    }),
  },
  guards: {
    noToken: ({ context }) => context.token === '',
    signedIn: ({ context }) => context.signedIn,
  },
}).createMachine({
  id: 'teamAccept',
  context: ({ input }) => ({ token: input.token, signedIn: input.signedIn, joined: null, error: null }),
  initial: 'start',
  states: {
    start: {
      always: [
        { guard: 'noToken', target: 'noToken' },
        { guard: 'signedIn', target: 'accepting' },
        { target: 'signIn' },
      ],
    },
    noToken: { type: 'final' },
    signIn: { on: { signedIn: 'accepting' } },
    accepting: {
      invoke: {
        id: 'accept',
        src: 'accept',
        input: ({ context }) => ({ token: context.token }),
        onDone: {
          target: 'accepted',
          actions: assign(({ event }) => ({ joined: event.output, error: null })),
        },
        onError: {
          target: 'failed',
          actions: assign(({ event }) => ({
            error: messageOr(event.error, 'The invitation could not be accepted.'),
          })),
        },
      },
    },
    accepted: { type: 'final' },
    failed: { on: { retry: 'accepting' } },
  },
});
