import { assign, fromPromise, setup } from 'xstate';
import {
  type OnsaleSettings,
  type OnsaleSettingsRequest,
  onsaleSettingsRequest,
  type WaitingRoomMode,
} from '../contract/onsale';
import { type FieldErrors, hasErrors, messageOr, validate } from './lib/form';

/**
 * The organiser's 'On-sale and waiting room' settings on the Tickets tab (decision 059): when
 * tickets go on sale (Lagos wall-clock, as <input type="datetime-local"> gives it; empty = on sale
 * from publication), whether the waiting room is on, off or automatic, and the admission rate
 * (empty = the deployment's). The contract's schema judges what the typed text stands for.
 */
type Values = { opensAt: string; waitingRoom: WaitingRoomMode; rate: string };

const toRequest = (v: Values): OnsaleSettingsRequest => ({
  opensAt: v.opensAt.trim() === '' ? null : v.opensAt.trim(),
  waitingRoom: v.waitingRoom,
  // `Number(v.rate)` without the last trim() survives as an equivalent mutant: Number() ignores the
  // spaces around digits (a disable comment would also hide this line's killable trims).
  admitPerSecond:
    v.rate.trim() === '' ? null : /^\d+$/.test(v.rate.trim()) ? Number(v.rate.trim()) : Number.NaN,
});
const check = (v: Values): FieldErrors => {
  const errors = validate(onsaleSettingsRequest, toRequest(v));
  return {
    ...(errors.opensAt ? { opensAt: errors.opensAt } : {}),
    ...(errors.admitPerSecond ? { rate: errors.admitPerSecond } : {}),
  };
};
const valuesOf = (s: OnsaleSettings): Values => ({
  opensAt: s.opensAt ?? '',
  waitingRoom: s.waitingRoom,
  rate: s.admitPerSecond === null ? '' : String(s.admitPerSecond),
});

type Context = {
  eventId: string;
  settings: OnsaleSettings | null;
  values: Values;
  errors: FieldErrors;
  formError: string | null;
};

export const onsaleSettingsMachine = setup({
  types: {
    input: {} as { eventId: string },
    context: {} as Context,
    events: {} as
      | { type: 'field.change'; name: 'opensAt' | 'rate'; value: string }
      | { type: 'room.set'; mode: WaitingRoomMode }
      | { type: 'form.submit' }
      | { type: 'load.retry' },
  },
  actors: {
    load: fromPromise<OnsaleSettings, { eventId: string }>(async () => {
      throw new Error('load actor not provided');
    }),
    save: fromPromise<OnsaleSettings, { eventId: string; settings: OnsaleSettingsRequest }>(async () => {
      throw new Error('save actor not provided');
    }),
  },
  actions: {
    notify: (_, _params: { tone: 'success' | 'error'; text: string }) => {},
    shown: assign(({ event }) => {
      const settings = (event as unknown as { output: OnsaleSettings }).output;
      return { settings, values: valuesOf(settings), errors: {}, formError: null };
    }),
  },
  guards: { valid: ({ context }) => !hasErrors(check(context.values)) },
}).createMachine({
  id: 'onsaleSettings',
  context: ({ input }) => ({
    eventId: input.eventId,
    settings: null,
    values: { opensAt: '', waitingRoom: 'auto', rate: '' },
    errors: {},
    formError: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }) => ({ eventId: context.eventId }),
        onDone: { target: 'editing', actions: 'shown' },
        onError: {
          target: 'loadFailed',
          actions: assign(({ event }) => ({
            formError: messageOr(event.error, 'The on-sale settings could not be loaded.'),
          })),
        },
      },
    },
    loadFailed: { on: { 'load.retry': 'loading' } },
    editing: {
      on: {
        'field.change': {
          actions: assign(({ context, event }) => {
            const values = { ...context.values, [event.name]: event.value };
            return { values, errors: hasErrors(context.errors) ? check(values) : {}, formError: null };
          }),
        },
        'room.set': {
          actions: assign(({ context, event }) => ({
            values: { ...context.values, waitingRoom: event.mode },
            formError: null,
          })),
        },
        'form.submit': [
          { guard: 'valid', target: 'saving', actions: assign({ formError: null }) },
          { actions: assign(({ context }) => ({ errors: check(context.values) })) },
        ],
      },
    },
    saving: {
      invoke: {
        id: 'save',
        src: 'save',
        input: ({ context }) => ({ eventId: context.eventId, settings: toRequest(context.values) }),
        onDone: {
          target: 'editing',
          actions: ['shown', { type: 'notify', params: { tone: 'success', text: 'On-sale settings saved' } }],
        },
        onError: {
          target: 'editing',
          actions: assign(({ event }) => ({
            formError: messageOr(event.error, 'The on-sale settings could not be saved. Please try again.'),
          })),
        },
      },
    },
  },
});
