import { assign, fromPromise, setup } from 'xstate';
import {
  type GuestMessageDraft,
  type GuestMessagePreview,
  type GuestMessageSummary,
  type GuestMessagesResponse,
  type GuestMessageTestSent,
  guestMessageDraft,
} from '../contract/guestMessages';
import { editField, type FieldErrors, hasErrors, messageOr, refusedSubmit, validate } from './lib/form';

/** The form as typed: the audience and, for a type or a date, which one. */
export type GuestMessageValues = {
  audience: string;
  ticketTypeId: string;
  eventDateId: string;
  subject: string;
  body: string;
};
export const emptyMessage: GuestMessageValues = {
  audience: 'event',
  ticketTypeId: '',
  eventDateId: '',
  subject: '',
  body: '',
};

/** The body the API receives: only the id the chosen audience needs, text trimmed by the contract. */
export const messageBody = (v: GuestMessageValues) =>
  ({
    audience: v.audience,
    ...(v.audience === 'type' ? { ticketTypeId: v.ticketTypeId || undefined } : {}),
    ...(v.audience === 'date' ? { eventDateId: v.eventDateId || undefined } : {}),
    subject: v.subject,
    body: v.body,
  }) as GuestMessageDraft;

/** The contract's rules, plus a type or date chosen when the audience needs one (the server says so too). */
const rules = {
  safeParse: (v: unknown) => {
    const values = v as GuestMessageValues;
    const parsed = guestMessageDraft.safeParse(messageBody(values));
    const missing =
      values.audience === 'type' && !values.ticketTypeId
        ? { path: ['ticketTypeId'], message: 'Choose the ticket type the message goes to' }
        : values.audience === 'date' && !values.eventDateId
          ? { path: ['eventDateId'], message: 'Choose the date the message goes to' }
          : null;
    if (!missing) return parsed;
    const issues = [...(parsed.success ? [] : parsed.error.issues), missing];
    return { success: false as const, error: { issues } };
  },
};

type Fields = keyof GuestMessageValues;

/**
 * The Messages tab (decision 063): every message the event sent its guests with its sent / failed
 * counts; a form that writes one (to all guests, a ticket type or a date), previews it — how many
 * guests it reaches and the text they get — sends a test to the sender, and sends it. Editing after
 * a preview drops the preview, so what is sent is always what was previewed. `refresh` reloads the
 * list (the screen asks while a message is still going out).
 */
