import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { feeSettingsMachine } from '../../machines/feeSettings.machine';
import { runFlowPath } from '../helpers/flowPath';
import { expectFullCoverage, flowModel, httpError, networkError } from '../helpers/machineModel';

const input = { eventId: '6f1c2d3e-4a5b-4c6d-8e7f-901234567890', feeMode: 'buyer' as const };
const events = [
  { type: 'feeMode.set', feeMode: 'absorbed' },
  { type: 'feeMode.set', feeMode: 'buyer' },
  { type: 'form.submit' },
  { type: 'xstate.done.actor.save', output: { message: 'Fee setting saved' } },
  { type: 'xstate.error.actor.save', error: httpError(403, 'You do not manage this event.') },
  { type: 'xstate.error.actor.save', error: networkError() },
];
type Mode = 'buyer' | 'absorbed';
type Ev = { type: string; feeMode?: Mode; output?: { message: string }; error?: unknown };
type Form = { state: string; feeMode: Mode; saved: Mode; formError: string | null };

/** What the fee setting must do, written apart from the machine (decision 066). */
function next(f: Form, e: Ev, notices: string[]): Form {
  const server = (e.error as { serverMessage?: string | null } | undefined)?.serverMessage;
  switch (`${f.state} ${e.type}`) {
    case 'editing feeMode.set':
      return { ...f, feeMode: e.feeMode!, formError: null };
    case 'editing form.submit':
      // Nothing to send when the choice is what is saved.
      return f.feeMode === f.saved ? f : { ...f, state: 'saving', formError: null };
    case 'saving xstate.done.actor.save':
      notices.push(`success: ${e.output?.message}`);
      return { ...f, state: 'editing', saved: f.feeMode };
    case 'saving xstate.error.actor.save':
      return {
        ...f,
        state: 'editing',
        formError: server ?? 'The fee setting could not be saved. Please try again.',
      };
    default:
      return f;
  }
}

type Snap = SnapshotFrom<typeof feeSettingsMachine>;
const key = (s: Snap) => [s.context.feeMode, s.context.saved, s.context.formError];
const paths = flowModel(feeSettingsMachine, { events, key, input }).getShortestPaths();

describe('fee setting paths', () => {
  beforeEach(() => void vi.useFakeTimers());
  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_, path) => {
    let saved = 0;
    let done = 0;
    let form: Form = { state: 'editing', feeMode: 'buyer', saved: 'buyer', formError: null };
    const expectedNotices: string[] = [];
    const sent: unknown[] = [];
    await runFlowPath(path, {
      machine: feeSettingsMachine.provide({ actions: { saved: () => void saved++ } }),
      input,
      actorNames: ['save'],
      view: key,
      check: ({ event, real, calls, notices, index }) => {
        if (index > 0) form = next(form, event as Ev, expectedNotices);
        if (index > 0 && event.type === 'form.submit' && form.state === 'saving')
          sent.push({ eventId: input.eventId, feeMode: form.feeMode });
        const { state, ...context } = form;
        expect(real.value).toBe(state);
        expect(real.context).toEqual({ eventId: input.eventId, ...context });
        expect(notices).toEqual(expectedNotices);
        expect(calls.save ?? []).toEqual(sent);
        if (event.type === 'xstate.done.actor.save') done++;
        expect(saved).toBe(done);
      },
    });
  });

  it('covers every state and transition', () => expectFullCoverage(feeSettingsMachine, paths));
});
