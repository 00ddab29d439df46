import { assign, fromPromise, setup } from 'xstate';
import { messageOr } from './lib/form';

export type Alert = { tone: 'success' | 'error'; text: string };

/**
 * 'Check Your Email': 'Resend Verification Email' sends a new link; the answer is an
 * alert — 'Verification email sent successfully!' or the server's message, else
 * 'An error occurred. Please try again.'.
 */
export const checkEmailMachine = setup({
  types: {
    input: {} as { email: string },
    context: {} as { email: string; alert: Alert | null },
    events: {} as { type: 'email.resend' },
  },
  actors: {
    resendVerification: fromPromise<unknown, { email: string }>(async () => {
      throw new Error('resendVerification actor not provided');
    }),
  },
}).createMachine({
  id: 'checkEmail',
  context: ({ input }) => ({ email: input.email, alert: null }),
  initial: 'idle',
  states: {
    idle: {
      on: { 'email.resend': { target: 'sending', actions: assign({ alert: null }) } },
    },
    sending: {
      invoke: {
        id: 'resendVerification',
        src: 'resendVerification',
        input: ({ context }) => ({ email: context.email }),
        onDone: {
          target: 'idle',
          actions: assign({ alert: { tone: 'success', text: 'Verification email sent successfully!' } }),
        },
        onError: {
          target: 'idle',
          actions: assign({
            alert: ({ event }) => ({
              tone: 'error',
              text: messageOr(event.error, 'An error occurred. Please try again.'),
            }),
          }),
        },
      },
    },
  },
});
