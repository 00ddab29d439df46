import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { ticketMessageMachine } from '../../machines/ticketMessage.machine';
import { runFlowPath } from '../helpers/flowPath';
import { expectFullCoverage, flowModel, networkError } from '../helpers/machineModel';
import { machineShape } from '../helpers/machineShape';

// Decision 063: a ticket page asks once for the latest message by the ticket's key; it shows one
// when there is one, and nothing otherwise (no message, or the read failed).
const input = { ticketKey: 'share-token-of-the-ticket' };
const message = {
  id: '9b000000-0000-4000-8000-000000000001',
  subject: 'Gates open at 6',
  body: 'Bring ID',
  sentByName: 'Ngozi Eze',
  createdAt: '2026-11-27T21:00:00.000Z',
};

describe('ticket page message paths', () => {
  beforeEach(() => void vi.useFakeTimers());
  const events = [
    { type: 'xstate.done.actor.load', output: { message } },
    { type: 'xstate.done.actor.load', output: { message: null } },
    { type: 'xstate.error.actor.load', error: networkError() },
  ];
  type Snap = SnapshotFrom<typeof ticketMessageMachine>;
  const key = (s: Snap) => [s.context.message?.id ?? null];
  const paths = flowModel(ticketMessageMachine, { events, key, input }).getShortestPaths();

  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_, path) => {
    await runFlowPath(path, {
      machine: ticketMessageMachine,
      input,
      actorNames: ['load'],
      view: key,
      check: ({ event, real, calls }) => {
        expect(calls.load).toEqual([{ key: input.ticketKey }]);
        if (event.type === 'xstate.done.actor.load') {
          const got = (event as unknown as { output: { message: typeof message | null } }).output.message;
          expect(real.context.message).toEqual(got);
          expect(real.value).toBe(got ? 'shown' : 'none');
        }
        if (event.type === 'xstate.error.actor.load') {
          expect(real.value).toBe('none');
          expect(real.context.message).toBeNull();
        }
      },
    });
  });

  it('covers every state and transition', () => expectFullCoverage(ticketMessageMachine, paths));

  it('has the states and transitions of its flow', () =>
    expect(machineShape(ticketMessageMachine)).toEqual([
      'state ticketMessage.loading invokes load:load',
      'state ticketMessage.shown (final)',
      'state ticketMessage.none (final)',
      'ticketMessage.loading --xstate.done.actor.load--> ticketMessage.none []',
      'ticketMessage.loading --xstate.done.actor.load--> ticketMessage.shown [hasMessage]',
      'ticketMessage.loading --xstate.error.actor.load--> ticketMessage.none []',
    ]));
});