export const guestMessageMachine = setup({
  types: {
    input: {} as { eventId: string },
    context: {} as {
      eventId: string;
      data: GuestMessagesResponse | null;
      values: GuestMessageValues;
      errors: FieldErrors;
      submitted: boolean;
      formError: string | null;
      preview: GuestMessagePreview | null;
      testSentTo: string | null;
    },
    events: {} as
      | { type: 'field.change'; name: Fields; value: string }
      | { type: 'preview' }
      | { type: 'edit' }
      | { type: 'test' }
      | { type: 'send' }
      | { type: 'refresh' }
      | { type: 'retry' },
  },
  actors: {
    load: fromPromise<GuestMessagesResponse, { eventId: string }>(async () => {
      throw new Error('load actor not provided');
    }),
    /** The list read again, behind the form (same call as `load`, its own name so its answer is its own). */
    reload: fromPromise<GuestMessagesResponse, { eventId: string }>(async () => {
      throw new Error('reload actor not provided');
    }),
    preview: fromPromise<GuestMessagePreview, { eventId: string; body: GuestMessageDraft }>(async () => {
      throw new Error('preview actor not provided');
    }),
    sendTest: fromPromise<GuestMessageTestSent, { eventId: string; body: GuestMessageDraft }>(async () => {
      throw new Error('sendTest actor not provided');
    }),
    send: fromPromise<GuestMessageSummary, { eventId: string; body: GuestMessageDraft }>(async () => {
      throw new Error('send actor not provided');
    }),
  },
  actions: {
    notify: (_, _params: { tone: 'success' | 'error'; text: string }) => {},
    // Only `field.change` runs `type`: this check made true is an equivalent mutant (left a survivor,
    // the line's other mutants are killable).
    type: assign(({ context, event }) =>
      event.type === 'field.change'
        ? { ...editField(rules, context, event.name, event.value), formError: null }
        : {},
    ),
    refuse: assign(({ context }) => refusedSubmit(rules, context.values)),
  },
  guards: { valid: ({ context }) => !hasErrors(validate(rules, context.values)) },
}).createMachine({
  id: 'guestMessage',
  context: ({ input }) => ({
    eventId: input.eventId,
    data: null,
    values: emptyMessage,
    errors: {},
    submitted: false,
    formError: null,
    preview: null,
    testSentTo: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }) => ({ eventId: context.eventId }),
        onDone: { target: 'ready', actions: assign(({ event }) => ({ data: event.output })) },
        onError: {
          target: 'failed',
          actions: assign(({ event }) => ({
            formError: messageOr(event.error, 'The messages could not be loaded.'),
          })),
        },
      },
    },
    failed: { on: { retry: { target: 'loading', actions: assign({ formError: null }) } } },
    ready: {
      initial: 'writing',
      states: {
        writing: {
          on: {
            'field.change': { actions: 'type' },
            preview: [{ guard: 'valid', target: 'previewing' }, { actions: 'refuse' }],
            refresh: 'refreshing',
          },
        },
        previewing: {
          invoke: {
            id: 'preview',
            src: 'preview',
            input: ({ context }) => ({ eventId: context.eventId, body: messageBody(context.values) }),
            onDone: {
              target: 'previewed',
              actions: assign(({ event }) => ({ preview: event.output, formError: null, testSentTo: null })),
            },
            onError: {
              target: 'writing',
              actions: assign(({ event }) => ({
                formError: messageOr(event.error, 'The preview could not be made.'),
              })),
            },
          },
        },
        // What is sent is what was previewed: any edit goes back to writing and drops the preview.
        previewed: {
          on: {
            edit: { target: 'writing', actions: assign({ preview: null, testSentTo: null }) },
            test: 'testing',
            send: 'sending',
          },
        },
        testing: {
          invoke: {
            id: 'sendTest',
            src: 'sendTest',
            input: ({ context }) => ({ eventId: context.eventId, body: messageBody(context.values) }),
            onDone: {
              target: 'previewed',
              actions: [
                assign(({ event }) => ({ testSentTo: event.output.sentTo, formError: null })),
                {
                  type: 'notify',
                  params: ({ event }) => ({
                    tone: 'success' as const,
                    text: `Test sent to ${event.output.sentTo}`,
                  }),
                },
              ],
            },
            onError: {
              target: 'previewed',
              actions: assign(({ event }) => ({
                formError: messageOr(event.error, 'The test was not sent.'),
              })),
            },
          },
        },
        sending: {
          invoke: {
            id: 'send',
            src: 'send',
            input: ({ context }) => ({ eventId: context.eventId, body: messageBody(context.values) }),
            onDone: {
              target: 'refreshing',
              actions: [
                assign(({ context, event }) => ({
                  data: context.data && {
                    ...context.data,
                    messages: [event.output, ...context.data.messages],
                    limit: { ...context.data.limit, sentThisHour: context.data.limit.sentThisHour + 1 },
                  },
                  values: emptyMessage,
                  errors: {},
                  submitted: false,
                  formError: null,
                  preview: null,
                  testSentTo: null,
                })),
                {
                  type: 'notify',
                  params: ({ event }) => ({
                    tone: 'success' as const,
                    text: `Sending to ${event.output.recipients} ${event.output.recipients === 1 ? 'guest' : 'guests'}`,
                  }),
                },
              ],
            },
            onError: {
              target: 'previewed',
              actions: assign(({ event }) => ({
                formError: messageOr(event.error, 'The message was not sent.'),
              })),
            },
          },
        },
        // The list again (counts move as the outbox delivers), behind a form that stays usable.
        refreshing: {
          on: {
            'field.change': { actions: 'type' },
            preview: [{ guard: 'valid', target: 'previewing' }, { actions: 'refuse' }],
          },
          invoke: {
            id: 'reload',
            src: 'reload',
            input: ({ context }) => ({ eventId: context.eventId }),
            onDone: { target: 'writing', actions: assign(({ event }) => ({ data: event.output })) },
            onError: 'writing',
          },
        },
      },
    },
  },
});
