import { assign, fromPromise, setup } from 'xstate';
import { type DiscountCode, type DiscountRequest, discountRequest } from '../contract/discounts';
import {
  editField,
  type FieldErrors,
  hasErrors,
  messageOr,
  refusedSubmit,
  toggled,
  validate,
} from './lib/form';

export type DiscountValues = {
  code: string;
  kind: 'percent' | 'fixed';
  percentOff: string;
  amountOff: string;
  maxUses: string;
  validFrom: string;
  validUntil: string;
  ticketTypeIds: string[];
};
export type DiscountField = Exclude<keyof DiscountValues, 'ticketTypeIds'>;

export const emptyDiscount: DiscountValues = {
  code: '',
  kind: 'percent',
  percentOff: '',
  amountOff: '',
  maxUses: '',
  validFrom: '',
  validUntil: '',
  ticketTypeIds: [],
};

const num = (v: string) => (v.trim() === '' ? null : Number(v));

/** The body of POST/PUT /api/events/:id/discounts (only the chosen kind's amount). */
export function discountBody(v: DiscountValues): DiscountRequest {
  return {
    code: v.code,
    kind: v.kind,
    percentOff: v.kind === 'percent' ? num(v.percentOff) : null,
    amountOff: v.kind === 'fixed' ? num(v.amountOff) : null,
    maxUses: num(v.maxUses),
    validFrom: v.validFrom || null,
    validUntil: v.validUntil || null,
    ticketTypeIds: v.ticketTypeIds,
  };
}

const rules = { safeParse: (v: unknown) => discountRequest.safeParse(discountBody(v as DiscountValues)) };

function valuesOf(d: DiscountCode): DiscountValues {
  return {
    code: d.code,
    kind: d.kind,
    percentOff: d.percentOff === null ? '' : String(d.percentOff),
    amountOff: d.amountOff === null ? '' : String(d.amountOff),
    maxUses: d.maxUses === null ? '' : String(d.maxUses),
    validFrom: d.validFrom ?? '',
    validUntil: d.validUntil ?? '',
    ticketTypeIds: d.ticketTypeIds,
  };
}

/**
 * 'Create discount codes' on the Tickets tab (decision 010): the event's codes, a form that creates or
 * edits one (the contract's rules and words), and delete. The server owns uniqueness and uses.
 */
export const discountCodesMachine = setup({
  types: {
    input: {} as { eventId: string },
    context: {} as {
      eventId: string;
      discounts: DiscountCode[];
      values: DiscountValues;
      errors: FieldErrors;
      submitted: boolean;
      formError: string | null;
      editingId: string | null;
      deletingId: string | null;
    },
    events: {} as
      | { type: 'field.change'; name: DiscountField; value: string }
      | { type: 'ticketType.toggle'; ticketId: string }
      | { type: 'edit'; discountId: string }
      | { type: 'form.reset' }
      | { type: 'form.submit' }
      | { type: 'delete'; discountId: string }
      | { type: 'retry' },
  },
  actors: {
    load: fromPromise<DiscountCode[], { eventId: string }>(async () => {
      throw new Error('load actor not provided');
    }),
    save: fromPromise<
      { discount: DiscountCode },
      { eventId: string; discountId: string | null; body: DiscountRequest }
    >(async () => {
      throw new Error('save actor not provided');
    }),
    remove: fromPromise<unknown, { eventId: string; discountId: string }>(async () => {
      throw new Error('remove actor not provided');
    }),
  },
  actions: { notify: (_, _params: { tone: 'success' | 'error'; text: string }) => {} },
  guards: { valid: ({ context }) => !hasErrors(validate(rules, context.values)) },
}).createMachine({
  id: 'discountCodes',
  context: ({ input }) => ({
    eventId: input.eventId,
    discounts: [],
    values: emptyDiscount,
    errors: {},
    submitted: false,
    formError: null,
    editingId: null,
    deletingId: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }) => ({ eventId: context.eventId }),
        onDone: { target: 'ready', actions: assign(({ event }) => ({ discounts: event.output })) },
        onError: {
          target: 'failed',
          actions: assign(({ event }) => ({
            formError: messageOr(event.error, 'Discount codes could not be loaded.'),
          })),
        },
      },
    },
    failed: { on: { retry: { target: 'loading', actions: assign({ formError: null }) } } },
    ready: {
      on: {
        'field.change': {
          actions: assign(({ context, event }) => ({
            ...editField(rules, context, event.name, event.value),
            formError: null,
          })),
        },
        'ticketType.toggle': {
          actions: assign(({ context, event }) =>
            editField(rules, context, 'ticketTypeIds', toggled(context.values.ticketTypeIds, event.ticketId)),
          ),
        },
        edit: {
          actions: assign(({ context, event }) => {
            const d = context.discounts.find((x) => x._id === event.discountId);
            return d
              ? { values: valuesOf(d), editingId: d._id, errors: {}, submitted: false, formError: null }
              : {};
          }),
        },
        'form.reset': {
          actions: assign({
            values: emptyDiscount,
            editingId: null,
            errors: {},
            submitted: false,
            formError: null,
          }),
        },
        'form.submit': [
          { guard: 'valid', target: '.saving' },
          { actions: assign(({ context }) => refusedSubmit(rules, context.values)) },
        ],
        delete: { target: '.deleting', actions: assign(({ event }) => ({ deletingId: event.discountId })) },
      },
      initial: 'idle',
      states: {
        idle: {},
        saving: {
          // The form is locked until the server answers: what was sent is what a refusal leaves
          // in it to correct (the Reset button and the ticket boxes are disabled meanwhile too).
          on: {
            'form.submit': {},
            delete: {},
            edit: {},
            'field.change': {},
            'ticketType.toggle': {},
            'form.reset': {},
          },
          invoke: {
            id: 'save',
            src: 'save',
            input: ({ context }) => ({
              eventId: context.eventId,
              discountId: context.editingId,
              body: discountBody(context.values),
            }),
            onDone: {
              target: 'idle',
              actions: [
                assign(({ context, event }) => ({
                  discounts: context.editingId
                    ? context.discounts.map((d) =>
                        d._id === event.output.discount._id ? event.output.discount : d,
                      )
                    : [...context.discounts, event.output.discount],
                  values: emptyDiscount,
                  editingId: null,
                  submitted: false,
                  errors: {},
                })),
                { type: 'notify', params: { tone: 'success', text: 'Discount code saved' } },
              ],
            },
            onError: {
              target: 'idle',
              actions: assign(({ event }) => ({
                formError: messageOr(event.error, 'The code was not saved.'),
              })),
            },
          },
        },
        deleting: {
          on: { 'form.submit': {}, delete: {}, edit: {} },
          invoke: {
            id: 'remove',
            src: 'remove',
            // Stryker disable next-line StringLiteral: deleting is entered only by delete, which sets deletingId
            input: ({ context }) => ({ eventId: context.eventId, discountId: context.deletingId ?? '' }),
            onDone: {
              target: 'idle',
              actions: [
                assign(({ context }) => ({
                  discounts: context.discounts.filter((d) => d._id !== context.deletingId),
                  deletingId: null,
                })),
                { type: 'notify', params: { tone: 'success', text: 'Discount code deleted' } },
              ],
            },
            onError: {
              target: 'idle',
              actions: [
                assign({ deletingId: null }),
                {
                  type: 'notify',
                  params: ({ event }) => ({
                    tone: 'error' as const,
                    text: messageOr(event.error, 'The code was not deleted.'),
                  }),
                },
              ],
            },
          },
        },
      },
    },
  },
});
