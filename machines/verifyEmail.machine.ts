import { assign, fromPromise, setup } from 'xstate';
import { messageOr } from './lib/form';

/**
 * The verification link: 'Verifying your email...', then the result. Success
 * says 'Email verified successfully! Redirecting to login...' and goes to /login after 3 s.
 */
export const verifyEmailMachine = setup({
  types: {
    input: {} as { token: string | undefined },
    context: {} as { token: string; message: string | null },
  },
  actors: {
    verifyEmail: fromPromise<unknown, { token: string }>(async () => {
      throw new Error('verifyEmail actor not provided');
    }),
  },
  actions: {
    goToLogin: () => {},
  },
  delays: { redirect: 3000 },
  guards: {
    hasToken: ({ context }) => context.token.length > 0,
  },
}).createMachine({
  id: 'verifyEmail',
  context: ({ input }) => ({ token: input.token?.trim() ?? '', message: null }),
  initial: 'checking',
  states: {
    checking: {
      always: [
        { guard: 'hasToken', target: 'verifying' },
        { target: 'failed', actions: assign({ message: 'Invalid verification link.' }) },
      ],
    },
    verifying: {
      invoke: {
        id: 'verifyEmail',
        src: 'verifyEmail',
        input: ({ context }) => ({ token: context.token }),
        onDone: {
          target: 'verified',
          actions: assign({ message: 'Email verified successfully! Redirecting to login...' }),
        },
        onError: {
          target: 'failed',
          actions: assign({
            message: ({ event }) => messageOr(event.error, 'An error occurred during verification.'),
          }),
        },
      },
    },
    verified: {
      after: { redirect: { target: 'redirected', actions: 'goToLogin' } },
    },
    redirected: { type: 'final' },
    failed: { type: 'final' },
  },
});
