import { assign, fromPromise, setup } from 'xstate';
import type { ScanResponse } from '../contract/checkin';
import { messageOr } from './lib/form';

/**
 * Admitting a guest picked in the door screen's guest search (decision 043 amendment): a scan of the
 * ticket's id on the server (decision 049: the search shows no references), so the one-admission rule and its words are the scanner's. One
 * admission at a time (the search's Admit buttons wait); the answer is said as a toast and kept as
 * the last verdict, with the counts the server now holds.
 */
export const doorAdmitMachine = setup({
  types: {
    input: {} as { eventId: string },
    context: {} as { eventId: string; ticketId: string; last: ScanResponse | null; error: string | null },
    events: {} as { type: 'admit'; ticketId: string },
  },
  actors: {
    admit: fromPromise<ScanResponse, { eventId: string; ticketId: string }>(async () => {
      throw new Error('admit actor not provided');
    }),
  },
  actions: {
    notify: (_, _params: { tone: 'success' | 'error'; text: string }) => {},
  },
}).createMachine({
  id: 'doorAdmit',
  // Stryker disable next-line StringLiteral: `admit` sets the ticket before any scan can read it
  context: ({ input }) => ({ eventId: input.eventId, ticketId: '', last: null, error: null }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        admit: {
          target: 'admitting',
          actions: assign(({ event }) => ({ ticketId: event.ticketId, error: null })),
        },
      },
    },
    admitting: {
      invoke: {
        id: 'admit',
        src: 'admit',
        input: ({ context }) => ({ eventId: context.eventId, ticketId: context.ticketId }),
        onDone: {
          target: 'idle',
          actions: [
            assign(({ event }) => ({ last: event.output })),
            {
              type: 'notify',
              params: ({ event }) => ({
                tone: event.output.result === 'checked_in' ? ('success' as const) : ('error' as const),
                text: event.output.message,
              }),
            },
          ],
        },
        onError: {
          target: 'idle',
          actions: [
            assign(({ event }) => ({
              error: messageOr(event.error, 'Not admitted: the scan did not reach the server.'),
            })),
            {
              type: 'notify',
              params: ({ event }) => ({
                tone: 'error' as const,
                text: messageOr(event.error, 'Not admitted: the scan did not reach the server.'),
              }),
            },
          ],
        },
      },
    },
  },
});
