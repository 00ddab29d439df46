import { assign, fromPromise, setup } from 'xstate';
import type { RefundRequest } from '../contract/refunds';
import { messageOr } from './lib/form';

export type RefundDraft = Omit<RefundRequest, 'requestKey'>;

/** A fresh key per refund form: sending it twice (a double click, a retry) refunds once (decision 044). */
export function newRequestKey(): string {
  const bytes = new Uint8Array(12);
  crypto.getRandomValues(bytes);
  return `rf-${[...bytes].map((b) => b.toString(16).padStart(2, '0')).join('')}`;
}

/**
 * The organiser's "Refund" on one Guestlist line (issue #24, decision 044): open the form, choose
 * seats or an amount and a reason, review, confirm. The request key is made when the form opens and
 * kept across a failed try, so asking again after an error never refunds twice; a new form gets a new
 * key. The page provides the call and what happens after (`refunded`: the list reloads).
 */
export const orderRefundMachine = setup({
  types: {
    input: {} as { orderId: string },
    context: {} as { orderId: string; requestKey: string; draft: RefundDraft | null; error: string | null },
    events: {} as
      | { type: 'open' }
      | { type: 'close' }
      | { type: 'review'; draft: RefundDraft }
      | { type: 'back' }
      | { type: 'confirm' },
  },
  actors: {
    refund: fromPromise<{ amountNaira: number }, { orderId: string; body: RefundRequest }>(async () => {
      throw new Error('refund actor not provided');
    }),
  },
  actions: {
    notify: (_, _params: { tone: 'success' | 'error'; text: string }) => {},
    refunded: () => {},
  },
}).createMachine({
  id: 'orderRefund',
  // Stryker disable next-line StringLiteral: `open` makes the key before any request can read it
  context: ({ input }) => ({ orderId: input.orderId, requestKey: '', draft: null, error: null }),
  initial: 'closed',
  states: {
    closed: {
      on: {
        open: {
          target: 'editing',
          actions: assign({ requestKey: () => newRequestKey(), draft: null, error: null }),
        },
      },
    },
    editing: {
      on: {
        review: { target: 'confirming', actions: assign({ draft: ({ event }) => event.draft, error: null }) },
        close: 'closed',
      },
    },
    confirming: {
      on: { confirm: 'refunding', back: 'editing', close: 'closed' },
    },
    refunding: {
      invoke: {
        id: 'refund',
        src: 'refund',
        input: ({ context }) => ({
          orderId: context.orderId,
          body: { ...(context.draft as RefundDraft), requestKey: context.requestKey },
        }),
        onDone: {
          target: 'closed',
          actions: [
            {
              type: 'notify',
              params: ({ event }) => ({
                tone: 'success' as const,
                text: `Refund of ₦${event.output.amountNaira.toLocaleString('en-NG')} sent. The buyer is emailed.`,
              }),
            },
            'refunded',
          ],
        },
        onError: {
          target: 'editing',
          actions: assign({
            error: ({ event }) => messageOr(event.error, 'The refund could not be made. Please try again.'),
          }),
        },
      },
    },
  },
});
