import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, type SnapshotFrom } from 'xstate';
import { inactivityMachine } from '../../machines/inactivity.machine';
import { expectFullCoverage, flowModel, runPath } from '../helpers/machineModel';

const START = Date.UTC(2025, 5, 1, 9, 0, 0);
const MINUTE = 60_000;
// The clock is fake from the start, so the model's guards and the real run read the same time.
vi.useFakeTimers({ now: START });

const events = [
  { type: 'user.activity' },
  { type: 'timeout.change', minutes: 10 },
  { type: 'timeout.change', minutes: 5 },
  { type: 'stay' },
  { type: 'xstate.after.check.inactivity.watching' },
  { type: 'xstate.after.check.inactivity.warning' },
];
const key = (s: SnapshotFrom<typeof inactivityMachine>) => [s.context.timeoutMs, s.context.lastActivityAt];
// A fresh start (active now), one whose last activity was 6 minutes ago, and two inside the last
// minute before the sign-out (the warning; from 10 minutes a change to 5 makes it overdue).
const inputs = [
  { minutes: 5 },
  { minutes: 5, lastActivityAt: START - 6 * MINUTE },
  { minutes: 5, lastActivityAt: START - 4.5 * MINUTE },
  { minutes: 10, lastActivityAt: START - 9.5 * MINUTE },
];

beforeEach(() => {
  vi.setSystemTime(START);
});
afterAll(() => {
  vi.useRealTimers();
});

describe.each(inputs)('inactivity from %j', (input) => {
  const paths = flowModel(inactivityMachine, { events, key, input }).getShortestPaths();
  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_, path) => {
    await runPath(path, {
      // The model's clock stands still, so the real checks come a millisecond apart (not a
      // minute) for both to read the same idle time; the exact activity time still differs by
      // those milliseconds, so whether the user was recently active is what must agree.
      machine: inactivityMachine.provide({ delays: { check: 1 } }),
      input,
      actorNames: [],
      delays: { check: 1 },
      view: (s) => [s.value, s.context.timeoutMs, s.context.lastActivityAt >= START],
    });
  });
});

