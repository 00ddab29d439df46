import { assign, fromPromise, setup } from 'xstate';
import {
  type Promoter,
  type PromoterCreateRequest,
  type PromoterUpdateRequest,
  promoterCreateRequest,
} from '../contract/promoters';
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

/** The change of a promoter being edited: the form's values without the email (it stays). */
export function promoterChange(v: PromoterValues): PromoterUpdateRequest {
  const { email: _kept, ...change } = promoterBody(v);
  return change;
}

/**
 * A promoter's rule as the form shows it. The form has one kind for the whole promoter, so a per-type
 * rule of the other kind (possible only through the API) is left out and the change drops it.
 */
export function promoterValues(p: Promoter): PromoterValues {
  return {
    name: p.name,
    email: p.email,
    kind: p.commission.kind,
    value: String(p.commission.value),
    perType: Object.fromEntries(
      p.perType
        .filter((t) => t.commission.kind === p.commission.kind)
        .map((t) => [t.ticketId, String(t.commission.value)]),
    ),
  };
}

/** The form back to adding, empty. */
const cleared = () => ({
  editingId: null,
  values: emptyPromoter,
  errors: {},
  submitted: false,
  formError: null,
});

const rules = {
  safeParse: (v: unknown) => promoterCreateRequest.safeParse(promoterBody(v as PromoterValues)),
};

/**
 * The Promoters tab (decisions 064 and 070): the event's promoters with their links and figures, and a
 * form that adds one (name, email, a percentage or ₦ per ticket, optionally its own figure per ticket
 * type) with the contract's rules and words. The same form edits a live promoter's name and
 * commission (`editingId`; the email stays); removing asks first (`confirmingRemoval`). The server
 * answers the whole list, figures included, after each.
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
      /** The promoter whose name and commission the form is changing; null while it adds. */
      editingId: string | null;
      /** The promoter the organiser asked to remove, awaiting their confirmation. */
      removingId: string | null;
    },
    events: {} as
      | { type: 'field.change'; name: 'name' | 'email' | 'value'; value: string }
      | { type: 'kind.change'; kind: 'percent' | 'flat' }
      | { type: 'perType.change'; ticketId: string; value: string }
      | { type: 'form.submit' }
      | { type: 'promoter.edit'; id: string }
      | { type: 'edit.cancel' }
      | { type: 'promoter.remove'; id: string }
      | { type: 'remove.confirm' }
      | { type: 'remove.cancel' }
      | { type: 'retry' },
  },
  actors: {
    load: fromPromise<Promoter[], { eventId: string }>(async () => {
      throw new Error('load actor not provided');
    }),
    create: fromPromise<Promoter[], { eventId: string; body: PromoterCreateRequest }>(async () => {
      throw new Error('create actor not provided');
    }),
    update: fromPromise<Promoter[], { eventId: string; promoterId: string; body: PromoterUpdateRequest }>(
      async () => {
        throw new Error('update actor not provided');
      },
    ),
    remove: fromPromise<Promoter[], { eventId: string; promoterId: string }>(async () => {
      throw new Error('remove actor not provided');
    }),
  },
  actions: { notify: (_, _params: { tone: 'success' | 'error'; text: string }) => {} },
  guards: {
    valid: ({ context }) => !hasErrors(validate(rules, context.values)),
    validChange: ({ context }) => context.editingId !== null && !hasErrors(validate(rules, context.values)),
    // Only a live promoter can be changed or removed (a removed one keeps its history, decision 070).
    live: ({ context, event }) =>
      'id' in event && context.promoters.some((p) => p.id === event.id && p.removedAt === null),
  },
}).createMachine({
  id: 'promoters',
  context: ({ input }) => ({
    eventId: input.eventId,
    promoters: [],
    values: emptyPromoter,
    errors: {},
    submitted: false,
    formError: null,
    editingId: null,
    removingId: null,
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
              { guard: 'validChange', target: 'updating' },
              { guard: 'valid', target: 'creating' },
              { actions: assign(({ context }) => refusedSubmit(rules, context.values)) },
            ],
            'promoter.edit': {
              guard: 'live',
              actions: assign(({ context, event }) => ({
                editingId: event.id,
                values: promoterValues(context.promoters.find((p) => p.id === event.id)!),
                errors: {},
                submitted: false,
                formError: null,
              })),
            },
            'edit.cancel': { actions: assign(cleared) },
            'promoter.remove': {
              guard: 'live',
              target: 'confirmingRemoval',
              actions: assign(({ event }) => ({ removingId: event.id, formError: null })),
            },
          },
        },
        confirmingRemoval: {
          on: {
            'remove.confirm': { target: 'removing' },
            'remove.cancel': { target: 'idle', actions: assign({ removingId: null }) },
          },
        },
        removing: {
          invoke: {
            id: 'remove',
            src: 'remove',
            input: ({ context }) => ({ eventId: context.eventId, promoterId: context.removingId! }),
            onDone: {
              target: 'idle',
              actions: [
                assign(({ context, event }) => ({
                  promoters: event.output,
                  removingId: null,
                  // The promoter being edited is gone: the form goes back to adding.
                  ...(context.editingId === context.removingId ? cleared() : {}),
                })),
                {
                  type: 'notify',
                  params: { tone: 'success', text: 'Promoter removed; their sales stay in your figures' },
                },
              ],
            },
            onError: {
              target: 'idle',
              actions: assign(({ event }) => ({
                removingId: null,
                formError: messageOr(event.error, 'The promoter was not removed.'),
              })),
            },
          },
        },
        // Locked until the server answers, like adding.
        updating: {
          invoke: {
            id: 'update',
            src: 'update',
            input: ({ context }) => ({
              eventId: context.eventId,
              promoterId: context.editingId!,
              body: promoterChange(context.values),
            }),
            onDone: {
              target: 'idle',
              actions: [
                assign(({ event }) => ({ promoters: event.output, ...cleared() })),
                {
                  type: 'notify',
                  params: { tone: 'success', text: 'Promoter changed; new orders earn the new commission' },
                },
              ],
            },
            onError: {
              target: 'idle',
              actions: assign(({ event }) => ({
                formError: messageOr(event.error, 'The promoter was not changed.'),
              })),
            },
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
