import { assign, fromPromise, setup } from 'xstate';
import { changePasswordRequest } from '../contract/users';
import { editField, type FieldErrors, hasErrors, messageOr, refusedSubmit, validate } from './lib/form';

export type ChangePasswordValues = { currentPassword: string; newPassword: string; confirmPassword: string };
const empty: ChangePasswordValues = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** Security section: change the password (current + new, the sign-up rules). */
export const changePasswordMachine = setup({
  types: {
    context: {} as {
      values: ChangePasswordValues;
      errors: FieldErrors;
      formError: string | null;
      success: string | null;
      submitted: boolean;
    },
    events: {} as
      | { type: 'field.change'; name: keyof ChangePasswordValues; value: string }
      | { type: 'form.submit' },
  },
  actors: {
    changePassword: fromPromise<unknown, ChangePasswordValues>(async () => {
      throw new Error('changePassword actor not provided');
    }),
  },
  guards: {
    valid: ({ context }) => !hasErrors(validate(changePasswordRequest, context.values)),
  },
}).createMachine({
  id: 'changePassword',
  context: { values: empty, errors: {}, formError: null, success: null, submitted: false },
  initial: 'editing',
  states: {
    editing: {
      on: {
        'field.change': {
          actions: assign(({ context, event }) => ({
            ...editField(changePasswordRequest, context, event.name, event.value),
            success: null,
          })),
        },
        'form.submit': [
          {
            guard: 'valid',
            target: 'saving',
            actions: assign({ errors: {}, formError: null, success: null, submitted: true }),
          },
          {
            actions: assign(({ context }) => ({
              ...refusedSubmit(changePasswordRequest, context.values),
              success: null,
            })),
          },
        ],
      },
    },
    saving: {
      invoke: {
        id: 'changePassword',
        src: 'changePassword',
        input: ({ context }) => context.values,
        onDone: {
          target: 'editing',
          actions: assign({
            values: empty,
            submitted: false,
            success: 'Password changed successfully!',
          }),
        },
        onError: {
          target: 'editing',
          actions: assign({ formError: ({ event }) => messageOr(event.error, 'An error occurred.') }),
        },
      },
    },
  },
});
