import { assign, fromPromise, setup } from 'xstate';
import { messageOr } from './lib/form';

/**
 * 'Have an access code?' on the ticket selection (decision 036): the buyer types a code, the server
 * says which hidden types it unlocks (or that it is not valid), and the page takes the buyer to the
 * selection with the code (`unlocked`, provided by the page). An empty code is never sent.
 */
export const accessCodeEntryMachine = setup({
  types: {
    context: {} as { code: string; error: string | null },
    events: {} as { type: 'code.change'; value: string } | { type: 'code.submit' },
  },
  actors: {
    check: fromPromise<unknown, { code: string }>(async () => {
      throw new Error('check actor not provided');
    }),
  },
  actions: { unlocked: (_, _params: { code: string }) => {} },
  guards: { hasCode: ({ context }) => context.code.trim().length > 0 },
}).createMachine({
  id: 'accessCodeEntry',
  context: { code: '', error: null },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'code.change': { actions: assign(({ event }) => ({ code: event.value, error: null })) },
        'code.submit': [
          { guard: 'hasCode', target: 'checking' },
          { actions: assign({ error: 'Enter the access code you were given.' }) },
        ],
      },
    },
    checking: {
      invoke: {
        id: 'check',
        src: 'check',
        input: ({ context }) => ({ code: context.code.trim() }),
        onDone: {
          target: 'unlocked',
          actions: { type: 'unlocked', params: ({ context }) => ({ code: context.code.trim() }) },
        },
        onError: {
          target: 'idle',
          actions: assign(({ event }) => ({
            error: messageOr(event.error, 'The code could not be checked. Please try again.'),
          })),
        },
      },
    },
    unlocked: { type: 'final' },
  },
});
