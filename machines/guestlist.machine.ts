import { assign, fromPromise, setup } from 'xstate';
import type { GuestlistQuery, GuestlistResponse } from '../contract/organiser';
import { exportFailure, messageOr } from './lib/form';

type Input = { eventId: string; filter: GuestlistQuery; guestlist: GuestlistResponse };

type Context = Input & {
  /** When the list shown last came from the server (ms since the epoch). */
  updatedAt: number;
  /** The last refresh failed: said above the list loaded before, which stays. */
  loadError: string | null;
};

/**
 * The organiser's Guestlist tab: the list for one filter (search and check-in filter live in the
 * URL; a new filter is a new list from the route, so a new actor). Doors are open while an
 * organiser watches it, so the list follows the scanners: every 30 s while the page is visible, and
 * on Refresh. Only the guestlist is fetched again, never the rest of the page. The CSV export runs
 * beside it (its own region): a refresh does not wait for a download, nor a download for a refresh.
 */
export const guestlistMachine = setup({
  types: {
    input: {} as Input,
    context: {} as Context,
    events: {} as
      | { type: 'refresh' }
      | { type: 'export' }
      | { type: 'page.hidden' }
      | { type: 'page.visible' },
  },
  actors: {
    load: fromPromise<GuestlistResponse, { eventId: string; filter: GuestlistQuery }>(async () => {
      throw new Error('load actor not provided');
    }),
    exportCsv: fromPromise<void, { eventId: string; filter: GuestlistQuery }>(async () => {
      throw new Error('exportCsv actor not provided');
    }),
  },
  actions: { notify: (_, _params: { tone: 'success' | 'error'; text: string }) => {} },
  delays: { refreshInterval: 30_000 },
}).createMachine({
  id: 'guestlist',
  // The route's loader brought the first list: the tab paints with it, without fetching it again.
  context: ({ input }) => ({ ...input, updatedAt: Date.now(), loadError: null }),
  type: 'parallel',
  states: {
    list: {
      initial: 'idle',
      on: { 'page.hidden': '.hidden' },
      states: {
        idle: {
          after: { refreshInterval: 'refreshing' },
          on: { refresh: 'refreshing' },
        },
        refreshing: {
          invoke: {
            id: 'load',
            src: 'load',
            input: ({ context }) => ({ eventId: context.eventId, filter: context.filter }),
            onDone: {
              target: 'idle',
              actions: assign(({ event }) => ({
                guestlist: event.output,
                updatedAt: Date.now(),
                loadError: null,
              })),
            },
            onError: {
              target: 'idle',
              actions: assign(({ event }) => ({
                loadError: messageOr(event.error, 'The guestlist could not be refreshed.'),
              })),
            },
          },
        },
        /**
         * Nobody is looking: no timer (a refresh under way is dropped). Back in view the list may be
         * minutes old, so it is brought up to date at once rather than on the next tick.
         */
        hidden: { on: { 'page.visible': 'refreshing' } },
      },
    },
    export: {
      initial: 'idle',
      states: {
        idle: { on: { export: 'exporting' } },
        /** One download at a time: Export is busy until the file is saved or refused. */
        exporting: {
          invoke: {
            id: 'exportCsv',
            src: 'exportCsv',
            input: ({ context }) => ({ eventId: context.eventId, filter: context.filter }),
            onDone: 'idle',
            onError: {
              target: 'idle',
              actions: {
                type: 'notify',
                params: ({ event }) => ({ tone: 'error' as const, text: exportFailure(event.error) }),
              },
            },
          },
        },
      },
    },
  },
});
