import { assign, fromPromise, setup } from 'xstate';
import * as z from 'zod/mini';
import { passwordField } from '../contract/users';
import { editField, type FieldErrors, hasErrors, messageOr, refusedSubmit, validate } from './lib/form';

/** The page's form: the contract's password rules plus the match rule. */
export const newPasswordForm = z.object({ newPassword: passwordField, confirmPassword: z.string() }).check(
  z.refine((d) => d.newPassword === d.confirmPassword, {
    message: 'Passwords do not match',
    path: ['confirmPassword'],
  }),
);

export type ResetPasswordValues = { newPassword: string; confirmPassword: string };

/**
 * Set a new password: 'Create password', busy 'Resetting...'; success goes to /login
 * (`passwordReset`); failure shows the server's message or 'An error occurred.'.
 */
export const resetPasswordMachine = setup({
  types: {
    input: {} as { email: string; resetToken: string },
    context: {} as {
      email: string;
      /** The one-time token the verified code earned; the server refuses the reset without it. */
      resetToken: string;
      values: ResetPasswordValues;
      errors: FieldErrors;
      formError: string | null;
      submitted: boolean;
    },
    events: {} as
      | { type: 'field.change'; name: keyof ResetPasswordValues; value: string }
      | { type: 'form.submit' },
  },
  actors: {
    resetPassword: fromPromise<unknown, { email: string; resetToken: string; newPassword: string }>(
      async () => {
        throw new Error('resetPassword actor not provided');
      },
    ),
  },
  actions: {
    passwordReset: () => {},
  },
  guards: {
    valid: ({ context }) => !hasErrors(validate(newPasswordForm, context.values)),
  },
}).createMachine({
  id: 'resetPassword',
  context: ({ input }) => ({
    email: input.email,
    resetToken: input.resetToken,
    values: { newPassword: '', confirmPassword: '' },
    errors: {},
    formError: null,
    submitted: false,
  }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'field.change': {
          actions: assign(({ context, event }) =>
            editField(newPasswordForm, context, event.name, event.value),
          ),
        },
        'form.submit': [
          {
            guard: 'valid',
            target: 'resetting',
            actions: assign({ errors: {}, formError: null, submitted: true }),
          },
          {
            actions: assign(({ context }) => refusedSubmit(newPasswordForm, context.values)),
          },
        ],
      },
    },
    resetting: {
      invoke: {
        id: 'resetPassword',
        src: 'resetPassword',
        input: ({ context }) => ({
          email: context.email,
          resetToken: context.resetToken,
          newPassword: context.values.newPassword,
        }),
        onDone: { target: 'done', actions: 'passwordReset' },
        onError: {
          target: 'editing',
          actions: assign({ formError: ({ event }) => messageOr(event.error, 'An error occurred.') }),
        },
      },
    },
    done: { type: 'final' },
  },
});
