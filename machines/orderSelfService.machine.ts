import { assign, fromPromise, setup } from 'xstate';
import { messageOr } from './lib/form';

/**
 * A buyer's own confirmed order (issue #23, self-service): 'Email my tickets again', and for a free
 * order 'Give my tickets back' — asked to confirm first, since the tickets stop working at once. The
 * page provides the calls and what happens once the tickets are given back (`givenBack`).
 */
export const orderSelfServiceMachine = setup({
  types: {
    input: {} as { orderId: string },
    context: {} as { orderId: string; error: string | null },
    events: {} as
      | { type: 'resend' }
      | { type: 'giveBack.ask' }
      | { type: 'giveBack.confirm' }
      | { type: 'giveBack.cancel' },
  },
  actors: {
    resend: fromPromise<{ message: string }, { orderId: string }>(async () => {
      throw new Error('resend actor not provided');
    }),
    giveBack: fromPromise<unknown, { orderId: string }>(async () => {
      throw new Error('giveBack actor not provided');
    }),
  },
  actions: {
    notify: (_, _params: { tone: 'success' | 'error'; text: string }) => {},
    givenBack: () => {},
  },
}).createMachine({
  id: 'orderSelfService',
  context: ({ input }) => ({ orderId: input.orderId, error: null }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        resend: { target: 'resending', actions: assign({ error: null }) },
        'giveBack.ask': { target: 'confirming', actions: assign({ error: null }) },
      },
    },
    resending: {
      invoke: {
        id: 'resend',
        src: 'resend',
        input: ({ context }) => ({ orderId: context.orderId }),
        onDone: {
          target: 'idle',
          actions: {
            type: 'notify',
            params: ({ event }) => ({ tone: 'success' as const, text: event.output.message }),
          },
        },
        onError: {
          target: 'idle',
          actions: assign({
            error: ({ event }) => messageOr(event.error, 'The tickets could not be sent. Please try again.'),
          }),
        },
      },
    },
    confirming: {
      on: { 'giveBack.confirm': 'givingBack', 'giveBack.cancel': 'idle' },
    },
    givingBack: {
      invoke: {
        id: 'giveBack',
        src: 'giveBack',
        input: ({ context }) => ({ orderId: context.orderId }),
        onDone: {
          target: 'givenBack',
          actions: [
            {
              type: 'notify',
              params: { tone: 'success', text: 'Tickets given back. The seats are on sale again.' },
            },
            'givenBack',
          ],
        },
        onError: {
          target: 'idle',
          actions: assign({
            error: ({ event }) =>
              messageOr(event.error, 'The tickets could not be given back. Please try again.'),
          }),
        },
      },
    },
    givenBack: { type: 'final' },
  },
});
