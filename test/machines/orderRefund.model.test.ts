import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { orderRefundMachine } from '../../machines/orderRefund.machine';
import { runFlowPath } from '../helpers/flowPath';
import { expectFullCoverage, flowModel, httpError, networkError } from '../helpers/machineModel';
import { machineShape } from '../helpers/machineShape';

const input = { orderId: '5e000000-0000-4000-8000-000000000002' };
const draft = { tickets: ['7e000000-0000-4000-8000-000000000001'], reason: 'Seat broken' };
const tooMuch = httpError(409, 'At most ₦5,000 of this order can still be refunded.');
const events = [
  { type: 'open' },
  { type: 'close' },
  { type: 'review', draft },
  { type: 'back' },
  { type: 'confirm' },
  { type: 'xstate.done.actor.refund', output: { amountNaira: 5000 } },
  { type: 'xstate.error.actor.refund', error: tooMuch },
  { type: 'xstate.error.actor.refund', error: networkError() },
];
// The form's own words when the server gave none (decision 044), written here, not read off the machine.
const FALLBACK = 'The refund could not be made. Please try again.';
type Snap = SnapshotFrom<typeof orderRefundMachine>;
const key = (s: Snap) => [s.context.error];
const paths = flowModel(orderRefundMachine, { events, key, input }).getShortestPaths();

describe('order refund paths', () => {
  beforeEach(() => void vi.useFakeTimers());
  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_, path) => {
    let refunded = 0;
    await runFlowPath(path, {
      machine: orderRefundMachine.provide({ actions: { refunded: () => void refunded++ } }),
      input,
      actorNames: ['refund'],
      view: key,
      check: ({ event, real, calls, entered, notices }) => {
        // One call per confirmation, for this order, with the reviewed draft and the form's key.
        const made = (calls.refund ?? []) as { orderId: string; body: { requestKey: string } }[];
        expect(made).toHaveLength(entered('refunding'));
        for (const c of made) {
          expect(c).toMatchObject({ orderId: input.orderId, body: { ...draft } });
          expect(c.body.requestKey).toMatch(/^rf-[0-9a-f]{24}$/);
        }
        if (event.type === 'xstate.done.actor.refund') {
          expect(notices.at(-1)).toBe('success: Refund of ₦5,000 sent. The buyer is emailed.');
          expect(refunded).toBe(1);
        }
        if (event.type === 'xstate.error.actor.refund') {
          expect(real.context.error).toBe(event.error === tooMuch ? tooMuch.serverMessage : FALLBACK);
          // A retry after an error reuses the key: the server answers with the first refund if any.
          expect(made.at(-1)!.body.requestKey).toBe(real.context.requestKey);
        }
        if (event.type !== 'xstate.done.actor.refund') expect(refunded).toBe(0);
        // Opening a form and reviewing a draft start clean; the reviewed draft is what gets sent.
        if (event.type === 'open' || event.type === 'review') expect(real.context.error).toBeNull();
        if (event.type === 'review') expect(real.context.draft).toEqual(draft);
        if (event.type === 'open') expect(real.context.draft).toBeNull();
      },
    });
  });

  it('covers every state and transition', () => expectFullCoverage(orderRefundMachine, paths));
});

// The flow decision 044 describes: a form opened per refund, a review before the call, a failure
// back to the form (its key kept), a success or a close back to the list.
it('has the shape decision 044 describes', () =>
  expect(machineShape(orderRefundMachine)).toEqual([
    'state orderRefund.closed',
    'state orderRefund.editing',
    'state orderRefund.confirming',
    'state orderRefund.refunding invokes refund:refund',
    'orderRefund.closed --open--> orderRefund.editing []',
    'orderRefund.confirming --back--> orderRefund.editing []',
    'orderRefund.confirming --close--> orderRefund.closed []',
    'orderRefund.confirming --confirm--> orderRefund.refunding []',
    'orderRefund.editing --close--> orderRefund.closed []',
    'orderRefund.editing --review--> orderRefund.confirming []',
    'orderRefund.refunding --xstate.done.actor.refund--> orderRefund.closed []',
    'orderRefund.refunding --xstate.error.actor.refund--> orderRefund.editing []',
  ]));
