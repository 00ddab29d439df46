import { assign, fromPromise, setup } from 'xstate';
import type { TestPayment } from '../contract/orders';
import { messageOr } from './lib/form';

type Decision = 'approve' | 'decline';

/**
 * The built-in test-mode provider's page (/pay/test/{reference}): it shows the amount and lets the
 * tester approve or decline, then sends the browser back to the order, as Paystack's page would.
 * A payment already decided shows its outcome with the way back.
 */
export const testPaymentMachine = setup({
  types: {
    input: {} as { reference: string },
    context: {} as { reference: string; payment: TestPayment | null; error: string | null },
    events: {} as { type: 'payment.approve' } | { type: 'payment.decline' } | { type: 'load.retry' },
  },
  actors: {
    fetchPayment: fromPromise<TestPayment, { reference: string }>(async () => {
      throw new Error('fetchPayment is not provided');
    }),
    decide: fromPromise<
      { status: 'success' | 'failed'; callbackUrl: string },
      { reference: string; decision: Decision }
    >(async () => {
      throw new Error('decide is not provided');
    }),
  },
  actions: {
    returnToShop: (_, _params: { url: string }) => {},
  },
  guards: {
    pending: ({ event }) => (event as unknown as { output: TestPayment }).output.status === 'pending',
  },
}).createMachine({
  id: 'testPayment',
  context: ({ input }) => ({ reference: input.reference, payment: null, error: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'fetchPayment',
        src: 'fetchPayment',
        input: ({ context }) => ({ reference: context.reference }),
        onDone: [
          {
            guard: 'pending',
            target: 'ready',
            actions: assign({ payment: ({ event }) => event.output, error: null }),
          },
          { target: 'settled', actions: assign({ payment: ({ event }) => event.output, error: null }) },
        ],
        onError: {
          target: 'loadFailed',
          actions: assign({
            error: ({ event }) => messageOr(event.error, 'This payment could not be found.'),
          }),
        },
      },
    },
    loadFailed: { on: { 'load.retry': { target: 'loading' } } },
    ready: {
      on: {
        'payment.approve': { target: 'approving', actions: assign({ error: null }) },
        'payment.decline': { target: 'declining', actions: assign({ error: null }) },
      },
    },
    approving: {
      invoke: {
        id: 'decide',
        src: 'decide',
        input: ({ context }) => ({ reference: context.reference, decision: 'approve' as const }),
        onDone: {
          target: 'returning',
          actions: { type: 'returnToShop', params: ({ event }) => ({ url: event.output.callbackUrl }) },
        },
        onError: {
          target: 'ready',
          actions: assign({
            error: ({ event }) => messageOr(event.error, 'The payment could not be approved.'),
          }),
        },
      },
    },
    declining: {
      invoke: {
        id: 'decide',
        src: 'decide',
        input: ({ context }) => ({ reference: context.reference, decision: 'decline' as const }),
        onDone: {
          target: 'returning',
          actions: { type: 'returnToShop', params: ({ event }) => ({ url: event.output.callbackUrl }) },
        },
        onError: {
          target: 'ready',
          actions: assign({
            error: ({ event }) => messageOr(event.error, 'The payment could not be declined.'),
          }),
        },
      },
    },
    /** The browser is on its way back to the order page. */
    returning: {},
    /** Already approved or declined (a second visit): show it, with the way back. */
    settled: {},
  },
});
