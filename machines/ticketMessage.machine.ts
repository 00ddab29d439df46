import { assign, fromPromise, setup } from 'xstate';
import type { LatestGuestMessage } from '../contract/guestMessages';

type Message = NonNullable<LatestGuestMessage['message']>;

/**
 * The organiser's latest word on a guest's ticket page (decision 063): asked once by the ticket's
 * code or share token. No message, or a failed read, shows nothing — the ticket is what the page is
 * for, and the message also came by email — so both rest quietly.
 */
export const ticketMessageMachine = setup({
  types: {
    input: {} as { ticketKey: string },
    context: {} as { ticketKey: string; message: Message | null },
  },
  actors: {
    load: fromPromise<LatestGuestMessage, { key: string }>(async () => {
      throw new Error('load actor not provided');
    }),
  },
  guards: {
    hasMessage: ({ event }) => (event as unknown as { output: LatestGuestMessage }).output.message !== null,
  },
}).createMachine({
  id: 'ticketMessage',
  context: ({ input }) => ({ ticketKey: input.ticketKey, message: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }) => ({ key: context.ticketKey }),
        onDone: [
          {
            guard: 'hasMessage',
            target: 'shown',
            actions: assign(({ event }) => ({ message: event.output.message })),
          },
          { target: 'none' },
        ],
        onError: 'none',
      },
    },
    shown: { type: 'final' },
    none: { type: 'final' },
  },
});
