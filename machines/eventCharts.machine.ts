import { assign, fromPromise, setup } from 'xstate';
import type { CheckinChartsResponse, SalesChartsResponse } from '../contract/organiserCharts';
import type { PayoutStatementResponse } from '../contract/payoutStatement';
import { exportFailure, messageOr } from './lib/form';

/** What a tab's charts draw: the Sales tab's series and payout statement, or the Check-in tab's. */
export type ChartsData = SalesChartsResponse | CheckinChartsResponse | PayoutStatementResponse;

type Input = { eventId: string; live: boolean };

type Context = Input & {
  /** Null until the first answer. */
  data: ChartsData | null;
  /** The last load failed: said above what was loaded before, which stays. */
  loadError: string | null;
};

export const CHARTS_REFRESH_MS = 15_000;

/**
 * The charts of an event management tab (decision 039). They load when the tab opens; a `live` tab
 * (Check-in: doors are open while the organiser watches it) loads again every 15 s while it is
 * open and in sight (as the Guestlist does), and a failed refresh keeps what was drawn. The Sales tab's CSV export
 * runs beside (its own region): a download does not wait for a refresh, nor a refresh for a download.
 */
export const eventChartsMachine = setup({
  types: {
    input: {} as Input,
    context: {} as Context,
    events: {} as { type: 'retry' } | { type: 'export' } | { type: 'page.hidden' } | { type: 'page.visible' },
  },
  actors: {
    load: fromPromise<ChartsData, { eventId: string }>(async () => {
      throw new Error('load actor not provided');
    }),
    exportCsv: fromPromise<void, { eventId: string }>(async () => {
      throw new Error('exportCsv actor not provided');
    }),
  },
  actions: { notify: (_, _params: { tone: 'success' | 'error'; text: string }) => {} },
  delays: { refreshInterval: CHARTS_REFRESH_MS },
  guards: { live: ({ context }) => context.live },
}).createMachine({
  id: 'eventCharts',
  context: ({ input }) => ({ ...input, data: null, loadError: null }),
  type: 'parallel',
  states: {
    data: {
      initial: 'loading',
      // A live tab out of sight stops loading (a load under way is dropped); a tab that is not live
      // has nothing to stop.
      on: { 'page.hidden': { guard: 'live', target: '.hidden' } },
      states: {
        loading: {
          invoke: {
            id: 'load',
            src: 'load',
            input: ({ context }) => ({ eventId: context.eventId }),
            onDone: {
              target: 'shown',
              actions: assign(({ event }) => ({ data: event.output, loadError: null })),
            },
            onError: {
              target: 'failed',
              actions: assign(({ context, event }) => ({
                loadError: messageOr(
                  event.error,
                  context.data ? 'The charts could not be refreshed.' : 'The charts could not be loaded.',
                ),
              })),
            },
          },
        },
        /** Drawn; a live tab loads again after a while. */
        shown: { after: { refreshInterval: { guard: 'live', target: 'loading' } } },
        /** Try again by hand, or (live) by itself on the next tick. */
        failed: {
          on: { retry: 'loading' },
          after: { refreshInterval: { guard: 'live', target: 'loading' } },
        },
        /** Back in view the figures may be minutes old: loaded at once, not on the next tick. */
        hidden: { on: { 'page.visible': 'loading' } },
      },
    },
    export: {
      initial: 'idle',
      states: {
        idle: { on: { export: 'exporting' } },
        /** One download at a time. */
        exporting: {
          invoke: {
            id: 'exportCsv',
            src: 'exportCsv',
            input: ({ context }) => ({ eventId: context.eventId }),
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
