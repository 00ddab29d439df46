import { assign, fromPromise, setup } from 'xstate';
import type { LinkInfoResponse, LinkSessionResponse } from '../contract/checkin';
import { messageOr } from './lib/form';

/** Spec of the door-staff PIN: six digits. */
export function pinError(pin: string): string | null {
  return /^\d{6}$/.test(pin) ? null : 'Enter the 6-digit PIN';
}

type Context = {
  token: string;
  info: LinkInfoResponse | null;
  pin: string;
  error: string | null;
};

/**
 * Door staff opening a check-in link (decision 016): the link's label and event are fetched, the PIN is
 * typed (digits only, six at most), and the server trades link + PIN for a session. A revoked or
 * expired link stops at `closed`; a wrong PIN (or too many tries) stays on the form with the reason.
 */
export const checkinLinkPinMachine = setup({
  types: {
    input: {} as { token: string },
    context: {} as Context,
    events: {} as { type: 'pin.change'; pin: string } | { type: 'form.submit' },
  },
  actors: {
    loadLink: fromPromise<LinkInfoResponse, { token: string }>(async () => {
      throw new Error('loadLink actor not provided');
    }),
    openSession: fromPromise<LinkSessionResponse, { token: string; pin: string }>(async () => {
      throw new Error('openSession actor not provided');
    }),
  },
  actions: {
    sessionOpened: (_, _params: { session: LinkSessionResponse }) => {},
  },
  guards: {
    pinValid: ({ context }) => pinError(context.pin) === null,
    // Stryker disable next-line OptionalChaining: a done event always carries its output
    linkActive: ({ event }) => (event as { output?: LinkInfoResponse }).output?.status === 'active',
  },
}).createMachine({
  id: 'checkinLinkPin',
  context: ({ input }) => ({ token: input.token, info: null, pin: '', error: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadLink',
        src: 'loadLink',
        input: ({ context }) => ({ token: context.token }),
        onDone: [
          { guard: 'linkActive', target: 'ready', actions: assign({ info: ({ event }) => event.output }) },
          { target: 'closed', actions: assign({ info: ({ event }) => event.output }) },
        ],
        onError: {
          target: 'closed',
          actions: assign({
            error: ({ event }) => messageOr(event.error, 'This check-in link could not be opened.'),
          }),
        },
      },
    },
    ready: {
      on: {
        'pin.change': {
          actions: assign({ pin: ({ event }) => event.pin.replace(/\D/g, '').slice(0, 6), error: null }),
        },
        'form.submit': [
          {
            guard: 'pinValid',
            target: 'opening',
            // Stryker disable next-line ObjectLiteral: a valid PIN was typed after any error, and typing clears it
            actions: assign({ error: null }),
          },
          { actions: assign({ error: ({ context }) => pinError(context.pin) }) },
        ],
      },
    },
    opening: {
      invoke: {
        id: 'openSession',
        src: 'openSession',
        input: ({ context }) => ({ token: context.token, pin: context.pin }),
        onDone: {
          target: 'opened',
          actions: { type: 'sessionOpened', params: ({ event }) => ({ session: event.output }) },
        },
        onError: {
          target: 'ready',
          actions: assign({
            pin: '',
            error: ({ event }) => messageOr(event.error, 'The scanner could not be opened. Try again.'),
          }),
        },
      },
    },
    opened: { type: 'final' },
    closed: { type: 'final' },
  },
});
