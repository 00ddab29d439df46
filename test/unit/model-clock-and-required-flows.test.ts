import { describe, expect, it } from 'vitest';
import { getInitialSnapshot, getNextSnapshot } from 'xstate';
import { inactivityMachine } from '../../machines/inactivity.machine';
import { missingRequiredFlows, REQUIRED_UI_FLOWS } from '../model/coverageFiles';
import { onModelClock } from '../model/modelClock';

const MINUTE = 60_000;
// xstate's own names for the timer's events, which the machine's typed events do not list.
const check = { type: 'xstate.after.check.inactivity.watching' } as never;
const warnCheck = { type: 'xstate.after.check.inactivity.warning' } as never;

describe('the model clock (test/model/modelClock.ts)', () => {
  const clocked = onModelClock(inactivityMachine, {
    start: 1_000_000,
    elapsed: (e) => (e.type.startsWith('xstate.after.check') ? MINUTE : 0),
  });

  it('moves a minute per check, so a 5-minute timeout warns at the 5th idle minute and signs out at the 6th', () => {
    let s = getInitialSnapshot(clocked, { minutes: 5 });
    expect(s.context.lastActivityAt).toBe(1_000_000);
    const seen: string[] = [];
    for (let k = 1; k <= 4; k++) {
      s = getNextSnapshot(clocked, s, check);
      seen.push(String(s.value));
    }
    s = getNextSnapshot(clocked, s, check);
    seen.push(String(s.value));
    s = getNextSnapshot(clocked, s, warnCheck);
    seen.push(String(s.value));
    expect(seen).toEqual(['watching', 'watching', 'watching', 'watching', 'warning', 'timedOut']);
    expect(clocked.timeOf(s)).toBe(1_000_000 + 6 * MINUTE);
  });

  it('times each step on its own even where xstate hands back the same snapshot', () => {
    const start = getInitialSnapshot(clocked, { minutes: 5 });
    const once = getNextSnapshot(clocked, start, check);
    const twice = getNextSnapshot(clocked, once, check);
    expect([clocked.timeOf(start), clocked.timeOf(once), clocked.timeOf(twice)]).toEqual([
      1_000_000,
      1_000_000 + MINUTE,
      1_000_000 + 2 * MINUTE,
    ]);
  });

  it('presses are stamped with the model time, and the wall clock is left alone', () => {
    const before = Date.now();
    const s = getNextSnapshot(
      clocked,
      getNextSnapshot(clocked, getInitialSnapshot(clocked, { minutes: 5 }), check),
      {
        type: 'user.activity',
      },
    );
    expect(s.context.lastActivityAt).toBe(1_000_000 + MINUTE);
    expect(Date.now()).toBeGreaterThanOrEqual(before);
    expect(clocked.id).toBe('inactivity');
  });
});

describe('required flows through the screens (REQUIRED_UI_FLOWS)', () => {
  const mapped = new Map(Object.entries(REQUIRED_UI_FLOWS).map(([m, flows]) => [m, [...flows]]));
  const recorded = new Set(Object.values(REQUIRED_UI_FLOWS).flat());

  it('names the four flows issue #32 added beside the others', () => {
    for (const id of ['quickCheckout', 'waitlistJoin', 'ticketHandover', 'inactivity'])
      expect(REQUIRED_UI_FLOWS[id]).toEqual([id]);
  });

  it('is satisfied only when every required flow has a file and recorded paths', () => {
    expect(missingRequiredFlows(mapped, recorded)).toEqual([]);
    const noFile = new Map(mapped);
    noFile.delete('inactivity');
    expect(missingRequiredFlows(noFile, recorded)).toEqual(['inactivity: flow inactivity has no flow file']);
    const notRun = new Set(recorded);
    notRun.delete('teamAcceptNoToken');
    expect(missingRequiredFlows(mapped, notRun)).toEqual([
      'teamAccept: flow teamAcceptNoToken recorded no browser paths',
    ]);
  });
});
