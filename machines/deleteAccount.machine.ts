import { assign, fromPromise, setup } from 'xstate';
import { deleteAccountRequest } from '../contract/users';
import { messageOr, statusOf, validate } from './lib/form';

/**
 * 'Delete account': asks for the password, then deletes. The server refuses (409) while the user
 * has upcoming events with sales or a refund in progress, and says why: that refusal is kept apart
 * from the password's error (`refusal`, shown as a notice, not under the field) as it comes.
 */
export const deleteAccountMachine = setup({
  types: {
    context: {} as { password: string; error: string | null; refusal: string | null },
    events: {} as
      | { type: 'delete.start' }
      | { type: 'delete.cancel' }
      | { type: 'field.change'; value: string }
      | { type: 'form.submit' },
  },
  actors: {
    deleteAccount: fromPromise<unknown, { password: string }>(async () => {
      throw new Error('deleteAccount actor not provided');
    }),
  },
  actions: {
    accountDeleted: () => {},
  },
  guards: {
    hasPassword: ({ context }) => context.password.length > 0,
    refused: ({ event }) => statusOf((event as { error?: unknown }).error) === 409,
  },
}).createMachine({
  id: 'deleteAccount',
  context: { password: '', error: null, refusal: null },
  initial: 'closed',
  states: {
    closed: {
      on: {
        'delete.start': {
          target: 'confirming',
          actions: assign({ password: '', error: null, refusal: null }),
        },
      },
    },
    confirming: {
      on: {
        'field.change': { actions: assign({ password: ({ event }) => event.value, error: null }) },
        'form.submit': [
          { guard: 'hasPassword', target: 'deleting', actions: assign({ error: null, refusal: null }) },
          {
            actions: assign({
              error: ({ context }) =>
                // Stryker disable next-line ObjectLiteral: reached only with an empty password, which the schema words as a missing one
                validate(deleteAccountRequest, { password: context.password }).password ?? null,
            }),
          },
        ],
        'delete.cancel': 'closed',
      },
    },
    deleting: {
      invoke: {
        id: 'deleteAccount',
        src: 'deleteAccount',
        input: ({ context }) => ({ password: context.password }),
        onDone: { target: 'deleted', actions: 'accountDeleted' },
        onError: [
          {
            guard: 'refused',
            target: 'confirming',
            actions: assign({
              refusal: ({ event }) => messageOr(event.error, 'Your account cannot be deleted now.'),
            }),
          },
          {
            target: 'confirming',
            actions: assign({ error: ({ event }) => messageOr(event.error, 'An error occurred.') }),
          },
        ],
      },
    },
    deleted: { type: 'final' },
  },
});
