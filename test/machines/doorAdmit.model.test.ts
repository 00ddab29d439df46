import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import type { ScanResponse } from '../../contract/checkin';
import { doorAdmitMachine } from '../../machines/doorAdmit.machine';
import { runFlowPath } from '../helpers/flowPath';
import { expectFullCoverage, flowModel, httpError, networkError } from '../helpers/machineModel';

const input = { eventId: '5f0c3c1e-7a2b-4c8d-9e1f-2a3b4c5d6e7f' };
const counts = { checkedIn: 1, total: 3, perType: [], perGate: [] };
const inside: ScanResponse = { result: 'checked_in', message: 'Valid: let them in', counts };
const twice: ScanResponse = { result: 'already_checked_in', message: 'Already checked in', counts };

describe('door screen admission paths', () => {
  beforeEach(() => void vi.useFakeTimers());
  const events = [
    { type: 'admit', ticketId: '5e000000-0000-4000-8000-00000000000a' },
    { type: 'xstate.done.actor.admit', output: inside },
    { type: 'xstate.done.actor.admit', output: twice },
    {
      type: 'xstate.error.actor.admit',
      error: httpError(403, "Your role on this event's team does not allow this."),
    },
    { type: 'xstate.error.actor.admit', error: networkError() },
  ];
  type Snap = SnapshotFrom<typeof doorAdmitMachine>;
  const key = (s: Snap) => [s.context.last?.result ?? null, s.context.error];
  const paths = flowModel(doorAdmitMachine, { events, key, input }).getShortestPaths();

  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_, path) => {
    await runFlowPath(path, {
      machine: doorAdmitMachine,
      input,
      actorNames: ['admit'],
      view: key,
      check: ({ event, real, calls, notices, entered }) => {
        // One scan per admission, with the picked ticket's id; a second Admit waits.
        expect(calls.admit ?? []).toEqual(
          Array(entered('admitting')).fill({ ...input, ticketId: '5e000000-0000-4000-8000-00000000000a' }),
        );
        if (event.type === 'xstate.done.actor.admit') {
          expect(real.context.last).toEqual(event.output);
          const tone = event.output.result === 'checked_in' ? 'success' : 'error';
          expect(notices.at(-1)).toBe(`${tone}: ${event.output.message}`);
        }
        if (event.type === 'xstate.error.actor.admit') {
          expect(real.matches('idle')).toBe(true);
          expect(notices.at(-1)).toBe(`error: ${real.context.error}`);
          if (event.error.status === 403)
            expect(real.context.error).toBe("Your role on this event's team does not allow this.");
          else expect(real.context.error).toBe('Not admitted: the scan did not reach the server.');
        }
      },
    });
  });

  it('covers every state and transition', () => expectFullCoverage(doorAdmitMachine, paths));
});
