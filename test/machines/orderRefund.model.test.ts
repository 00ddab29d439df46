import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { orderRefundMachine } from '../../machines/orderRefund.machine';
import { runFlowPath } from '../helpers/flowPath';
import { expectFullCoverage, flowModel, httpError } from '../helpers/machineModel';

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
];
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
          expect(real.context.error).toBe('At most ₦5,000 of this order can still be refunded.');
          // A retry after an error reuses the key: the server answers with the first refund if any.
          expect(made.at(-1)!.body.requestKey).toBe(real.context.requestKey);
        }
        if (event.type !== 'xstate.done.actor.refund') expect(refunded).toBe(0);
      },
    });
  });

  it('covers every state and transition', () => expectFullCoverage(orderRefundMachine, paths));
});
