import { assign, fromPromise, setup } from 'xstate';
import type { Event } from '../contract/events';

/**
 * One home carousel's data: loading, then the events, or the
 * error with no carousel. There is no retry: the message asks for a refresh.
 */
export const eventsSectionMachine = setup({
  types: {
    context: {} as { events: Event[] },
  },
  actors: {
    // Provided by the page: GET /api/events/trending or /api/events/newest.
    fetchEvents: fromPromise<Event[]>(async () => {
      throw new Error('fetchEvents is not provided');
    }),
  },
  guards: {
    // The done event of fetchEvents carries the list as `output`.
    // Stryker disable next-line ArrayDeclaration: the page's call always resolves with a list
    hasEvents: ({ event }) => ((event as unknown as { output: Event[] }).output ?? []).length > 0,
  },
}).createMachine({
  id: 'eventsSection',
  context: { events: [] },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'fetchEvents',
        src: 'fetchEvents',
        onDone: [
          { guard: 'hasEvents', target: 'loaded', actions: assign({ events: ({ event }) => event.output }) },
          { target: 'empty' },
        ],
        onError: { target: 'failed' },
      },
    },
    loaded: { type: 'final' },
    empty: { type: 'final' },
    failed: { type: 'final' },
  },
});
