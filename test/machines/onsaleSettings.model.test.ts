import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { type OnsaleSettings, onsaleSettingsRequest } from '../../contract/onsale';
import { onsaleSettingsMachine } from '../../machines/onsaleSettings.machine';
import { driveMachine } from '../helpers/driveMachine';
import { runFlowPath } from '../helpers/flowPath';
import { expectFullCoverage, flowModel, httpError, networkError } from '../helpers/machineModel';
import { machineShape } from '../helpers/machineShape';
import { firstIssues } from '../helpers/tabOracle';

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
  { type: 'xstate.error.actor.save', error: networkError() },
];

type Values = { opensAt: string; waitingRoom: string; rate: string };
/** What decision 059 sends for what was typed: blank is none, a rate only as whole digits. */
const requestOf = (v: Values) => ({
  opensAt: v.opensAt.trim() || null,
  waitingRoom: v.waitingRoom,
  admitPerSecond:
    v.rate.trim() === '' ? null : /^[0-9]+$/.test(v.rate.trim()) ? Number(v.rate.trim()) : Number.NaN,
});
/** The contract's words, under the form's own field names. */
const errorsOf = (v: Values) => {
  const e = firstIssues(onsaleSettingsRequest.safeParse(requestOf(v)));
  return {
    ...(e.opensAt ? { opensAt: e.opensAt } : {}),
    ...(e.admitPerSecond ? { rate: e.admitPerSecond } : {}),
  };
};
const shownOf = (s: OnsaleSettings): Values => ({
  opensAt: s.opensAt ?? '',
  waitingRoom: s.waitingRoom,
  rate: s.admitPerSecond === null ? '' : `${s.admitPerSecond}`,
});
type Ev = {
  type: string;
  name?: string;
  value?: string;
  mode?: string;
  output?: OnsaleSettings;
  error?: unknown;
};
type Tab = {
  state: string;
  c: Record<string, unknown> & { values: Values; errors: object };
  notices: string[];
  saves: unknown[];
};
function next(t: Tab, e: Ev) {
  const words = (e.error as { serverMessage?: string | null } | undefined)?.serverMessage || null;
  const c = t.c;
  const shown = (s: OnsaleSettings) =>
    Object.assign(c, { settings: s, values: shownOf(s), errors: {}, formError: null });
  switch (`${t.state} ${e.type}`) {
    case 'loading xstate.done.actor.load':
      shown(e.output!);
      t.state = 'editing';
      break;
    case 'loading xstate.error.actor.load':
      c.formError = words ?? 'The on-sale settings could not be loaded.';
      t.state = 'loadFailed';
      break;
    case 'loadFailed load.retry':
      t.state = 'loading';
      break;
    case 'editing field.change':
      c.values = { ...c.values, [e.name!]: e.value! };
      // Words already on screen follow the typing; none appear before a submit.
      c.errors = Object.keys(c.errors).length > 0 ? errorsOf(c.values) : {};
      c.formError = null;
      break;
    case 'editing room.set':
      c.values = { ...c.values, waitingRoom: e.mode! };
      c.formError = null;
      break;
    case 'editing form.submit': {
      const errors = errorsOf(c.values);
      if (Object.keys(errors).length > 0) c.errors = errors;
      else {
        Object.assign(c, { formError: null });
        t.saves.push({ eventId: c.eventId, settings: requestOf(c.values) });
        t.state = 'saving';
      }
      break;
    }
    case 'saving xstate.done.actor.save':
      shown(e.output!);
      t.notices.push('success: On-sale settings saved');
      t.state = 'editing';
      break;
    case 'saving xstate.error.actor.save':
      c.formError = words ?? 'The on-sale settings could not be saved. Please try again.';
      t.state = 'editing';
      break;
  }
}
const start = (): Tab => ({
  state: 'loading',
  c: {
    eventId: input.eventId,
    settings: null,
    values: { opensAt: '', waitingRoom: 'auto', rate: '' },
    errors: {},
    formError: null,
  },
  notices: [],
  saves: [],
});
type Snap = SnapshotFrom<typeof onsaleSettingsMachine>;
const key = (s: Snap) => [s.context.values, Object.keys(s.context.errors), s.context.formError];
const paths = flowModel(onsaleSettingsMachine, { events, key, input }).getShortestPaths();

