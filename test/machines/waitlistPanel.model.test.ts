import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, type SnapshotFrom } from 'xstate';
import type { OrganiserWaitlistResponse } from '../../contract/waitlist';
import { waitlistPanelMachine } from '../../machines/waitlistPanel.machine';
import { runFlowPath } from '../helpers/flowPath';
import { expectFullCoverage, flowModel, networkError, resolvingActor } from '../helpers/machineModel';

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
  // A failure without the server's words shows the panel's own (the server's words are lib/form's).
  { type: 'xstate.error.actor.saveMinutes', error: networkError() },
  { type: 'xstate.done.actor.setSwitch', output: list(30, false) },
  { type: 'xstate.error.actor.setSwitch', error: networkError() },
];
type Ev = {
  type: string;
  value?: string;
  ticketTypeId?: string;
  enabled?: boolean;
  output?: OrganiserWaitlistResponse;
  error?: unknown;
};
type Panel = {
  state: string;
  list: OrganiserWaitlistResponse | null;
  minutes: string;
  minutesError: string | null;
  pending: { ticketTypeId: string; enabled: boolean } | null;
  error: string | null;
};
/** Decision 042's offer time in plain code: whole minutes, from 5 to a day. */
const minutesOf = (text: string) => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : null);
const minutesWords = (text: string) => {
  const m = minutesOf(text);
  if (m === null) return 'Offer time must be a whole number of minutes';
  if (m < 5) return 'Offer time must be at least 5 minutes';
  return m > 1440 ? 'Offer time must be at most 1440 minutes (a day)' : null;
};

/** What the panel must do, not read off the machine. */
function nextPanel(p: Panel, e: Ev, notices: string[]): Panel {
  const server = (e.error as { serverMessage?: string | null } | undefined)?.serverMessage;
  switch (`${p.state} ${e.type}`) {
    case 'loading xstate.done.actor.load':
      return { ...p, state: 'ready', list: e.output ?? null, minutes: String(e.output?.offerMinutes) };
    case 'loading xstate.error.actor.load':
      return {
        ...p,
        state: 'failed',
        error: server ?? 'Could not load the waiting lists. Please try again.',
      };
    case 'failed retry':
      return { ...p, state: 'loading', error: null };
    case 'ready minutes.change':
      return { ...p, minutes: e.value ?? '', minutesError: null };
    case 'ready minutes.save': {
      const words = minutesWords(p.minutes);
      return words
        ? { ...p, minutesError: words }
        : { ...p, state: 'savingMinutes', error: null, minutesError: null };
    }
    case 'ready switch.set':
      return {
        ...p,
        state: 'switching',
        pending: { ticketTypeId: e.ticketTypeId ?? '', enabled: e.enabled ?? true },
        error: null,
      };
    case 'savingMinutes xstate.done.actor.saveMinutes':
      notices.push('success: Offer time saved.');
      return { ...p, state: 'ready', list: e.output ?? null, minutes: String(e.output?.offerMinutes) };
    case 'savingMinutes xstate.error.actor.saveMinutes':
      return {
        ...p,
        state: 'ready',
        error: server ?? 'The offer time could not be saved. Please try again.',
      };
    case 'switching xstate.done.actor.setSwitch':
      return { ...p, state: 'ready', list: e.output ?? null, pending: null };
    case 'switching xstate.error.actor.setSwitch':
      return {
        ...p,
        state: 'ready',
        pending: null,
        error: server ?? 'The waiting list could not be switched. Please try again.',
      };
    default:
      return p;
  }
}
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
    let panel: Panel = {
      state: 'loading',
      list: null,
      minutes: '',
      minutesError: null,
      pending: null,
      error: null,
    };
    const expectedNotices: string[] = [];
    const saves: unknown[] = [];
    await runFlowPath(path, {
      machine: waitlistPanelMachine,
      input: { eventId },
      actorNames: ['load', 'saveMinutes', 'setSwitch'],
      view: key,
      check: ({ event, real, calls, entered, notices, index }) => {
        if (index > 0) panel = nextPanel(panel, event as Ev, expectedNotices);
        if (index > 0 && event.type === 'minutes.save' && panel.state === 'savingMinutes')
          saves.push({ eventId, offerMinutes: minutesOf(panel.minutes) });
        const { state, ...context } = panel;
        expect(real.value).toBe(state);
        expect(real.context).toEqual({ eventId, ...context });
        expect(notices).toEqual(expectedNotices);
        expect(calls.saveMinutes ?? []).toEqual(saves);
        expect(calls.load ?? []).toEqual(Array(entered('loading')).fill({ eventId }));
        // Only a valid offer time (5–1440 whole minutes) is ever sent; the switch sends what was asked.
        for (const c of (calls.saveMinutes ?? []) as { eventId: string; offerMinutes: number }[]) {
          expect(c.eventId).toBe(eventId);
          expect([30, 45]).toContain(c.offerMinutes);
        }
        expect(calls.setSwitch ?? []).toEqual(
          Array(entered('switching')).fill({ eventId, ticketTypeId: typeId, enabled: false }),
        );
        if (event.type === 'xstate.done.actor.setSwitch')
          expect(real.context.list?.types[0]?.enabled).toBe(false);
      },
    });
  });

  it('covers every state and transition', () => expectFullCoverage(waitlistPanelMachine, paths));

  // The offer time's bounds, each typed and saved (the paths type only 45, 2 and 'soon').
  it.each(['4', '5', '1440', '1441', ' 60 ', '6.5'])(
    'judges an offer time of %j as decision 042 does',
    async (typed) => {
      const actor = createActor(
        waitlistPanelMachine.provide({ actors: { load: resolvingActor(list(30, true)) } }),
        { input: { eventId } },
      ).start();
      await vi.advanceTimersByTimeAsync(0);
      actor.send({ type: 'minutes.change', value: typed });
      actor.send({ type: 'minutes.save' });
      expect(actor.getSnapshot().context.minutesError).toBe(minutesWords(typed));
      expect(actor.getSnapshot().value).toBe(minutesWords(typed) ? 'ready' : 'savingMinutes');
      actor.stop();
    },
  );
});
