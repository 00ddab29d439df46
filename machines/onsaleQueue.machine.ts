import { assign, fromPromise, setup } from 'xstate';
import type { OnsalePlace } from '../contract/onsale';
import { messageOr } from './lib/serverMessage';

/**
 * The on-sale waiting page (decision 059). It joins the queue (the server answers the same place
 * to the same account, so a reload or a second tab just asks again), then asks where the buyer
 * stands as often as the server suggests (`retryAfterSeconds`: seldom far from the turn, often near
 * it), with no action from the buyer. A failed call (no signal, Wi-Fi to mobile data) is retried
 * with a growing pause (2, 4, 8 … 60 s), sooner when the browser says it is back online; the place
 * is never lost, because it lives on the server. The page provides the calls, and on `admitted` it
 * keeps the pass for the checkout.
 */
export type OnsaleQueueInput = { eventId: string };

type Context = OnsaleQueueInput & {
  place: OnsalePlace | null;
  /** Calls that failed in a row: the next retry waits 2^failures seconds (at most 60). */
  failures: number;
  error: string | null;
};

export const MAX_BACKOFF_MS = 60_000;
export const backoffMs = (failures: number) => Math.min(MAX_BACKOFF_MS, 1000 * 2 ** Math.max(1, failures));

/** Where an answer puts the page; every answer (join or poll) is routed alike. */
const byState = [
  { guard: 'isClosed', target: 'closed' },
  { guard: 'isDraw', target: 'draw' },
  { guard: 'isWaiting', target: 'waiting' },
  { guard: 'isAdmitted', target: 'admitted' },
  { guard: 'isExpired', target: 'expired' },
  { guard: 'isSoldOut', target: 'soldOut' },
  // 'notJoined' (the place was dropped, e.g. the organiser turned the room off and on): join again.
  { target: 'joining' },
] as const;

/** A refusal that asking again will not change (signed out, email not confirmed, event gone). */
const isFinal = (error: unknown) => {
  const status = (error as { status?: number } | null)?.status;
  return status === 401 || status === 403 || status === 404;
};

export const onsaleQueueMachine = setup({
  types: {
    input: {} as OnsaleQueueInput,
    context: {} as Context,
    events: {} as { type: 'connection.retry' } | { type: 'queue.rejoin' },
  },
  actors: {
    join: fromPromise<OnsalePlace, { eventId: string }>(async () => {
      throw new Error('join actor not provided');
    }),
    poll: fromPromise<OnsalePlace, { eventId: string }>(async () => {
      throw new Error('poll actor not provided');
    }),
  },
  actions: {
    /** The page keeps the pass where the checkout finds it. */
    keepPass: (_, _place: OnsalePlace) => {},
    answered: assign(({ event }) => ({
      place: (event as unknown as { output: OnsalePlace }).output,
      failures: 0,
      error: null,
    })),
    failed: assign(({ context, event }) => ({
      failures: context.failures + 1,
      error: messageOr(
        (event as unknown as { error: unknown }).error,
        'No connection. Your place is kept; trying again…',
      ),
    })),
  },
  guards: {
    // Stryker disable OptionalChaining: routing is entered only from an answer, which set the place
    isClosed: ({ context }) => context.place?.state === 'closed',
    isDraw: ({ context }) => context.place?.state === 'draw',
    isWaiting: ({ context }) => context.place?.state === 'waiting',
    isAdmitted: ({ context }) => context.place?.state === 'admitted',
    isExpired: ({ context }) => context.place?.state === 'expired',
    // Stryker restore OptionalChaining
    isSoldOut: ({ context }) => context.place?.state === 'soldOut',
    isFinal: ({ event }) => isFinal((event as { error?: unknown }).error),
    hasPlace: ({ context }) => context.place !== null,
  },
  delays: {
    // The server's suggestion, so 100,000 waiting phones spread their questions over time.
    nextAsk: ({ context }) => Math.max(1000, (context.place?.retryAfterSeconds ?? 5) * 1000),
    backoff: ({ context }) => backoffMs(context.failures),
  },
}).createMachine({
  id: 'onsaleQueue',
  context: ({ input }) => ({ ...input, place: null, failures: 0, error: null }),
  initial: 'joining',
  states: {
    joining: {
      invoke: {
        id: 'join',
        src: 'join',
        input: ({ context }) => ({ eventId: context.eventId }),
        onDone: { target: 'routing', actions: 'answered' },
        onError: [
          { guard: 'isFinal', target: 'refused', actions: 'failed' },
          { target: 'offline', actions: 'failed' },
        ],
      },
    },
    polling: {
      invoke: {
        id: 'poll',
        src: 'poll',
        input: ({ context }) => ({ eventId: context.eventId }),
        onDone: { target: 'routing', actions: 'answered' },
        onError: [
          { guard: 'isFinal', target: 'refused', actions: 'failed' },
          { target: 'offline', actions: 'failed' },
        ],
      },
    },
    routing: { always: [...byState] },
    // No room (or not any more): the page goes straight to the tickets.
    closed: { type: 'final' },
    draw: { after: { nextAsk: 'polling' } },
    waiting: { after: { nextAsk: 'polling' } },
    soldOut: { after: { nextAsk: 'polling' } },
    admitted: {
      entry: { type: 'keepPass', params: ({ context }) => context.place as OnsalePlace },
      // Asked again before the pass ends: the server says 'expired' if it was not used.
      after: { nextAsk: 'polling' },
    },
    expired: { on: { 'queue.rejoin': 'joining' } },
    // The last place stays on screen; nothing is lost while the connection is down.
    offline: {
      after: { backoff: [{ guard: 'hasPlace', target: 'polling' }, { target: 'joining' }] },
      on: {
        'connection.retry': [{ guard: 'hasPlace', target: 'polling' }, { target: 'joining' }],
      },
    },
    refused: { on: { 'connection.retry': 'joining' } },
  },
});
