import { assign, fromPromise, setup } from 'xstate';
import type * as z from 'zod/mini';
import type { sessionInfo } from '../contract/users';
import { messageOr } from './lib/form';

export type SessionInfo = z.infer<typeof sessionInfo>;

/**
 * Security section: the account's active sessions (device, last seen) with 'Sign out' per session.
 * Signing one out removes it from the list once the server has ended it.
 */
export const activeSessionsMachine = setup({
  types: {
    context: {} as { sessions: SessionInfo[]; revokingId: string | null; error: string | null },
    events: {} as { type: 'session.revoke'; id: string } | { type: 'sessions.reload' },
  },
  actors: {
    fetchSessions: fromPromise<{ sessions: SessionInfo[] }>(async () => {
      throw new Error('fetchSessions actor not provided');
    }),
    revokeSession: fromPromise<unknown, { id: string }>(async () => {
      throw new Error('revokeSession actor not provided');
    }),
  },
}).createMachine({
  id: 'activeSessions',
  context: { sessions: [], revokingId: null, error: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'fetchSessions',
        src: 'fetchSessions',
        onDone: {
          target: 'loaded',
          actions: assign({ sessions: ({ event }) => event.output.sessions, error: null }),
        },
        onError: {
          target: 'failed',
          actions: assign({ error: ({ event }) => messageOr(event.error, 'Could not load your sessions.') }),
        },
      },
    },
    failed: {
      on: { 'sessions.reload': 'loading' },
    },
    loaded: {
      on: {
        'session.revoke': {
          target: 'revoking',
          actions: assign({ revokingId: ({ event }) => event.id, error: null }),
        },
        'sessions.reload': 'loading',
      },
    },
    revoking: {
      invoke: {
        id: 'revokeSession',
        src: 'revokeSession',
        // Stryker disable next-line StringLiteral: `session.revoke` sets revokingId before this state is entered
        input: ({ context }) => ({ id: context.revokingId ?? '' }),
        onDone: {
          target: 'loaded',
          actions: assign(({ context }) => ({
            sessions: context.sessions.filter((s) => s.id !== context.revokingId),
            revokingId: null,
          })),
        },
        onError: {
          target: 'loaded',
          actions: assign({
            revokingId: null,
            error: ({ event }) => messageOr(event.error, 'An error occurred.'),
          }),
        },
      },
    },
  },
});
