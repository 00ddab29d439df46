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
  { type: 'xstate.after.check.inactivity.watching' },
];
const key = (s: SnapshotFrom<typeof inactivityMachine>) => [s.context.timeoutMs, s.context.lastActivityAt];
// A fresh start (active now) and a start whose last activity was 6 minutes ago.
const inputs = [{ minutes: 5 }, { minutes: 5, lastActivityAt: START - 6 * MINUTE }];

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
      machine: inactivityMachine,
      input,
      actorNames: [],
      delays: { check: MINUTE },
      // The model's clock stands still while the real one moves a minute per check, so the exact
      // activity time differs; whether the user was recently active is what must agree.
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
    return createActor(inactivityMachine, { input: { minutes } }).start();
  }

  it('signs out at the first 60-second check after more than 5 minutes without a press', async () => {
    const actor = start();
    await vi.advanceTimersByTimeAsync(5 * MINUTE);
    expect(actor.getSnapshot().value).toBe('watching');
    await vi.advanceTimersByTimeAsync(MINUTE);
    expect(actor.getSnapshot().status).toBe('done');
  });

  it('a mouse or key press starts the five minutes again', async () => {
    const actor = start();
    await vi.advanceTimersByTimeAsync(4 * MINUTE);
    actor.send({ type: 'user.activity' });
    await vi.advanceTimersByTimeAsync(5 * MINUTE);
    expect(actor.getSnapshot().value).toBe('watching');
    await vi.advanceTimersByTimeAsync(MINUTE);
    expect(actor.getSnapshot().value).toBe('timedOut');
  });

  it('follows the Timeouts setting (10 and 15 minutes)', async () => {
    const ten = start(10);
    await vi.advanceTimersByTimeAsync(10 * MINUTE);
    expect(ten.getSnapshot().value).toBe('watching');
    await vi.advanceTimersByTimeAsync(MINUTE);
    expect(ten.getSnapshot().value).toBe('timedOut');

    vi.setSystemTime(START);
    const changed = start();
    changed.send({ type: 'timeout.change', minutes: 15 });
    await vi.advanceTimersByTimeAsync(15 * MINUTE);
    expect(changed.getSnapshot().value).toBe('watching');
    await vi.advanceTimersByTimeAsync(MINUTE);
    expect(changed.getSnapshot().value).toBe('timedOut');
  });

  it('a computer that slept through the checks signs out at the first check after waking', async () => {
    const actor = start();
    // The clock jumps 2 hours (lid closed) while only one check fires.
    vi.setSystemTime(START + 2 * 60 * MINUTE);
    await vi.advanceTimersByTimeAsync(MINUTE);
    expect(actor.getSnapshot().value).toBe('timedOut');
  });
});
