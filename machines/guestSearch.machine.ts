import { assign, fromPromise, setup } from 'xstate';
import type { GuestMatch } from '../contract/checkin';
import { MIN_QUERY_LENGTH } from '../contract/guestSearch';
import { messageOr } from './lib/form';

/**
 * Finding a guest at the door whose code will not scan (decision 035). Typing waits for a pause
 * before searching, so a query is sent once per pause, not per key; a newer query replaces the
 * search in flight (its answer is dropped). `findGuests` asks the server when online and searches
 * the downloaded list otherwise (the page provides it); `source` says which answered. Admitting a
 * found guest is a scan of their ticket id, done by the scanner machine; the page then clears this.
 */
export type FoundGuests = { matches: GuestMatch[]; source: 'server' | 'device' };

type Context = {
  query: string;
  matches: GuestMatch[];
  source: FoundGuests['source'] | null;
  /** The query the shown matches answer (the field may have moved on). */
  answered: string | null;
  error: string | null;
};

export const SEARCH_PAUSE_MS = 300;

const cleared = (): Omit<Context, 'query'> => ({ matches: [], source: null, answered: null, error: null });

export const guestSearchMachine = setup({
  types: {
    context: {} as Context,
    events: {} as { type: 'query.change'; query: string } | { type: 'clear' },
  },
  actors: {
    findGuests: fromPromise<FoundGuests, { query: string }>(async () => {
      throw new Error('findGuests actor not provided');
    }),
  },
  delays: { pause: SEARCH_PAUSE_MS },
  guards: {
    searchable: ({ event }) => event.type === 'query.change' && event.query.trim().length >= MIN_QUERY_LENGTH,
  },
}).createMachine({
  id: 'guestSearch',
  context: { query: '', ...cleared() },
  initial: 'idle',
  on: {
    'query.change': [
      { guard: 'searchable', target: '.waiting', actions: assign({ query: ({ event }) => event.query }) },
      { target: '.idle', actions: assign(({ event }) => ({ query: event.query, ...cleared() })) },
    ],
    clear: { target: '.idle', actions: assign(() => ({ query: '', ...cleared() })) },
  },
  states: {
    idle: {},
    /** Still typing: search once the keys pause. */
    waiting: { after: { pause: 'searching' } },
    searching: {
      invoke: {
        id: 'findGuests',
        src: 'findGuests',
        input: ({ context }) => ({ query: context.query.trim() }),
        onDone: {
          target: 'shown',
          actions: assign(({ context, event }) => ({
            matches: event.output.matches,
            source: event.output.source,
            answered: context.query,
            error: null,
          })),
        },
        onError: {
          target: 'shown',
          actions: assign({
            matches: [],
            answered: ({ context }) => context.query,
            error: ({ event }) => messageOr(event.error, 'The guest list could not be searched.'),
          }),
        },
      },
    },
    shown: {},
  },
});
