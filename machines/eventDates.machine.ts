import { assign, fromPromise, setup } from 'xstate';
import { type AddDatesRequest, addDatesRequest, type OrganiserDatesResponse } from '../contract/eventDates';
import { editField, type FieldErrors, hasErrors, messageOr, refusedSubmit, validate } from './lib/form';

/** The 'Add a date' form as typed: weeks is text until it is sent ('' = just this date). */
export type DateValues = {
  date: string;
  startTime: string;
  endTime: string;
  label: string;
  repeatWeeks: string;
};
export type DateField = keyof DateValues;

export const emptyDate: DateValues = { date: '', startTime: '', endTime: '', label: '', repeatWeeks: '1' };

/** The body of POST /api/events/:id/dates. */
export function dateBody(v: DateValues): AddDatesRequest {
  const weeks = v.repeatWeeks.trim() === '' ? 1 : Number(v.repeatWeeks);
  return {
    date: v.date,
    startTime: v.startTime,
    endTime: v.endTime,
    ...(v.label.trim() ? { label: v.label } : {}),
    repeatWeeks: weeks,
  };
}

const rules = { safeParse: (v: unknown) => addDatesRequest.safeParse(dateBody(v as DateValues)) };

const NO_DATES: OrganiserDatesResponse = { dates: [], undatedTypes: 0 };

/**
 * The dates editor on the Tickets tab (decision 046): the event's dates, a form that adds one (or
 * one a week for some weeks), removing a date, and copying the ticket types onto every date. The
 * server owns the rules (future dates, the limit, sales); its words are shown. After any change the
 * page's ticket list is stale: `ticketsChanged` tells the page.
 */
export const eventDatesMachine = setup({
  types: {
    input: {} as { eventId: string },
    context: {} as {
      eventId: string;
      list: OrganiserDatesResponse;
      values: DateValues;
      errors: FieldErrors;
      submitted: boolean;
      formError: string | null;
      removingId: string | null;
    },
    events: {} as
      | { type: 'field.change'; name: DateField; value: string }
      | { type: 'form.submit' }
      | { type: 'date.remove'; dateId: string }
      | { type: 'tickets.copy' }
      | { type: 'retry' },
  },
  actors: {
    load: fromPromise<OrganiserDatesResponse, { eventId: string }>(async () => {
      throw new Error('load actor not provided');
    }),
    add: fromPromise<OrganiserDatesResponse, { eventId: string; body: AddDatesRequest }>(async () => {
      throw new Error('add actor not provided');
    }),
    remove: fromPromise<OrganiserDatesResponse, { eventId: string; dateId: string }>(async () => {
      throw new Error('remove actor not provided');
    }),
    copy: fromPromise<OrganiserDatesResponse, { eventId: string }>(async () => {
      throw new Error('copy actor not provided');
    }),
  },
  actions: {
    notify: (_, _params: { tone: 'success' | 'error'; text: string }) => {},
    ticketsChanged: () => {},
  },
  guards: { valid: ({ context }) => !hasErrors(validate(rules, context.values)) },
}).createMachine({
  id: 'eventDates',
  context: ({ input }) => ({
    eventId: input.eventId,
    list: NO_DATES,
    values: emptyDate,
    errors: {},
    submitted: false,
    formError: null,
    removingId: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }) => ({ eventId: context.eventId }),
        onDone: { target: 'ready', actions: assign(({ event }) => ({ list: event.output })) },
        onError: {
          target: 'failed',
          actions: assign(({ event }) => ({
            formError: messageOr(event.error, 'Dates could not be loaded.'),
          })),
        },
      },
    },
    failed: { on: { retry: { target: 'loading', actions: assign({ formError: null }) } } },
    ready: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'field.change': {
              actions: assign(({ context, event }) => ({
                ...editField(rules, context, event.name, event.value),
                formError: null,
              })),
            },
            'form.submit': [
              { guard: 'valid', target: 'adding' },
              { actions: assign(({ context }) => refusedSubmit(rules, context.values)) },
            ],
            'date.remove': {
              target: 'removing',
              actions: assign(({ event }) => ({ removingId: event.dateId, formError: null })),
            },
            'tickets.copy': { target: 'copying', actions: assign({ formError: null }) },
          },
        },
        // One call at a time: the form and the buttons wait for the answer.
        adding: {
          invoke: {
            id: 'add',
            src: 'add',
            input: ({ context }) => ({ eventId: context.eventId, body: dateBody(context.values) }),
            onDone: {
              target: 'idle',
              actions: [
                assign(({ event, context }) => ({
                  list: event.output,
                  // The next date of a series is usually the same time of day: keep the times.
                  values: {
                    ...emptyDate,
                    startTime: context.values.startTime,
                    endTime: context.values.endTime,
                  },
                  errors: {},
                  submitted: false,
                })),
                { type: 'notify', params: { tone: 'success', text: 'Dates added' } },
                'ticketsChanged',
              ],
            },
            onError: {
              target: 'idle',
              actions: assign(({ event }) => ({
                formError: messageOr(event.error, 'The date was not added.'),
              })),
            },
          },
        },
        removing: {
          invoke: {
            id: 'remove',
            src: 'remove',
            // Stryker disable next-line StringLiteral: removing is entered only by date.remove, which sets removingId
            input: ({ context }) => ({ eventId: context.eventId, dateId: context.removingId ?? '' }),
            onDone: {
              target: 'idle',
              actions: [
                assign(({ event }) => ({ list: event.output, removingId: null })),
                { type: 'notify', params: { tone: 'success', text: 'Date removed' } },
                'ticketsChanged',
              ],
            },
            onError: {
              target: 'idle',
              actions: assign(({ event }) => ({
                removingId: null,
                formError: messageOr(event.error, 'The date was not removed.'),
              })),
            },
          },
        },
        copying: {
          invoke: {
            id: 'copy',
            src: 'copy',
            input: ({ context }) => ({ eventId: context.eventId }),
            onDone: {
              target: 'idle',
              actions: [
                assign(({ event }) => ({ list: event.output })),
                {
                  type: 'notify',
                  params: ({ event }) => ({
                    tone: 'success' as const,
                    text: event.output.message ?? 'Ticket types copied',
                  }),
                },
                'ticketsChanged',
              ],
            },
            onError: {
              target: 'idle',
              actions: assign(({ event }) => ({
                formError: messageOr(event.error, 'The ticket types were not copied.'),
              })),
            },
          },
        },
      },
    },
  },
});
