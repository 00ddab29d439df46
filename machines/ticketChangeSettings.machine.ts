import { assign, fromPromise, setup } from 'xstate';
import { type TicketChangeSettings, ticketChangeSettings } from '../contract/ticketChanges';
import { type FieldErrors, hasErrors, messageOr, validate } from './lib/form';

/**
 * The organiser's 'Ticket transfers and name changes' settings on the Tickets tab (decision 040):
 * transfers on or off, and how many hours before the start changes close. Hours are typed, so the
 * form keeps the text and the contract's schema judges the number it stands for.
 */
type Values = { transfersEnabled: boolean; closeHours: string; liveOnly: boolean };
const toRequest = (v: Values) => ({
  transfersEnabled: v.transfersEnabled,
  closeHours: /^\d+$/.test(v.closeHours.trim()) ? Number(v.closeHours.trim()) : Number.NaN,
  // Live codes at the door (decision 058): only live codes, or the printed code too.
  rotatingCodes: v.liveOnly ? ('required' as const) : ('allowed' as const),
});
const check = (v: Values): FieldErrors => validate(ticketChangeSettings, toRequest(v));

export const ticketChangeSettingsMachine = setup({
  types: {
    input: {} as { eventId: string; settings: TicketChangeSettings },
    context: {} as { eventId: string; values: Values; errors: FieldErrors; formError: string | null },
    events: {} as
      | { type: 'transfers.set'; on: boolean }
      | { type: 'liveOnly.set'; on: boolean }
      | { type: 'field.change'; name: 'closeHours'; value: string }
      | { type: 'form.submit' },
  },
  actors: {
    save: fromPromise<{ message: string }, { eventId: string; settings: TicketChangeSettings }>(async () => {
      throw new Error('save actor not provided');
    }),
  },
  actions: { notify: (_, _params: { tone: 'success' | 'error'; text: string }) => {}, saved: () => {} },
  guards: { valid: ({ context }) => !hasErrors(check(context.values)) },
}).createMachine({
  id: 'ticketChangeSettings',
  context: ({ input }) => ({
    eventId: input.eventId,
    values: {
      transfersEnabled: input.settings.transfersEnabled,
      closeHours: String(input.settings.closeHours),
      liveOnly: input.settings.rotatingCodes === 'required',
    },
    errors: {},
    formError: null,
  }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'transfers.set': {
          actions: assign(({ context, event }) => ({
            values: { ...context.values, transfersEnabled: event.on },
          })),
        },
        'liveOnly.set': {
          actions: assign(({ context, event }) => ({ values: { ...context.values, liveOnly: event.on } })),
        },
        'field.change': {
          actions: assign(({ context, event }) => {
            const values = { ...context.values, [event.name]: event.value };
            return { values, errors: hasErrors(context.errors) ? check(values) : {} };
          }),
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
          actions: [
            {
              type: 'notify',
              params: ({ event }) => ({ tone: 'success' as const, text: event.output.message }),
            },
            'saved',
          ],
        },
        onError: {
          target: 'editing',
          actions: assign(({ event }) => ({
            formError: messageOr(event.error, 'The settings could not be saved. Please try again.'),
          })),
        },
      },
    },
  },
});
