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
  { type: 'field.change', name: 'closeHours', value: ' 720 ' },
  { type: 'form.submit' },
  { type: 'xstate.done.actor.save', output: { message: 'Ticket change settings saved' } },
  { type: 'xstate.error.actor.save', error: httpError(403, 'You do not manage this event.') },
  { type: 'xstate.error.actor.save', error: networkError() },
];
type Values = { transfersEnabled: boolean; closeHours: string; liveOnly: boolean };
type Ev = { type: string; on?: boolean; value?: string; output?: { message: string }; error?: unknown };
type Form = { state: string; values: Values; errors: Record<string, string>; formError: string | null };
/** Decision 040's rule for the hours, in plain code: whole hours, at most 30 days (720 h). */
const hoursOf = (text: string) => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : null);
const errorsOf = (v: Values): Record<string, string> => {
  const h = hoursOf(v.closeHours);
  if (h === null) return { closeHours: 'Enter whole hours' };
  return h > 720 ? { closeHours: 'At most 720 hours (30 days) before the event' } : {};
};

/** What the settings form must do, not read off the machine. */
function nextForm(f: Form, e: Ev, notices: string[]): Form {
  const server = (e.error as { serverMessage?: string | null } | undefined)?.serverMessage;
  switch (`${f.state} ${e.type}`) {
    case 'editing transfers.set':
      return { ...f, values: { ...f.values, transfersEnabled: e.on === true } };
    case 'editing liveOnly.set':
      // Only live codes at the door (decision 058), or the printed code too.
      return { ...f, values: { ...f.values, liveOnly: e.on === true } };
    case 'editing field.change': {
      // Once the form showed a problem, the words follow every edit; before, nothing shows.
      const values = { ...f.values, closeHours: e.value ?? '' };
      return { ...f, values, errors: Object.keys(f.errors).length > 0 ? errorsOf(values) : {} };
    }
    case 'editing form.submit': {
      const errors = errorsOf(f.values);
      return Object.keys(errors).length > 0 ? { ...f, errors } : { ...f, state: 'saving', formError: null };
    }
    case 'saving xstate.done.actor.save':
      notices.push(`success: ${e.output?.message}`);
      return { ...f, state: 'editing' };
    case 'saving xstate.error.actor.save':
      return {
        ...f,
        state: 'editing',
        formError: server ?? 'The settings could not be saved. Please try again.',
      };
    default:
      return f;
  }
}
type Snap = SnapshotFrom<typeof ticketChangeSettingsMachine>;
const key = (s: Snap) => [s.context.values, Object.keys(s.context.errors), s.context.formError];
const paths = flowModel(ticketChangeSettingsMachine, { events, key, input }).getShortestPaths();

describe('ticket change settings paths', () => {
  beforeEach(() => void vi.useFakeTimers());
  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_, path) => {
    let saved = 0;
    let done = 0;
    let form: Form = {
      state: 'editing',
      values: { transfersEnabled: true, closeHours: '0', liveOnly: false },
      errors: {},
      formError: null,
    };
    const expectedNotices: string[] = [];
    const sent: unknown[] = [];
    await runFlowPath(path, {
      machine: ticketChangeSettingsMachine.provide({ actions: { saved: () => void saved++ } }),
      input,
      actorNames: ['save'],
      view: key,
      check: ({ event, real, calls, entered, notices, index }) => {
        if (index > 0) form = nextForm(form, event as Ev, expectedNotices);
        if (index > 0 && event.type === 'form.submit' && form.state === 'saving')
          sent.push({
            eventId: input.eventId,
            settings: {
              transfersEnabled: form.values.transfersEnabled,
              closeHours: hoursOf(form.values.closeHours),
              rotatingCodes: form.values.liveOnly ? 'required' : 'allowed',
            },
          });
        const { state, ...context } = form;
        expect(real.value).toBe(state);
        expect(real.context).toEqual({ eventId: input.eventId, ...context });
        expect(notices).toEqual(expectedNotices);
        expect(calls.save ?? []).toEqual(sent);
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
