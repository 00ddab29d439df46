import { assign, fromPromise, setup } from 'xstate';
import { deleteAccountRequest } from '../contract/users';
import { messageOr, validate } from './lib/form';

/**
 * 'Delete account': asks for the password, then deletes. The server refuses while the user has
 * events with sold tickets and says so; that message is shown as it comes.
 */
export const deleteAccountMachine = setup({
  types: {
    context: {} as { password: string; error: string | null },
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
  },
}).createMachine({
  id: 'deleteAccount',
  context: { password: '', error: null },
  initial: 'closed',
  states: {
    closed: {
      on: { 'delete.start': { target: 'confirming', actions: assign({ password: '', error: null }) } },
    },
    confirming: {
      on: {
        'field.change': { actions: assign({ password: ({ event }) => event.value, error: null }) },
        'form.submit': [
          { guard: 'hasPassword', target: 'deleting', actions: assign({ error: null }) },
          {
            actions: assign({
              error: ({ context }) =>
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
        onError: {
          target: 'confirming',
          actions: assign({ error: ({ event }) => messageOr(event.error, 'An error occurred.') }),
        },
      },
    },
    deleted: { type: 'final' },
  },
});
