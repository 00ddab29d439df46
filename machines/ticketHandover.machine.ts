import { assign, fromPromise, setup } from 'xstate';
import { nameCorrectionRequest, transferRequest } from '../contract/ticketChanges';
import { editField, type FieldErrors, hasErrors, messageOr, refusedSubmit, validate } from './lib/form';

/**
 * A holder's ticket changes on the ticket page (issue #23, decision 040): 'Transfer' (name and email
 * of the new holder, then a confirmation, since the holder's own copy stops working at once) and
 * 'Correct the name' (a new code for the same address). The page provides the calls and what
 * follows: `transferred` (the ticket is gone from this holder) and `renamed` (the new ticket).
 */
type Values = { firstName: string; lastName: string; email: string };
type Context = {
  code: string;
  values: Values;
  errors: FieldErrors;
  submitted: boolean;
  formError: string | null;
};
const EMPTY: Values = { firstName: '', lastName: '', email: '' };
const fresh = (values: Values) => ({ values, errors: {}, submitted: false, formError: null });

export const ticketHandoverMachine = setup({
  types: {
    input: {} as { code: string },
    context: {} as Context,
    events: {} as
      | { type: 'transfer.open' }
      | { type: 'rename.open'; firstName: string; lastName: string }
      | { type: 'field.change'; name: keyof Values; value: string }
      | { type: 'form.submit' }
      | { type: 'confirm' }
      | { type: 'back' }
      | { type: 'cancel' },
  },
  actors: {
    transfer: fromPromise<{ message: string }, { code: string; to: Values }>(async () => {
      throw new Error('transfer actor not provided');
    }),
    rename: fromPromise<
      { message: string; code: string },
      { code: string; firstName: string; lastName: string }
    >(async () => {
      throw new Error('rename actor not provided');
    }),
  },
  actions: {
    notify: (_, _params: { tone: 'success' | 'error'; text: string }) => {},
    transferred: () => {},
    renamed: (_, _params: { code: string }) => {},
  },
  guards: {
    transferValid: ({ context }) => !hasErrors(validate(transferRequest, context.values)),
    nameValid: ({ context }) => !hasErrors(validate(nameCorrectionRequest, context.values)),
  },
}).createMachine({
  id: 'ticketHandover',
  context: ({ input }) => ({ code: input.code, ...fresh(EMPTY) }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        'transfer.open': { target: 'transferForm', actions: assign(() => fresh(EMPTY)) },
        'rename.open': {
          target: 'renameForm',
          actions: assign(({ event }) =>
            fresh({ firstName: event.firstName, lastName: event.lastName, email: '' }),
          ),
        },
      },
    },
    transferForm: {
      on: {
        'field.change': {
          actions: assign(({ context, event }) =>
            editField(transferRequest, context, event.name, event.value),
          ),
        },
        'form.submit': [
          { guard: 'transferValid', target: 'confirmTransfer', actions: assign({ formError: null }) },
          { actions: assign(({ context }) => refusedSubmit(transferRequest, context.values)) },
        ],
        cancel: 'idle',
      },
    },
    confirmTransfer: { on: { confirm: 'transferring', back: 'transferForm' } },
    transferring: {
      invoke: {
        id: 'transfer',
        src: 'transfer',
        input: ({ context }) => ({ code: context.code, to: context.values }),
        onDone: {
          target: 'transferred',
          actions: [
            {
              type: 'notify',
              params: ({ event }) => ({ tone: 'success' as const, text: event.output.message }),
            },
            'transferred',
          ],
        },
        onError: {
          target: 'transferForm',
          actions: assign(({ event }) => ({
            formError: messageOr(event.error, 'The ticket could not be transferred. Please try again.'),
          })),
        },
      },
    },
    transferred: { type: 'final' },
    renameForm: {
      on: {
        'field.change': {
          actions: assign(({ context, event }) =>
            editField(nameCorrectionRequest, context, event.name, event.value),
          ),
        },
        'form.submit': [
          { guard: 'nameValid', target: 'renaming', actions: assign({ formError: null }) },
          { actions: assign(({ context }) => refusedSubmit(nameCorrectionRequest, context.values)) },
        ],
        cancel: 'idle',
      },
    },
    renaming: {
      invoke: {
        id: 'rename',
        src: 'rename',
        input: ({ context }) => ({
          code: context.code,
          firstName: context.values.firstName,
          lastName: context.values.lastName,
        }),
        onDone: {
          target: 'idle',
          actions: [
            assign(({ event }) => ({ code: event.output.code })),
            {
              type: 'notify',
              params: ({ event }) => ({ tone: 'success' as const, text: event.output.message }),
            },
            { type: 'renamed', params: ({ event }) => ({ code: event.output.code }) },
          ],
        },
        onError: {
          target: 'renameForm',
          actions: assign(({ event }) => ({
            formError: messageOr(event.error, 'The name could not be corrected. Please try again.'),
          })),
        },
      },
    },
  },
});
