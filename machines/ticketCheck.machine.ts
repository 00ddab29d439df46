import { assign, fromPromise, setup } from 'xstate';
import { CHECK_TOKEN_PATTERN, type TicketCheckResponse } from '../contract/liveCodes';
import { messageOr, statusOf } from './lib/form';

/**
 * /t#check=token: a ticket's check link (decision 058), for someone about to buy a ticket from
 * another person. It loads what the link may tell (valid, unused, transferable; never the code) and
 * can load it again (`refresh`) just before paying. A malformed token is refused without a request;
 * an unknown one is `gone`, in the server's words.
 */
export const ticketCheckMachine = setup({
  types: {
    input: {} as { token: string },
    context: {} as { token: string; check: TicketCheckResponse | null; error: string | null },
    events: {} as { type: 'refresh' },
  },
  actors: {
    check: fromPromise<TicketCheckResponse, { token: string }>(async () => {
      throw new Error('check actor not provided');
    }),
  },
  guards: {
    wellFormed: ({ context }) => CHECK_TOKEN_PATTERN.test(context.token),
    notFound: ({ event }) => statusOf((event as { error?: unknown }).error) === 404,
  },
}).createMachine({
  id: 'ticketCheck',
  context: ({ input }) => ({ token: input.token, check: null, error: null }),
  initial: 'start',
  states: {
    start: {
      always: [
        { guard: 'wellFormed', target: 'loading' },
        { target: 'gone', actions: assign({ error: 'This check link is not complete. Ask for it again.' }) },
      ],
    },
    loading: {
      invoke: {
        id: 'check',
        src: 'check',
        input: ({ context }) => ({ token: context.token }),
        onDone: { target: 'shown', actions: assign(({ event }) => ({ check: event.output, error: null })) },
        onError: [
          {
            guard: 'notFound',
            target: 'gone',
            actions: assign(({ event }) => ({
              error: messageOr(event.error, 'This check link does not work.'),
            })),
          },
          {
            target: 'failed',
            actions: assign(({ event }) => ({
              error: messageOr(
                event.error,
                'The ticket could not be checked. Check your connection and try again.',
              ),
            })),
          },
        ],
      },
    },
    failed: { on: { refresh: 'loading' } },
    shown: { on: { refresh: 'loading' } },
    gone: { type: 'final' },
  },
});
