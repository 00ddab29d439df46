import { assign, fromPromise, setup } from 'xstate';
import { type OrganiserWaitlistResponse, waitlistOfferMinutesRequest } from '../contract/waitlist';
import { messageOr } from './lib/form';

/**
 * The organiser's 'Waiting list' panel on the Tickets tab (decision 042): each type's list (position,
 * seats, status), its switch, and how long an offer holds its seats. Minutes are typed, so the form
 * keeps the text and the contract's schema judges the number it stands for.
 */
type Context = {
  eventId: string;
  list: OrganiserWaitlistResponse | null;
  minutes: string;
  minutesError: string | null;
  pending: { ticketTypeId: string; enabled: boolean } | null;
  error: string | null;
};

const minutesCheck = (text: string) => {
  const value = /^\d+$/.test(text.trim()) ? Number(text.trim()) : Number.NaN;
  const parsed = waitlistOfferMinutesRequest.safeParse({ offerMinutes: value });
  return parsed.success
    ? { value: parsed.data.offerMinutes, error: null }
    : {
        value,
        error: Number.isNaN(value)
          ? 'Offer time must be a whole number of minutes'
          : parsed.error.issues[0]!.message,
      };
};

export const waitlistPanelMachine = setup({
  types: {
    input: {} as { eventId: string },
    context: {} as Context,
    events: {} as
      | { type: 'minutes.change'; value: string }
      | { type: 'minutes.save' }
      | { type: 'switch.set'; ticketTypeId: string; enabled: boolean }
      | { type: 'retry' },
  },
  actors: {
    load: fromPromise<OrganiserWaitlistResponse, { eventId: string }>(async () => {
      throw new Error('load actor not provided');
    }),
    saveMinutes: fromPromise<OrganiserWaitlistResponse, { eventId: string; offerMinutes: number }>(
      async () => {
        throw new Error('saveMinutes actor not provided');
      },
    ),
    setSwitch: fromPromise<
      OrganiserWaitlistResponse,
      { eventId: string; ticketTypeId: string; enabled: boolean }
    >(async () => {
      throw new Error('setSwitch actor not provided');
    }),
  },
  actions: { notify: (_, _params: { tone: 'success' | 'error'; text: string }) => {} },
  guards: { minutesValid: ({ context }) => minutesCheck(context.minutes).error === null },
}).createMachine({
  id: 'waitlistPanel',
  context: ({ input }) => ({
    eventId: input.eventId,
    list: null,
    minutes: '',
    minutesError: null,
    pending: null,
    error: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      entry: assign({ error: null }),
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }) => ({ eventId: context.eventId }),
        onDone: {
          target: 'ready',
          actions: assign(({ event }) => ({
            list: event.output,
            minutes: String(event.output.offerMinutes),
          })),
        },
        onError: {
          target: 'failed',
          actions: assign({
            error: ({ event }) =>
              messageOr(event.error, 'Could not load the waiting lists. Please try again.'),
          }),
        },
      },
    },
    failed: { on: { retry: 'loading' } },
    ready: {
      on: {
        'minutes.change': { actions: assign({ minutes: ({ event }) => event.value, minutesError: null }) },
        'minutes.save': [
          {
            guard: 'minutesValid',
            target: 'savingMinutes',
            actions: assign({ error: null, minutesError: null }),
          },
          { actions: assign({ minutesError: ({ context }) => minutesCheck(context.minutes).error }) },
        ],
        'switch.set': {
          target: 'switching',
          actions: assign({
            pending: ({ event }) => ({ ticketTypeId: event.ticketTypeId, enabled: event.enabled }),
            error: null,
          }),
        },
      },
    },
    savingMinutes: {
      invoke: {
        id: 'saveMinutes',
        src: 'saveMinutes',
        input: ({ context }) => ({
          eventId: context.eventId,
          offerMinutes: minutesCheck(context.minutes).value,
        }),
        onDone: {
          target: 'ready',
          actions: [
            assign(({ event }) => ({ list: event.output, minutes: String(event.output.offerMinutes) })),
            { type: 'notify', params: { tone: 'success', text: 'Offer time saved.' } },
          ],
        },
        onError: {
          target: 'ready',
          actions: assign({
            error: ({ event }) =>
              messageOr(event.error, 'The offer time could not be saved. Please try again.'),
          }),
        },
      },
    },
    switching: {
      invoke: {
        id: 'setSwitch',
        src: 'setSwitch',
        input: ({ context }) => ({ eventId: context.eventId, ...context.pending! }),
        onDone: { target: 'ready', actions: assign(({ event }) => ({ list: event.output, pending: null })) },
        onError: {
          target: 'ready',
          actions: assign({
            pending: null,
            error: ({ event }) =>
              messageOr(event.error, 'The waiting list could not be switched. Please try again.'),
          }),
        },
      },
    },
  },
});
