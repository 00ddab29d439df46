import { assign, fromPromise, setup } from 'xstate';
import type { TicketView } from '../contract/orders';
import { SHARE_TOKEN_PATTERN } from '../contract/ticketChanges';
import { messageOr, statusOf } from './lib/form';

/**
 * /t#token: a ticket opened by its own link, without an account (issue #23, decision 040). It loads
 * the ticket (a link that was replaced or cancelled is 'gone', with the server's words); a signed-in
 * visitor may then claim it into their account (`claimed` with the new ticket's code, provided by
 * the page). A malformed or missing token is gone without a request.
 */
export const sharedTicketMachine = setup({
  types: {
    input: {} as { token: string },
    context: {} as { token: string; ticket: TicketView | null; error: string | null },
    events: {} as { type: 'retry' } | { type: 'claim' },
  },
  actors: {
    open: fromPromise<TicketView, { token: string }>(async () => {
      throw new Error('open actor not provided');
    }),
    claim: fromPromise<{ code: string; message: string }, { token: string }>(async () => {
      throw new Error('claim actor not provided');
    }),
  },
  actions: {
    notify: (_, _params: { tone: 'success' | 'error'; text: string }) => {},
    claimed: (_, _params: { code: string }) => {},
  },
  guards: {
    wellFormed: ({ context }) => SHARE_TOKEN_PATTERN.test(context.token),
    notFound: ({ event }) => statusOf((event as { error?: unknown }).error) === 404,
  },
}).createMachine({
  id: 'sharedTicket',
  context: ({ input }) => ({ token: input.token, ticket: null, error: null }),
  initial: 'checking',
  states: {
    checking: {
      always: [
        { guard: 'wellFormed', target: 'loading' },
        {
          target: 'gone',
          actions: assign({
            error: 'This ticket link is not complete. Open it again from the message you received.',
          }),
        },
      ],
    },
    loading: {
      invoke: {
        id: 'open',
        src: 'open',
        input: ({ context }) => ({ token: context.token }),
        onDone: { target: 'shown', actions: assign(({ event }) => ({ ticket: event.output, error: null })) },
        onError: [
          {
            guard: 'notFound',
            target: 'gone',
            actions: assign(({ event }) => ({
              error: messageOr(event.error, 'This ticket link no longer works.'),
            })),
          },
          {
            target: 'failed',
            actions: assign(({ event }) => ({
              error: messageOr(
                event.error,
                'The ticket could not be loaded. Check your connection and try again.',
              ),
            })),
          },
        ],
      },
    },
    failed: { on: { retry: 'loading' } },
    gone: { type: 'final' },
    shown: { on: { claim: { target: 'claiming', actions: assign({ error: null }) } } },
    claiming: {
      invoke: {
        id: 'claim',
        src: 'claim',
        input: ({ context }) => ({ token: context.token }),
        onDone: {
          target: 'claimed',
          actions: [
            {
              type: 'notify',
              params: ({ event }) => ({ tone: 'success' as const, text: event.output.message }),
            },
            { type: 'claimed', params: ({ event }) => ({ code: event.output.code }) },
          ],
        },
        onError: {
          target: 'shown',
          actions: assign(({ event }) => ({
            error: messageOr(event.error, 'The ticket could not be added to your account. Please try again.'),
          })),
        },
      },
    },
    claimed: { type: 'final' },
  },
});