describe('on-sale settings paths', () => {
  beforeEach(() => void vi.useFakeTimers());
  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_, path) => {
    const tab = start();
    await runFlowPath(path, {
      machine: onsaleSettingsMachine,
      input,
      actorNames: ['load', 'save'],
      view: key,
      check: ({ index, event, real, calls, entered, notices }) => {
        if (index > 0) next(tab, event as Ev);
        expect(real.value).toBe(tab.state);
        expect(real.context).toEqual(tab.c);
        expect(notices).toEqual(tab.notices);
        expect(calls.load).toEqual(Array(entered('loading')).fill({ eventId: input.eventId }));
        expect(calls.save ?? []).toEqual(tab.saves);
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
          expect([
            'Set an on-sale time to turn the waiting room on.',
            'The on-sale settings could not be saved. Please try again.',
          ]).toContain(real.context.formError);
      },
    });
  });

  it('covers every state and transition', () => expectFullCoverage(onsaleSettingsMachine, paths));
});

describe('on-sale settings: what is typed', () => {
  beforeEach(() => void vi.useFakeTimers());
  it('sends trimmed text, blank as none, a rate only as whole digits', async () => {
    const d = driveMachine(onsaleSettingsMachine, { input, calls: ['load', 'save'], recorded: ['notify'] });
    await vi.advanceTimersByTimeAsync(0);
    await d.resolve('load', settings({ opensAt: '2030-12-01T10:00', admitPerSecond: 40 }));
    expect(d.context().values).toEqual({ opensAt: '2030-12-01T10:00', waitingRoom: 'auto', rate: '40' });
    for (const rate of ['4.5', '1e2', '-3', '40x'] as const) {
      d.send({ type: 'field.change', name: 'rate', value: rate });
      d.send({ type: 'form.submit' });
      expect(d.snap().value, rate).toBe('editing');
      expect(d.context().errors.rate, rate).toBeTruthy();
    }
    d.send({ type: 'field.change', name: 'rate', value: '  ' });
    d.send({ type: 'field.change', name: 'opensAt', value: ' 2030-12-02T09:30 ' });
    d.send({ type: 'room.set', mode: 'off' });
    expect(d.context().errors).toEqual({});
    d.send({ type: 'form.submit' });
    // Locked while it is sent.
    d.send({ type: 'field.change', name: 'rate', value: '99' });
    await d.reject('save', networkError());
    d.send({ type: 'field.change', name: 'rate', value: ' 25 ' });
    d.send({ type: 'form.submit' });
    expect(d.calls.save).toEqual([
      {
        eventId: input.eventId,
        settings: { opensAt: '2030-12-02T09:30', waitingRoom: 'off', admitPerSecond: null },
      },
      {
        eventId: input.eventId,
        settings: { opensAt: '2030-12-02T09:30', waitingRoom: 'off', admitPerSecond: 25 },
      },
    ]);
    // A time of spaces is no time: on sale from publication.
    await d.resolve(
      'save',
      settings({ opensAt: '2030-12-02T09:30', waitingRoom: 'off', admitPerSecond: 25 }),
    );
    d.send({ type: 'field.change', name: 'opensAt', value: '   ' });
    d.send({ type: 'form.submit' });
    expect(d.calls.save[2]).toEqual({
      eventId: input.eventId,
      settings: { opensAt: null, waitingRoom: 'off', admitPerSecond: 25 },
    });
    d.actor.stop();
  });
});

it('has the shape decision 059 describes', () =>
  expect(machineShape(onsaleSettingsMachine)).toEqual([
    'state onsaleSettings.loading invokes load:load',
    'state onsaleSettings.loadFailed',
    'state onsaleSettings.editing',
    'state onsaleSettings.saving invokes save:save',
    'onsaleSettings.editing --field.change--> (self) []',
    'onsaleSettings.editing --form.submit--> (self) []',
    'onsaleSettings.editing --form.submit--> onsaleSettings.saving [valid]',
    'onsaleSettings.editing --room.set--> (self) []',
    'onsaleSettings.loadFailed --load.retry--> onsaleSettings.loading []',
    'onsaleSettings.loading --xstate.done.actor.load--> onsaleSettings.editing []',
    'onsaleSettings.loading --xstate.error.actor.load--> onsaleSettings.loadFailed []',
    'onsaleSettings.saving --xstate.done.actor.save--> onsaleSettings.editing []',
    'onsaleSettings.saving --xstate.error.actor.save--> onsaleSettings.editing []',
  ]));