describe('inactivity timing', () => {
  it('covers every state and transition', () => {
    const paths = inputs.flatMap((input) =>
      flowModel(inactivityMachine, { events, key, input }).getShortestPaths(),
    );
    expectFullCoverage(inactivityMachine, paths);
  });

  function start(minutes?: number) {
    const actor = createActor(inactivityMachine, { input: { minutes } });
    const emitted: unknown[] = [];
    actor.on('*', (e) => emitted.push(e));
    return { actor: actor.start(), emitted };
  }

  /*
   * The rule, written apart from the machine: checks run at whole minutes; after k idle minutes
   * with a timeout of T, the tab signs out when k > T, warns when k > T - 1 (the last check before),
   * and otherwise keeps watching.
   */
  const expectedAt = (idleMinutes: number, timeout: number) =>
    idleMinutes > timeout ? 'timedOut' : idleMinutes > timeout - 1 ? 'warning' : 'watching';

  it.each([5, 10, 15])(
    'with %i minutes: watching, then a warning a minute before, then signed out',
    async (t) => {
      const { actor, emitted } = start(t);
      for (let k = 1; k <= t + 1; k++) {
        await vi.advanceTimersByTimeAsync(MINUTE);
        expect([k, actor.getSnapshot().value]).toEqual([k, expectedAt(k, t)]);
      }
      // One warning, naming when the sign-out comes (the check a minute after it), then cleared as
      // the session ends.
      expect(emitted).toEqual([
        { type: 'warning', signOutAt: START + (t + 1) * MINUTE },
        { type: 'warning.cleared' },
      ]);
      expect(actor.getSnapshot().status).toBe('done');
    },
  );

  it('"Stay signed in" (or any press) during the warning starts the minutes again', async () => {
    for (const press of [{ type: 'stay' }, { type: 'user.activity' }] as const) {
      vi.setSystemTime(START);
      const { actor, emitted } = start();
      await vi.advanceTimersByTimeAsync(5 * MINUTE);
      expect(actor.getSnapshot().value).toBe('warning');
      actor.send(press);
      expect(actor.getSnapshot().value).toBe('watching');
      expect(actor.getSnapshot().context).toEqual({
        timeoutMs: 5 * MINUTE,
        lastActivityAt: START + 5 * MINUTE,
      });
      expect(emitted).toEqual([
        { type: 'warning', signOutAt: START + 6 * MINUTE },
        { type: 'warning.cleared' },
      ]);
      // Five more minutes to the next warning, six to the sign-out.
      await vi.advanceTimersByTimeAsync(4 * MINUTE);
      expect(actor.getSnapshot().value).toBe('watching');
      await vi.advanceTimersByTimeAsync(MINUTE);
      expect(actor.getSnapshot().value).toBe('warning');
      await vi.advanceTimersByTimeAsync(MINUTE);
      expect(actor.getSnapshot().value).toBe('timedOut');
      actor.stop();
    }
  });

  it('a longer Timeouts setting chosen during the warning takes the warning away', async () => {
    const { actor, emitted } = start();
    await vi.advanceTimersByTimeAsync(5 * MINUTE);
    expect(actor.getSnapshot().value).toBe('warning');
    actor.send({ type: 'timeout.change', minutes: 15 });
    expect(actor.getSnapshot().context.timeoutMs).toBe(15 * MINUTE);
    await vi.advanceTimersByTimeAsync(MINUTE);
    expect(actor.getSnapshot().value).toBe('watching');
    expect(emitted).toEqual([
      { type: 'warning', signOutAt: START + 6 * MINUTE },
      { type: 'warning.cleared' },
    ]);
    // 6 idle minutes so far: the warning comes at 15, the sign-out at 16.
    await vi.advanceTimersByTimeAsync(8 * MINUTE);
    expect(actor.getSnapshot().value).toBe('watching');
    await vi.advanceTimersByTimeAsync(MINUTE);
    expect(actor.getSnapshot().value).toBe('warning');
  });

  it('a Timeouts setting changed while watching moves the sign-out', async () => {
    const { actor, emitted } = start(5);
    actor.send({ type: 'timeout.change', minutes: 10 });
    expect(actor.getSnapshot().context.timeoutMs).toBe(10 * MINUTE);
    // Six idle minutes would be past 5; with 10 the tab keeps watching, warns at 10, signs out at 11.
    await vi.advanceTimersByTimeAsync(6 * MINUTE);
    expect(actor.getSnapshot().value).toBe('watching');
    expect(emitted).toEqual([]);
    actor.stop();
  });

  it('a warning that is still due after a longer setting is given again, with the new time', async () => {
    const { actor, emitted } = start(5);
    await vi.advanceTimersByTimeAsync(5 * MINUTE);
    actor.send({ type: 'timeout.change', minutes: 6 });
    // At 6 idle minutes the sign-out (now after 6) is a minute away: the warning shows again.
    await vi.advanceTimersByTimeAsync(MINUTE);
    expect(actor.getSnapshot().value).toBe('warning');
    expect(emitted).toEqual([
      { type: 'warning', signOutAt: START + 6 * MINUTE },
      { type: 'warning.cleared' },
      { type: 'warning', signOutAt: START + 7 * MINUTE },
    ]);
    await vi.advanceTimersByTimeAsync(MINUTE);
    expect(actor.getSnapshot().value).toBe('timedOut');
    actor.stop();
  });

  it('a computer that slept through the checks signs out at the first check after waking', async () => {
    const { actor, emitted } = start();
    // The clock jumps 2 hours (lid closed) while only one check fires: no warning is due any more.
    vi.setSystemTime(START + 2 * 60 * MINUTE);
    await vi.advanceTimersByTimeAsync(MINUTE);
    expect(actor.getSnapshot().value).toBe('timedOut');
    expect(emitted).toEqual([]);
  });
});
