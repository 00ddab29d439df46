import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type SnapshotFrom } from 'xstate';
import type { MyWaitlistResponse } from '../../contract/waitlist';
import { waitlistJoinMachine } from '../../machines/waitlistJoin.machine';
import { runFlowPath } from '../helpers/flowPath';
import { expectFullCoverage, flowModel, httpError, networkError } from '../helpers/machineModel';

const typeId = '7e000000-0000-4000-8000-000000000001';
const input = { eventId: '7e000000-0000-4000-8000-0000000000e1', ticketTypeId: typeId, limit: 4 };
const entry = (status: 'waiting' | 'offered' | 'expired', quantity = 2) => ({
  ticketTypeId: typeId,
  quantity,
  status,
  position: status === 'waiting' ? 3 : null,
  orderId: status === 'offered' ? '7e000000-0000-4000-8000-0000000000a1' : null,
  expiresAt: status === 'offered' ? '2031-03-14T10:00:00.000Z' : null,
});
const answer = (open: boolean, ...entries: ReturnType<typeof entry>[]): MyWaitlistResponse => ({
  open: open ? [typeId] : [],
  limits: open ? { [typeId]: input.limit } : {},
  entries,
});
const notSoldOut = httpError(409, 'Regular is not sold out: you can buy it now.');
const events = [
  { type: 'quantity.change', quantity: 2 },
  { type: 'quantity.change', quantity: 9 },
  { type: 'join.submit' },
  { type: 'leave' },
  { type: 'load.retry' },
  { type: 'xstate.done.actor.loadEntry', output: answer(true) },
  // The server's join limit below the page's (a type with one seat in stock).
  { type: 'xstate.done.actor.loadEntry', output: { ...answer(true), limits: { [typeId]: 1 } } },
  { type: 'xstate.done.actor.loadEntry', output: answer(true, entry('waiting')) },
  { type: 'xstate.done.actor.loadEntry', output: answer(false, entry('offered')) },
  { type: 'xstate.done.actor.loadEntry', output: answer(false, entry('expired')) },
  { type: 'xstate.error.actor.loadEntry', error: networkError() },
  { type: 'xstate.done.actor.join', output: answer(true, entry('waiting')) },
  { type: 'xstate.error.actor.join', error: notSoldOut },
  { type: 'xstate.done.actor.leave', output: answer(true) },
  { type: 'xstate.error.actor.leave', error: networkError() },
];
type Snap = SnapshotFrom<typeof waitlistJoinMachine>;
const key = (s: Snap) => [
  s.context.quantity,
  s.context.limit,
  s.context.entry?.status ?? null,
  s.context.open,
  s.context.error,
];
const paths = flowModel(waitlistJoinMachine, { events, key, input }).getShortestPaths();

describe('waiting list join paths', () => {
  beforeEach(() => void vi.useFakeTimers());
  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_, path) => {
    await runFlowPath(path, {
      machine: waitlistJoinMachine,
      input,
      actorNames: ['loadEntry', 'join', 'leave'],
      view: key,
      check: ({ event, real, calls, entered }) => {
        // One call per visit, for this event and type; joining asks for the chosen seats, within the limit.
        expect(calls.loadEntry ?? []).toEqual(Array(entered('loading')).fill({ eventId: input.eventId }));
        expect(calls.leave ?? []).toEqual(Array(entered('leaving')).fill({ ticketTypeId: typeId }));
        for (const c of (calls.join ?? []) as { ticketTypeId: string; quantity: number }[]) {
          expect(c.ticketTypeId).toBe(typeId);
          expect(c.quantity).toBeGreaterThanOrEqual(1);
          expect(c.quantity).toBeLessThanOrEqual(input.limit);
        }
        expect(real.context.quantity).toBeLessThanOrEqual(input.limit);
        // Never more than the server lets anyone wait for, once it has said.
        expect(real.context.quantity).toBeLessThanOrEqual(real.context.limit);
        for (const c of (calls.join ?? []) as { quantity: number }[])
          expect(c.quantity).toBeLessThanOrEqual(real.context.limit);
        // What the page shows follows the server's answer.
        if (real.matches('waiting')) expect(real.context.entry?.position).toBe(3);
        if (real.matches('offered')) expect(real.context.entry?.orderId).toBeTruthy();
        if (real.matches('idle')) expect(real.context.open).toBe(true);
        if (event.type === 'xstate.error.actor.join')
          expect(real.context.error).toBe('Regular is not sold out: you can buy it now.');
        if (event.type === 'xstate.error.actor.leave')
          expect(real.context.error).toBe('Could not leave the waiting list. Please try again.');
      },
    });
  });

  it('covers every state and transition', () => expectFullCoverage(waitlistJoinMachine, paths));

  it("takes the server's join limit: a choice above it comes down to it", () => {
    const actor = createActor(
      waitlistJoinMachine.provide({
        actors: {
          loadEntry: fromPromise(async () => answer(true)),
          join: fromPromise(
            async (): Promise<MyWaitlistResponse> => ({ ...answer(true), limits: { [typeId]: 1 } }),
          ),
        },
      }),
      { input },
    ).start();
    return vi
      .waitFor(() => expect(actor.getSnapshot().value).toBe('idle'))
      .then(async () => {
        actor.send({ type: 'quantity.change', quantity: 3 });
        expect(actor.getSnapshot().context).toMatchObject({ quantity: 3, limit: 4 });
        actor.send({ type: 'join.submit' });
        await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('idle'));
        expect(actor.getSnapshot().context).toMatchObject({ quantity: 1, limit: 1 });
        actor.send({ type: 'quantity.change', quantity: 2 });
        expect(actor.getSnapshot().context.quantity).toBe(1);
      });
  });
});
