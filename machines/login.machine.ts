import { assign, fromPromise, setup } from 'xstate';
import { type LoginRequest, loginRequest, type PublicUser } from '../contract/users';
import {
  editField,
  type FieldErrors,
  hasErrors,
  messageOr,
  refusedSubmit,
  serverMessage,
  validate,
} from './lib/form';

export const UNVERIFIED_MESSAGE = 'Please verify your email before logging in.';

type Values = { email: string; password: string; rememberMe: boolean };
export type LoginResult = { token: string; user: PublicUser };

/**
 * Sign-in. Errors show under the fields after the first submit and follow every
 * change from then on. Success hands the token and user to the session and goes to `from` or `/`
 * (the page provides `signedIn`); an unverified email goes to /check-email (`unverified`).
 */
export const loginMachine = setup({
  types: {
    context: {} as { values: Values; errors: FieldErrors; formError: string | null; submitted: boolean },
    events: {} as
      | { type: 'field.change'; name: 'email' | 'password'; value: string }
      | { type: 'rememberMe.change'; checked: boolean }
      | { type: 'form.submit' },
  },
  actors: {
    login: fromPromise<LoginResult, LoginRequest>(async () => {
      throw new Error('login actor not provided');
    }),
  },
  actions: {
    signedIn: (_, _params: LoginResult) => {},
    unverified: (_, _params: { email: string }) => {},
  },
  guards: {
    valid: ({ context }) => !hasErrors(validate(loginRequest, context.values)),
    unverifiedEmail: ({ event }) =>
      'error' in event && serverMessage((event as { error: unknown }).error) === UNVERIFIED_MESSAGE,
  },
}).createMachine({
  id: 'login',
  context: {
    values: { email: '', password: '', rememberMe: false },
    errors: {},
    formError: null,
    submitted: false,
  },
  initial: 'editing',
  states: {
    editing: {
      on: {
        'field.change': {
          actions: assign(({ context, event }) => editField(loginRequest, context, event.name, event.value)),
        },
        'rememberMe.change': {
          actions: assign(({ context, event }) => ({
            values: { ...context.values, rememberMe: event.checked },
          })),
        },
        'form.submit': [
          {
            guard: 'valid',
            target: 'submitting',
            actions: assign({ errors: {}, formError: null, submitted: true }),
          },
          {
            actions: assign(({ context }) => refusedSubmit(loginRequest, context.values)),
          },
        ],
      },
    },
    submitting: {
      invoke: {
        id: 'login',
        src: 'login',
        input: ({ context }) => ({
          email: context.values.email.trim(),
          password: context.values.password,
          rememberMe: context.values.rememberMe,
        }),
        onDone: {
          target: 'signedIn',
          actions: { type: 'signedIn', params: ({ event }) => event.output },
        },
        onError: [
          {
            guard: 'unverifiedEmail',
            target: 'unverified',
            actions: {
              type: 'unverified',
              params: ({ context }) => ({ email: context.values.email.trim() }),
            },
          },
          {
            target: 'editing',
            actions: assign({
              formError: ({ event }) => messageOr(event.error, 'Invalid email or password.'),
            }),
          },
        ],
      },
    },
    signedIn: { type: 'final' },
    unverified: { type: 'final' },
  },
});
