import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import type { OrganiserWaitlistResponse } from '../../contract/waitlist';
import { waitlistPanelMachine } from '../../machines/waitlistPanel.machine';
import { runFlowPath } from '../helpers/flowPath';
import { expectFullCoverage, flowModel, httpError, networkError } from '../helpers/machineModel';

const eventId = '7e000000-0000-4000-8000-0000000000e2';
const typeId = '7e000000-0000-4000-8000-000000000002';
const list = (offerMinutes: number, enabled: boolean): OrganiserWaitlistResponse => ({
  offerMinutes,
  types: [{ ticketTypeId: typeId, ticketName: 'Regular', enabled, soldOut: true, entries: [] }],
});
const events = [
  { type: 'minutes.change', value: '45' },
  { type: 'minutes.change', value: '2' },
  { type: 'minutes.change', value: 'soon' },
  { type: 'minutes.save' },
  { type: 'switch.set', ticketTypeId: typeId, enabled: false },
  { type: 'retry' },
  { type: 'xstate.done.actor.load', output: list(30, true) },
  { type: 'xstate.error.actor.load', error: networkError() },
  { type: 'xstate.done.actor.saveMinutes', output: list(45, true) },
  { type: 'xstate.error.actor.saveMinutes', error: httpError(403, 'You can only manage your own events.') },
  { type: 'xstate.done.actor.setSwitch', output: list(30, false) },
  { type: 'xstate.error.actor.setSwitch', error: networkError() },
];
type Snap = SnapshotFrom<typeof waitlistPanelMachine>;
const key = (s: Snap) => [
  s.context.minutes,
  s.context.minutesError,
  s.context.error,
  s.context.list?.offerMinutes ?? null,
  s.context.list?.types[0]?.enabled ?? null,
];
const paths = flowModel(waitlistPanelMachine, { events, key, input: { eventId } }).getShortestPaths();

describe('organiser waiting list panel paths', () => {
  beforeEach(() => void vi.useFakeTimers());
  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_, path) => {
    await runFlowPath(path, {
      machine: waitlistPanelMachine,
      input: { eventId },
      actorNames: ['load', 'saveMinutes', 'setSwitch'],
      view: key,
      check: ({ event, real, calls, entered }) => {
        expect(calls.load ?? []).toEqual(Array(entered('loading')).fill({ eventId }));
        // Only a valid offer time (5–1440 whole minutes) is ever sent; the switch sends what was asked.
        for (const c of (calls.saveMinutes ?? []) as { eventId: string; offerMinutes: number }[]) {
          expect(c.eventId).toBe(eventId);
          expect([30, 45]).toContain(c.offerMinutes);
        }
        expect(calls.setSwitch ?? []).toEqual(
          Array(entered('switching')).fill({ eventId, ticketTypeId: typeId, enabled: false }),
        );
        if (event.type === 'minutes.save' && real.matches('ready')) {
          expect(real.context.minutesError).toMatch(/at least 5 minutes|whole number/);
        }
        if (event.type === 'xstate.error.actor.saveMinutes')
          expect(real.context.error).toBe('You can only manage your own events.');
        if (event.type === 'xstate.done.actor.setSwitch')
          expect(real.context.list?.types[0]?.enabled).toBe(false);
      },
    });
  });

  it('covers every state and transition', () => expectFullCoverage(waitlistPanelMachine, paths));
});
