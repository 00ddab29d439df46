import { assign, fromPromise, setup } from 'xstate';
import type { FeeMode } from '../contract/events';
import { messageOr } from './lib/form';

/**
 * 'Who pays the service fee' on the Tickets tab (decision 066): the buyer, on top of the price, or
 * the organiser, inside an all-in price. A choice and a Save: the chosen mode is sent as it stands;
 * the saved one stays what the page shows until the server confirms.
 */
type Context = { eventId: string; feeMode: FeeMode; saved: FeeMode; formError: string | null };

export const feeSettingsMachine = setup({
  types: {
    input: {} as { eventId: string; feeMode: FeeMode },
    context: {} as Context,
    events: {} as { type: 'feeMode.set'; feeMode: FeeMode } | { type: 'form.submit' },
  },
  actors: {
    save: fromPromise<{ message: string }, { eventId: string; feeMode: FeeMode }>(async () => {
      throw new Error('save actor not provided');
    }),
  },
  actions: { notify: (_, _params: { tone: 'success' | 'error'; text: string }) => {}, saved: () => {} },
  guards: { changed: ({ context }) => context.feeMode !== context.saved },
}).createMachine({
  id: 'feeSettings',
  context: ({ input }) => ({
    eventId: input.eventId,
    feeMode: input.feeMode,
    saved: input.feeMode,
    formError: null,
  }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'feeMode.set': { actions: assign(({ event }) => ({ feeMode: event.feeMode, formError: null })) },
        // Saving what is already saved asks nothing of the server.
        'form.submit': { guard: 'changed', target: 'saving', actions: assign({ formError: null }) },
      },
    },
    saving: {
      invoke: {
        id: 'save',
        src: 'save',
        input: ({ context }) => ({ eventId: context.eventId, feeMode: context.feeMode }),
        onDone: {
          target: 'editing',
          actions: [
            assign(({ context }) => ({ saved: context.feeMode })),
            {
              type: 'notify',
              params: ({ event }) => ({ tone: 'success' as const, text: event.output.message }),
            },
            'saved',
          ],
        },
        onError: {
          target: 'editing',
          actions: assign(({ event }) => ({
            formError: messageOr(event.error, 'The fee setting could not be saved. Please try again.'),
          })),
        },
      },
    },
  },
});
