import { assign, fromPromise, setup } from 'xstate';
import type { MyWaitlistEntry, MyWaitlistResponse } from '../contract/waitlist';
import { messageOr } from './lib/form';

/**
 * Joining the waiting list of one sold-out ticket type (decision 042), on the ticket selection page.
 * It loads where the visitor stands (not on it, waiting at position N, or offered seats held for
 * them), lets them choose 1–limit seats and join, and leave again. The page provides the calls.
 */
export type WaitlistJoinInput = { eventId: string; ticketTypeId: string; limit: number };

type Context = WaitlistJoinInput & {
  quantity: number;
  entry: MyWaitlistEntry | null;
  /** The type is sold out with its list on: joining is possible. */
  open: boolean;
  error: string | null;
};

const entryOf = (answer: MyWaitlistResponse, ticketTypeId: string) =>
  answer.entries.find((e) => e.ticketTypeId === ticketTypeId) ?? null;

/**
 * Where the answer puts the visitor; and how many seats they may wait for, which only the server
 * knows (its join limit counts the type's stock, which the page does not see): the choice follows it.
 */
const fromAnswer = (context: Context, answer: MyWaitlistResponse) => {
  const limit = answer.limits[context.ticketTypeId] ?? context.limit;
  return {
    entry: entryOf(answer, context.ticketTypeId),
    open: answer.open.includes(context.ticketTypeId),
    error: null,
    limit,
    quantity: Math.min(context.quantity, limit),
  };
};

const routeByEntry = [
  { guard: 'isWaiting', target: 'waiting' },
  { guard: 'isOffered', target: 'offered' },
  { guard: 'isOpen', target: 'idle' },
  { target: 'closed' },
] as const;

export const waitlistJoinMachine = setup({
  types: {
    input: {} as WaitlistJoinInput,
    context: {} as Context,
    events: {} as
      | { type: 'quantity.change'; quantity: number }
      | { type: 'join.submit' }
      | { type: 'leave' }
      | { type: 'load.retry' },
  },
  actors: {
    loadEntry: fromPromise<MyWaitlistResponse, { eventId: string }>(async () => {
      throw new Error('loadEntry actor not provided');
    }),
    join: fromPromise<MyWaitlistResponse, { ticketTypeId: string; quantity: number }>(async () => {
      throw new Error('join actor not provided');
    }),
    leave: fromPromise<MyWaitlistResponse, { ticketTypeId: string }>(async () => {
      throw new Error('leave actor not provided');
    }),
  },
  guards: {
    isWaiting: ({ context }) => context.entry?.status === 'waiting',
    isOffered: ({ context }) => context.entry?.status === 'offered',
    isOpen: ({ context }) => context.open,
  },
}).createMachine({
  id: 'waitlistJoin',
  context: ({ input }) => ({ ...input, quantity: 1, entry: null, open: false, error: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadEntry',
        src: 'loadEntry',
        input: ({ context }) => ({ eventId: context.eventId }),
        onDone: {
          target: 'routing',
          actions: assign(({ context, event }) => fromAnswer(context, event.output)),
        },
        onError: {
          target: 'loadFailed',
          actions: assign({
            error: ({ event }) =>
              messageOr(event.error, 'Could not load the waiting list. Please try again.'),
          }),
        },
      },
    },
    // Where the answer puts the visitor; a transient state so every answer is routed alike.
    routing: { always: [...routeByEntry] },
    loadFailed: { on: { 'load.retry': 'loading' } },
    idle: {
      on: {
        'quantity.change': {
          guard: ({ context, event }) => event.quantity >= 1 && event.quantity <= context.limit,
          actions: assign({ quantity: ({ event }) => event.quantity, error: null }),
        },
        'join.submit': { target: 'joining', actions: assign({ error: null }) },
      },
    },
    joining: {
      invoke: {
        id: 'join',
        src: 'join',
        input: ({ context }) => ({ ticketTypeId: context.ticketTypeId, quantity: context.quantity }),
        onDone: {
          target: 'routing',
          actions: assign(({ context, event }) => fromAnswer(context, event.output)),
        },
        onError: {
          target: 'idle',
          actions: assign({
            error: ({ event }) =>
              messageOr(event.error, 'Could not join the waiting list. Please try again.'),
          }),
        },
      },
    },
    waiting: { on: { leave: 'leaving' } },
    offered: { on: { leave: 'leaving' } },
    // Not open to join: not sold out any more, the list is off, or the visitor's offer ended.
    closed: {},
    leaving: {
      invoke: {
        id: 'leave',
        src: 'leave',
        input: ({ context }) => ({ ticketTypeId: context.ticketTypeId }),
        onDone: {
          target: 'routing',
          actions: assign(({ context, event }) => fromAnswer(context, event.output)),
        },
        onError: {
          target: 'routing',
          actions: assign({
            error: ({ event }) =>
              messageOr(event.error, 'Could not leave the waiting list. Please try again.'),
          }),
        },
      },
    },
  },
});
