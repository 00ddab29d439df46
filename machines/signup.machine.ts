import { assign, fromPromise, setup } from 'xstate';
import { type RegisterRequest, registerRequest } from '../contract/users';
import { editField, type FieldErrors, hasErrors, messageOr, refusedSubmit, validate } from './lib/form';

export type SignupField = keyof RegisterRequest;
const emptyValues: RegisterRequest = {
  firstName: '',
  lastName: '',
  username: '',
  email: '',
  password: '',
  confirmPassword: '',
};

/**
 * Sign-up: submit, busy; on 201 go to /check-email with the email (`registered`), on
 * failure show the server's message or 'An error occurred. Please try again.'.
 */
export const signupMachine = setup({
  types: {
    context: {} as {
      values: RegisterRequest;
      errors: FieldErrors;
      formError: string | null;
      submitted: boolean;
    },
    events: {} as { type: 'field.change'; name: SignupField; value: string } | { type: 'form.submit' },
  },
  actors: {
    register: fromPromise<unknown, RegisterRequest>(async () => {
      throw new Error('register actor not provided');
    }),
  },
  actions: {
    registered: (_, _params: { email: string }) => {},
  },
  guards: {
    valid: ({ context }) => !hasErrors(validate(registerRequest, context.values)),
  },
}).createMachine({
  id: 'signup',
  context: { values: emptyValues, errors: {}, formError: null, submitted: false },
  initial: 'editing',
  states: {
    editing: {
      on: {
        'field.change': {
          actions: assign(({ context, event }) =>
            editField(registerRequest, context, event.name, event.value),
          ),
        },
        'form.submit': [
          {
            guard: 'valid',
            target: 'submitting',
            actions: assign({ errors: {}, formError: null, submitted: true }),
          },
          {
            actions: assign(({ context }) => refusedSubmit(registerRequest, context.values)),
          },
        ],
      },
    },
    submitting: {
      invoke: {
        id: 'register',
        src: 'register',
        input: ({ context }) => context.values,
        onDone: {
          target: 'registered',
          actions: { type: 'registered', params: ({ context }) => ({ email: context.values.email.trim() }) },
        },
        onError: {
          target: 'editing',
          actions: assign({
            formError: ({ event }) => messageOr(event.error, 'An error occurred. Please try again.'),
          }),
        },
      },
    },
    registered: { type: 'final' },
  },
});
