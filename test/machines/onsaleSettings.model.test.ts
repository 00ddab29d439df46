import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import type { OnsaleSettings } from '../../contract/onsale';
import { onsaleSettingsMachine } from '../../machines/onsaleSettings.machine';
import { runFlowPath } from '../helpers/flowPath';
import { expectFullCoverage, flowModel, httpError, networkError } from '../helpers/machineModel';

const input = { eventId: '6f1c2d3e-4a5b-4c6d-8e7f-901234567890' };
const settings = (over: Partial<OnsaleSettings> = {}): OnsaleSettings => ({
  opensAt: null,
  waitingRoom: 'auto',
  admitPerSecond: null,
  roomOn: false,
  seats: 20000,
  autoSeats: 5000,
  deploymentAdmitPerSecond: 50,
  queued: 0,
  ...over,
});
const saved = settings({ opensAt: '2030-12-01T10:00', waitingRoom: 'on', admitPerSecond: 40, roomOn: true });
const events = [
  { type: 'xstate.done.actor.load', output: settings() },
  { type: 'xstate.error.actor.load', error: networkError() },
  { type: 'load.retry' },
  { type: 'field.change', name: 'opensAt', value: '2030-12-01T10:00' },
  { type: 'field.change', name: 'opensAt', value: '2030-02-31T10:00' },
  { type: 'field.change', name: 'rate', value: '40' },
  { type: 'field.change', name: 'rate', value: 'fast' },
  { type: 'room.set', mode: 'on' },
  { type: 'form.submit' },
  { type: 'xstate.done.actor.save', output: saved },
  {
    type: 'xstate.error.actor.save',
    error: httpError(400, 'Set an on-sale time to turn the waiting room on.'),
  },
];
type Snap = SnapshotFrom<typeof onsaleSettingsMachine>;
const key = (s: Snap) => [s.context.values, Object.keys(s.context.errors), s.context.formError];
const paths = flowModel(onsaleSettingsMachine, { events, key, input }).getShortestPaths();

describe('on-sale settings paths', () => {
  beforeEach(() => void vi.useFakeTimers());
  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_, path) => {
    await runFlowPath(path, {
      machine: onsaleSettingsMachine,
      input,
      actorNames: ['load', 'save'],
      view: key,
      check: ({ event, real, calls, entered, notices }) => {
        expect(calls.save ?? []).toHaveLength(entered('saving'));
        // Only what the contract accepts is sent: a real Lagos date-time or none, a whole rate or none.
        if (real.matches('saving')) {
          const sent = (calls.save ?? [])
            .map((c) => (c as { settings: Record<string, unknown> }).settings)
            .at(-1)!;
          expect([null, '2030-12-01T10:00']).toContain(sent.opensAt);
          expect([null, 40]).toContain(sent.admitPerSecond);
          expect(sent.waitingRoom).toBe(real.context.values.waitingRoom);
        }
        if (event.type === 'form.submit' && real.matches('editing'))
          expect(Object.keys(real.context.errors).length).toBeGreaterThan(0);
        if (event.type === 'xstate.done.actor.save') {
          expect(notices.at(-1)).toBe('success: On-sale settings saved');
          expect(real.context.values).toEqual({ opensAt: '2030-12-01T10:00', waitingRoom: 'on', rate: '40' });
        }
        if (event.type === 'xstate.error.actor.save')
          expect(real.context.formError).toBe('Set an on-sale time to turn the waiting room on.');
      },
    });
  });

  it('covers every state and transition', () => expectFullCoverage(onsaleSettingsMachine, paths));
});
