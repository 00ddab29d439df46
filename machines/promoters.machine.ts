import { assign, fromPromise, setup } from 'xstate';
import { type Promoter, type PromoterCreateRequest, promoterCreateRequest } from '../contract/promoters';
import { editField, type FieldErrors, hasErrors, messageOr, refusedSubmit, validate } from './lib/form';

export type PromoterValues = {
  name: string;
  email: string;
  kind: 'percent' | 'flat';
  value: string;
  /** Ticket type id → its own commission (same kind as the main one); '' means the main one. */
  perType: Record<string, string>;
};
export const emptyPromoter: PromoterValues = { name: '', email: '', kind: 'percent', value: '', perType: {} };

/** A typed amount as the contract reads it: blank is not a number (so it says "must be a number"). */
const amount = (typed: string) => (typed.trim() === '' ? Number.NaN : Number(typed.replace(/,/g, '')));

export function promoterBody(v: PromoterValues): PromoterCreateRequest {
  const own = Object.entries(v.perType).filter(([, typed]) => typed.trim() !== '');
  return {
    name: v.name,
    email: v.email,
    commission: { kind: v.kind, value: amount(v.value) },
    ...(own.length > 0
      ? {
          perType: Object.fromEntries(own.map(([id, typed]) => [id, { kind: v.kind, value: amount(typed) }])),
        }
      : {}),
  };
}

const rules = {
  safeParse: (v: unknown) => promoterCreateRequest.safeParse(promoterBody(v as PromoterValues)),
};

/**
 * The Promoters tab (decision 064): the event's promoters with their links and figures, and a form
 * that adds one (name, email, a percentage or ₦ per ticket, optionally its own figure per ticket
 * type) with the contract's rules and words. The server mails the promoter and answers the whole
 * list, figures included.
 */
export const promotersMachine = setup({
  types: {
    input: {} as { eventId: string },
    context: {} as {
      eventId: string;
      promoters: Promoter[];
      values: PromoterValues;
      errors: FieldErrors;
      submitted: boolean;
      formError: string | null;
    },
    events: {} as
      | { type: 'field.change'; name: 'name' | 'email' | 'value'; value: string }
      | { type: 'kind.change'; kind: 'percent' | 'flat' }
      | { type: 'perType.change'; ticketId: string; value: string }
      | { type: 'form.submit' }
      | { type: 'retry' },
  },
  actors: {
    load: fromPromise<Promoter[], { eventId: string }>(async () => {
      throw new Error('load actor not provided');
    }),
    create: fromPromise<Promoter[], { eventId: string; body: PromoterCreateRequest }>(async () => {
      throw new Error('create actor not provided');
    }),
  },
  actions: { notify: (_, _params: { tone: 'success' | 'error'; text: string }) => {} },
  guards: { valid: ({ context }) => !hasErrors(validate(rules, context.values)) },
}).createMachine({
  id: 'promoters',
  context: ({ input }) => ({
    eventId: input.eventId,
    promoters: [],
    values: emptyPromoter,
    errors: {},
    submitted: false,
    formError: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }) => ({ eventId: context.eventId }),
        onDone: { target: 'ready', actions: assign(({ event }) => ({ promoters: event.output })) },
        onError: {
          target: 'failed',
          actions: assign(({ event }) => ({
            formError: messageOr(event.error, 'Promoters could not be loaded.'),
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
            'kind.change': {
              actions: assign(({ context, event }) => editField(rules, context, 'kind', event.kind)),
            },
            'perType.change': {
              actions: assign(({ context, event }) =>
                editField(rules, context, 'perType', {
                  ...context.values.perType,
                  [event.ticketId]: event.value,
                }),
              ),
            },
            'form.submit': [
              { guard: 'valid', target: 'creating' },
              { actions: assign(({ context }) => refusedSubmit(rules, context.values)) },
            ],
          },
        },
        // Locked until the server answers: what was sent is what a refusal leaves to correct.
        creating: {
          invoke: {
            id: 'create',
            src: 'create',
            input: ({ context }) => ({ eventId: context.eventId, body: promoterBody(context.values) }),
            onDone: {
              target: 'idle',
              actions: [
                assign(({ event }) => ({
                  promoters: event.output,
                  values: emptyPromoter,
                  submitted: false,
                  errors: {},
                })),
                { type: 'notify', params: { tone: 'success', text: 'Promoter added and invited by email' } },
              ],
            },
            onError: {
              target: 'idle',
              actions: assign(({ event }) => ({
                formError: messageOr(event.error, 'The promoter was not added.'),
              })),
            },
          },
        },
      },
    },
  },
});
