import { assign, fromPromise, setup } from 'xstate';
import type { UnsubscribedResponse } from '../contract/guestMessages';
import { messageOr, statusOf } from './lib/form';

/**
 * The unsubscribe page (decision 070): opening the link in an organiser's message is the one click.
 * The page sends the link's token at once and confirms which event's messages stop for which address.
 * A link the server refuses (400: altered or forged; 404: the event is gone) ends on its words; a
 * network failure can be tried again, and trying again is harmless (unsubscribing twice is once).
 */
export const guestUnsubscribeMachine = setup({
  types: {
    input: {} as { token: string | undefined },
    context: {} as { token: string; done: UnsubscribedResponse | null; message: string | null },
    events: {} as { type: 'retry' },
  },
  actors: {
    unsubscribe: fromPromise<UnsubscribedResponse, { token: string }>(async () => {
      throw new Error('unsubscribe actor not provided');
    }),
  },
  guards: {
    hasToken: ({ context }) => context.token.length > 0,
    refused: ({ event }) => {
      const status = statusOf((event as { error?: unknown }).error);
      return status >= 400 && status < 500;
    },
  },
}).createMachine({
  id: 'guestUnsubscribe',
  context: ({ input }) => ({ token: input.token?.trim() ?? '', done: null, message: null }),
  initial: 'checking',
  states: {
    checking: {
      always: [
        { guard: 'hasToken', target: 'unsubscribing' },
        {
          target: 'invalid',
          actions: assign({
            message: 'This unsubscribe link is incomplete. Use the link in the latest message.',
          }),
        },
      ],
    },
    unsubscribing: {
      invoke: {
        id: 'unsubscribe',
        src: 'unsubscribe',
        input: ({ context }) => ({ token: context.token }),
        onDone: {
          target: 'unsubscribed',
          actions: assign(({ event }) => ({ done: event.output, message: null })),
        },
        onError: [
          {
            guard: 'refused',
            target: 'invalid',
            actions: assign(({ event }) => ({
              message: messageOr(event.error, 'This unsubscribe link is not valid.'),
            })),
          },
          {
            target: 'failed',
            actions: assign(({ event }) => ({
              message: messageOr(
                event.error,
                'We could not reach Gatepass. Check your connection and try again.',
              ),
            })),
          },
        ],
      },
    },
    failed: { on: { retry: { target: 'unsubscribing', actions: assign({ message: null }) } } },
    unsubscribed: { type: 'final' },
    invalid: { type: 'final' },
  },
});
