import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { ticketChangeSettingsMachine } from '../../machines/ticketChangeSettings.machine';
import { runFlowPath } from '../helpers/flowPath';
import { expectFullCoverage, flowModel, httpError, networkError } from '../helpers/machineModel';

const input = {
  eventId: '6f1c2d3e-4a5b-4c6d-8e7f-901234567890',
  settings: { transfersEnabled: true, closeHours: 0 },
};
const events = [
  { type: 'transfers.set', on: false },
  { type: 'transfers.set', on: true },
  { type: 'liveOnly.set', on: true },
  { type: 'liveOnly.set', on: false },
  { type: 'field.change', name: 'closeHours', value: '24' },
  { type: 'field.change', name: 'closeHours', value: 'two' },
  { type: 'field.change', name: 'closeHours', value: '9999' },
  { type: 'form.submit' },
  { type: 'xstate.done.actor.save', output: { message: 'Ticket change settings saved' } },
  { type: 'xstate.error.actor.save', error: httpError(403, 'You do not manage this event.') },
  { type: 'xstate.error.actor.save', error: networkError() },
];
type Snap = SnapshotFrom<typeof ticketChangeSettingsMachine>;
const key = (s: Snap) => [s.context.values, Object.keys(s.context.errors), s.context.formError];
const paths = flowModel(ticketChangeSettingsMachine, { events, key, input }).getShortestPaths();

describe('ticket change settings paths', () => {
  beforeEach(() => void vi.useFakeTimers());
  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_, path) => {
    let saved = 0;
    let done = 0;
    await runFlowPath(path, {
      machine: ticketChangeSettingsMachine.provide({ actions: { saved: () => void saved++ } }),
      input,
      actorNames: ['save'],
      view: key,
      check: ({ event, real, calls, entered }) => {
        // Only whole hours within the limit are sent, as numbers.
        expect(calls.save ?? []).toHaveLength(entered('saving'));
        if (real.matches('saving')) {
          const sent = calls.save?.at(-1) as { settings: { closeHours: number; transfersEnabled: boolean } };
          expect(sent.settings).toEqual({
            transfersEnabled: real.context.values.transfersEnabled,
            closeHours: Number(real.context.values.closeHours),
            rotatingCodes: real.context.values.liveOnly ? 'required' : 'allowed',
          });
          expect(sent.settings.closeHours).toBeLessThanOrEqual(720);
        }
        if (event.type === 'form.submit' && real.matches('editing'))
          expect(real.context.errors.closeHours).toMatch(/whole hours|At most 720/);
        if (event.type === 'xstate.done.actor.save') done++;
        expect(saved).toBe(done);
      },
    });
  });

  it('covers every state and transition', () => expectFullCoverage(ticketChangeSettingsMachine, paths));
});
