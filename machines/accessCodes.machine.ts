import { assign, fromPromise, setup } from 'xstate';
import { type AccessCode, type AccessCodeRequest, accessCodeRequest } from '../contract/accessCodes';
import type { DiscountCode } from '../contract/discounts';
import {
  editField,
  type FieldErrors,
  hasErrors,
  messageOr,
  refusedSubmit,
  toggled,
  validate,
} from './lib/form';

export type AccessCodeValues = { code: string; discountCodeId: string; ticketTypeIds: string[] };
export const emptyAccessCode: AccessCodeValues = { code: '', discountCodeId: '', ticketTypeIds: [] };

export function accessCodeBody(v: AccessCodeValues): AccessCodeRequest {
  return { code: v.code, ticketTypeIds: v.ticketTypeIds, discountCodeId: v.discountCodeId || null };
}

const rules = {
  safeParse: (v: unknown) => accessCodeRequest.safeParse(accessCodeBody(v as AccessCodeValues)),
};

export type AccessCodesLoaded = { accessCodes: AccessCode[]; discounts: DiscountCode[] };

/**
 * 'Access codes' on the Tickets tab (decision 036): the event's codes, a form that creates one (the
 * contract's rules and words: a code, the hidden types it unlocks, an optional discount code to apply
 * with it) and delete. The server owns uniqueness and which types may be unlocked.
 */
export const accessCodesMachine = setup({
  types: {
    input: {} as { eventId: string },
    context: {} as {
      eventId: string;
      accessCodes: AccessCode[];
      discounts: DiscountCode[];
      values: AccessCodeValues;
      errors: FieldErrors;
      submitted: boolean;
      formError: string | null;
      deletingId: string | null;
    },
    events: {} as
      | { type: 'field.change'; name: 'code' | 'discountCodeId'; value: string }
      | { type: 'ticketType.toggle'; ticketId: string }
      | { type: 'form.submit' }
      | { type: 'delete'; accessCodeId: string }
      | { type: 'retry' },
  },
  actors: {
    load: fromPromise<AccessCodesLoaded, { eventId: string }>(async () => {
      throw new Error('load actor not provided');
    }),
    create: fromPromise<AccessCode, { eventId: string; body: AccessCodeRequest }>(async () => {
      throw new Error('create actor not provided');
    }),
    remove: fromPromise<AccessCode[], { eventId: string; accessCodeId: string }>(async () => {
      throw new Error('remove actor not provided');
    }),
  },
  actions: { notify: (_, _params: { tone: 'success' | 'error'; text: string }) => {} },
  guards: { valid: ({ context }) => !hasErrors(validate(rules, context.values)) },
}).createMachine({
  id: 'accessCodes',
  context: ({ input }) => ({
    eventId: input.eventId,
    accessCodes: [],
    discounts: [],
    values: emptyAccessCode,
    errors: {},
    submitted: false,
    formError: null,
    deletingId: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }) => ({ eventId: context.eventId }),
        onDone: {
          target: 'ready',
          actions: assign(({ event }) => ({
            accessCodes: event.output.accessCodes,
            discounts: event.output.discounts,
          })),
        },
        onError: {
          target: 'failed',
          actions: assign(({ event }) => ({
            formError: messageOr(event.error, 'Access codes could not be loaded.'),
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
            'ticketType.toggle': {
              actions: assign(({ context, event }) =>
                editField(
                  rules,
                  context,
                  'ticketTypeIds',
                  toggled(context.values.ticketTypeIds, event.ticketId),
                ),
              ),
            },
            'form.submit': [
              { guard: 'valid', target: 'creating' },
              { actions: assign(({ context }) => refusedSubmit(rules, context.values)) },
            ],
            delete: {
              target: 'deleting',
              actions: assign(({ event }) => ({ deletingId: event.accessCodeId })),
            },
          },
        },
        // Locked until the server answers: what was sent is what a refusal leaves to correct.
        creating: {
          invoke: {
            id: 'create',
            src: 'create',
            input: ({ context }) => ({ eventId: context.eventId, body: accessCodeBody(context.values) }),
            onDone: {
              target: 'idle',
              actions: [
                assign(({ context, event }) => ({
                  accessCodes: [...context.accessCodes, event.output],
                  values: emptyAccessCode,
                  submitted: false,
                  errors: {},
                })),
                { type: 'notify', params: { tone: 'success', text: 'Access code created' } },
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
          invoke: {
            id: 'remove',
            src: 'remove',
            input: ({ context }) => ({ eventId: context.eventId, accessCodeId: context.deletingId ?? '' }),
            onDone: {
              target: 'idle',
              actions: [
                assign(({ event }) => ({ accessCodes: event.output, deletingId: null })),
                { type: 'notify', params: { tone: 'success', text: 'Access code deleted' } },
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
