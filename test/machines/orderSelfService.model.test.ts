import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { orderSelfServiceMachine } from '../../machines/orderSelfService.machine';
import { runFlowPath } from '../helpers/flowPath';
import { expectFullCoverage, flowModel, httpError, networkError } from '../helpers/machineModel';

const input = { orderId: '5e000000-0000-4000-8000-000000000001' };
const closed = httpError(409, 'This order is already closed.');
const events = [
  { type: 'resend' },
  { type: 'giveBack.ask' },
  { type: 'giveBack.confirm' },
  { type: 'giveBack.cancel' },
  { type: 'xstate.done.actor.resend', output: { message: 'Tickets sent to 1 email address.' } },
  { type: 'xstate.error.actor.resend', error: networkError() },
  { type: 'xstate.done.actor.giveBack', output: {} },
  { type: 'xstate.error.actor.giveBack', error: closed },
];
type Snap = SnapshotFrom<typeof orderSelfServiceMachine>;
const key = (s: Snap) => [s.context.error];
const paths = flowModel(orderSelfServiceMachine, { events, key, input }).getShortestPaths();

describe('order self-service paths', () => {
  beforeEach(() => void vi.useFakeTimers());
  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_, path) => {
    let givenBack = 0;
    await runFlowPath(path, {
      machine: orderSelfServiceMachine.provide({ actions: { givenBack: () => void givenBack++ } }),
      input,
      actorNames: ['resend', 'giveBack'],
      view: key,
      check: ({ event, real, calls, entered, notices }) => {
        // One call per request, for this order; giving back only after the buyer confirmed.
        expect(calls.resend ?? []).toEqual(Array(entered('resending')).fill(input));
        expect(calls.giveBack ?? []).toEqual(Array(entered('givingBack')).fill(input));
        expect(givenBack).toBe(real.matches('givenBack') ? 1 : 0);
        if (event.type === 'xstate.done.actor.resend')
          expect(notices.at(-1)).toBe('success: Tickets sent to 1 email address.');
        if (event.type === 'xstate.error.actor.resend')
          expect(real.context.error).toBe('The tickets could not be sent. Please try again.');
        if (event.type === 'xstate.error.actor.giveBack')
          expect(real.context.error).toBe('This order is already closed.');
      },
    });
  });

  it('covers every state and transition', () => expectFullCoverage(orderSelfServiceMachine, paths));
});
