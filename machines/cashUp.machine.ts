import { assign, fromPromise, setup } from 'xstate';
import type { CashUpResponse } from '../contract/boxOffice';
import { messageOr } from './lib/form';

/**
 * The door's cash-up on the Sales tab (decision 062), for the owner and finance: load it, refresh
 * it, download it as CSV. The page provides `loadCashUp` and `downloadCsv` (the CSV needs the bearer
 * token, so it is fetched and saved, not linked).
 */
type Context = { cashUp: CashUpResponse | null; error: string | null };

export const cashUpMachine = setup({
  types: { context: {} as Context, events: {} as { type: 'refresh' } | { type: 'download' } },
  actors: {
    loadCashUp: fromPromise<CashUpResponse>(async () => {
      throw new Error('loadCashUp actor not provided');
    }),
    downloadCsv: fromPromise<void>(async () => {
      throw new Error('downloadCsv actor not provided');
    }),
  },
}).createMachine({
  id: 'cashUp',
  context: { cashUp: null, error: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadCashUp',
        src: 'loadCashUp',
        onDone: { target: 'shown', actions: assign({ cashUp: ({ event }) => event.output, error: null }) },
        onError: {
          target: 'shown',
          actions: assign({
            error: ({ event }) => messageOr(event.error, 'The cash-up could not be loaded.'),
          }),
        },
      },
    },
    shown: { on: { refresh: 'loading', download: 'downloading' } },
    downloading: {
      invoke: {
        id: 'downloadCsv',
        src: 'downloadCsv',
        onDone: { target: 'shown', actions: assign({ error: null }) },
        onError: {
          target: 'shown',
          actions: assign({
            error: ({ event }) => messageOr(event.error, 'The CSV could not be downloaded.'),
          }),
        },
      },
    },
  },
});
