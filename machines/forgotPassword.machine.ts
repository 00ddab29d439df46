import { assign, fromPromise, setup } from 'xstate';
import { emailRequest } from '../contract/users';
import { type FieldErrors, hasErrors, messageOr, validate } from './lib/form';

/**
 * Forgot password: 'Get Code' sends the email; on 200 go to the code page with the email
 * (`codeSent`); on failure the server's message or 'An error occurred.'.
 */
export const forgotPasswordMachine = setup({
  types: {
    input: {} as { email?: string } | undefined,
    context: {} as { email: string; errors: FieldErrors; formError: string | null; submitted: boolean },
    events: {} as { type: 'field.change'; value: string } | { type: 'form.submit' },
  },
  actors: {
    requestCode: fromPromise<unknown, { email: string }>(async () => {
      throw new Error('requestCode actor not provided');
    }),
  },
  actions: {
    codeSent: (_, _params: { email: string }) => {},
  },
  guards: {
    valid: ({ context }) => !hasErrors(validate(emailRequest, { email: context.email })),
  },
}).createMachine({
  id: 'forgotPassword',
  context: ({ input }) => ({ email: input?.email ?? '', errors: {}, formError: null, submitted: false }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'field.change': {
          actions: assign(({ context, event }) => ({
            email: event.value,
            errors: context.submitted ? validate(emailRequest, { email: event.value }) : context.errors,
          })),
        },
        'form.submit': [
          {
            guard: 'valid',
            target: 'sending',
            actions: assign({ errors: {}, formError: null, submitted: true }),
          },
          {
            actions: assign(({ context }) => ({
              // Stryker disable next-line ObjectLiteral: reached only with an invalid email, worded as a missing one
              errors: validate(emailRequest, { email: context.email }),
              formError: null,
              submitted: true,
            })),
          },
        ],
      },
    },
    sending: {
      invoke: {
        id: 'requestCode',
        src: 'requestCode',
        input: ({ context }) => ({ email: context.email.trim() }),
        onDone: {
          target: 'codeSent',
          actions: { type: 'codeSent', params: ({ context }) => ({ email: context.email.trim() }) },
        },
        onError: {
          target: 'editing',
          actions: assign({ formError: ({ event }) => messageOr(event.error, 'An error occurred.') }),
        },
      },
    },
    codeSent: { type: 'final' },
  },
});
