import { assign, fromPromise, setup } from 'xstate';
import { ROTATE_SECONDS } from '../contract/rotatingCode';
import { messageOr, statusOf } from './lib/form';

/**
 * The live code on a ticket's page (decision 058). For the ticket's holder: find this phone's key for
 * the ticket (made the first time, private half not extractable, kept in IndexedDB by the page),
 * link it to the ticket when none is linked, then sign "this ticket, now" and show it, again every
 * ROTATE_SECONDS. A ticket linked to another phone waits for an explicit `move` (the old phone's codes
 * stop admitting). A reader who is not the holder (the organiser), a browser that cannot make keys,
 * stays on the printed code (`printed`, `unsupported`). Keys, HTTP and signing are actors the page
 * provides; the rotation is a delay, so a test runs it on a simulated clock.
 */
export type LiveCodeInput = {
  /** The issued ticket's id: what the code names and the key is stored under. */
  ticketId: string;
  /** The printed code: the ticket's address for the binding calls. */
  code: string;
  /** The key the server has linked (compressed), or null. */
  deviceKey: string | null;
  mayBind: boolean;
};

/** This phone's key for the ticket: the uncompressed form sent to the server, the compressed one it keeps. */
export type PhoneKey = { publicKey: string; compressed: string };

export const liveCodeMachine = setup({
  types: {
    input: {} as LiveCodeInput,
    context: {} as LiveCodeInput & {
      phoneKey: PhoneKey | null;
      liveCode: string | null;
      /** When the shown code was made (ms), for the page's 'made at' line. */
      madeAt: number | null;
      error: string | null;
    },
    events: {} as { type: 'retry' } | { type: 'move' },
  },
  actors: {
    /** This phone's key for the ticket, made now if there is none; null: the browser cannot. */
    phoneKey: fromPromise<PhoneKey | null, { ticketId: string }>(async () => {
      throw new Error('phoneKey actor not provided');
    }),
    bind: fromPromise<{ deviceKey: string }, { code: string; publicKey: string }>(async () => {
      throw new Error('bind actor not provided');
    }),
    move: fromPromise<{ deviceKey: string; message: string }, { code: string; publicKey: string }>(
      async () => {
        throw new Error('move actor not provided');
      },
    ),
    sign: fromPromise<{ code: string; madeAt: number }, { ticketId: string }>(async () => {
      throw new Error('sign actor not provided');
    }),
  },
  actions: { notify: (_, _params: { tone: 'success' | 'error'; text: string }) => {} },
  delays: { ROTATE: ROTATE_SECONDS * 1000 },
  guards: {
    mayBind: ({ context }) => context.mayBind,
    noKey: ({ event }) => (event as { output?: PhoneKey | null }).output == null,
    linkedHere: ({ context, event }) =>
      // Stryker disable next-line ConditionalExpression,OptionalChaining: noKey is asked first, so the output is a key, whose compressed form is never null
      context.deviceKey !== null && (event as { output?: PhoneKey }).output?.compressed === context.deviceKey,
    unlinked: ({ context }) => context.deviceKey === null,
    linkedElsewhere: ({ event }) => statusOf((event as { error?: unknown }).error) === 409,
  },
}).createMachine({
  id: 'liveCode',
  context: ({ input }) => ({ ...input, phoneKey: null, liveCode: null, madeAt: null, error: null }),
  initial: 'start',
  states: {
    start: { always: [{ guard: 'mayBind', target: 'preparing' }, { target: 'printed' }] },
    /** Not the holder: the printed code, as before. */
    printed: { type: 'final' },
    preparing: {
      invoke: {
        id: 'phoneKey',
        src: 'phoneKey',
        input: ({ context }) => ({ ticketId: context.ticketId }),
        onDone: [
          { guard: 'noKey', target: 'unsupported' },
          {
            guard: 'linkedHere',
            target: 'live',
            actions: assign(({ event }) => ({ phoneKey: event.output })),
          },
          {
            guard: 'unlinked',
            target: 'binding',
            actions: assign(({ event }) => ({ phoneKey: event.output })),
          },
          { target: 'elsewhere', actions: assign(({ event }) => ({ phoneKey: event.output })) },
        ],
        onError: { target: 'unsupported' },
      },
    },
    /** No WebCrypto or IndexedDB here (an old or private browser): the printed code only. */
    unsupported: { type: 'final' },
    binding: {
      invoke: {
        id: 'bind',
        src: 'bind',
        // Stryker disable next-line OptionalChaining,StringLiteral: every way in (from preparing) has set phoneKey
        input: ({ context }) => ({ code: context.code, publicKey: context.phoneKey?.publicKey ?? '' }),
        onDone: {
          target: 'live',
          actions: assign(({ event }) => ({ deviceKey: event.output.deviceKey, error: null })),
        },
        onError: [
          // Another phone linked it between the page's load and now.
          { guard: 'linkedElsewhere', target: 'elsewhere', actions: assign({ error: null }) },
          {
            target: 'bindFailed',
            actions: assign(({ event }) => ({
              error: messageOr(
                event.error,
                'This phone could not be linked to the ticket. Check your connection.',
              ),
            })),
          },
        ],
      },
    },
    bindFailed: { on: { retry: 'binding' } },
    /** Linked to another phone: only an explicit move brings the live code here. */
    elsewhere: { on: { move: { target: 'moving', actions: assign({ error: null }) } } },
    moving: {
      invoke: {
        id: 'move',
        src: 'move',
        // Stryker disable next-line OptionalChaining,StringLiteral: every way in (from preparing) has set phoneKey
        input: ({ context }) => ({ code: context.code, publicKey: context.phoneKey?.publicKey ?? '' }),
        onDone: {
          target: 'live',
          actions: [
            assign(({ event }) => ({ deviceKey: event.output.deviceKey })),
            {
              type: 'notify',
              params: ({ event }) => ({ tone: 'success' as const, text: event.output.message }),
            },
          ],
        },
        onError: {
          target: 'elsewhere',
          actions: assign(({ event }) => ({
            error: messageOr(event.error, 'The ticket could not be moved to this phone. Please try again.'),
          })),
        },
      },
    },
    live: {
      initial: 'signing',
      states: {
        signing: {
          invoke: {
            id: 'sign',
            src: 'sign',
            input: ({ context }) => ({ ticketId: context.ticketId }),
            onDone: {
              target: 'shown',
              actions: assign(({ event }) => ({ liveCode: event.output.code, madeAt: event.output.madeAt })),
            },
            onError: {
              target: '#liveCode.signFailed',
              actions: assign({
                liveCode: null,
                error: 'This phone could not sign the live code. Reload the page to try again.',
              }),
            },
          },
        },
        /** A code older than a rotation is never shown: the next one replaces it. */
        shown: { after: { ROTATE: 'signing' } },
      },
    },
    signFailed: { on: { retry: 'live' } },
  },
});
