import type { AnyStateMachine } from 'xstate';
import type { AnySnap } from './graph';

/**
 * The model's own clock, for a machine whose guards and actions read the wall clock (`Date.now`):
 * the inactivity machine decides at each check from how long ago the last press was. A model whose
 * clock stands still (vitest's fake timers) cannot tell a check a minute later from the one before;
 * in a browser each check IS a minute passing on Playwright's clock.
 *
 * `onModelClock` gives back the same machine (same id, states and transitions, so coverage is named
 * as the app's) whose every step is computed at the time the path has reached: `start` for the first
 * snapshot, then each event's `elapsed` (a check: its delay) added to the time of the snapshot it
 * leaves. The time of each snapshot is kept beside it (a WeakMap), so the graph's breadth-first walk,
 * the harness's replay and the transitions a step takes all read the same time for the same
 * snapshot. Nothing of the machine is replaced: only `Date.now` answers with the model's time while
 * the real machine computes a step.
 */
export type ClockedMachine<M extends AnyStateMachine> = M & { timeOf: (snapshot: AnySnap) => number };

export function onModelClock<M extends AnyStateMachine>(
  machine: M,
  clock: { start: number; elapsed: (event: AnySnap) => number },
): ClockedMachine<M> {
  const times = new WeakMap<object, number>();
  const timeOf = (snapshot: AnySnap) => times.get(snapshot) ?? clock.start;
  const at = <T>(now: number, run: () => T): T => {
    const wall = Date.now;
    Date.now = () => now;
    try {
      return run();
    } finally {
      Date.now = wall;
    }
  };
  const stamp = (snapshot: AnySnap, now: number) => {
    if (snapshot && typeof snapshot === 'object') times.set(snapshot, now);
    return snapshot;
  };
  return new Proxy(machine, {
    get(target, prop) {
      switch (prop) {
        case 'timeOf':
          return timeOf;
        case 'getInitialSnapshot':
          return (scope: unknown, input: unknown) =>
            stamp(
              at(clock.start, () => target.getInitialSnapshot(scope as never, input)),
              clock.start,
            );
        case 'transition':
          return (snapshot: AnySnap, event: AnySnap, scope: unknown) => {
            const now = timeOf(snapshot) + clock.elapsed(event);
            const next = at(now, () => target.transition(snapshot, event, scope as never));
            // xstate hands back the very snapshot when a step changes nothing in it (a check that
            // re-enters `watching`); time still moved, so the step gets its own copy to be timed.
            return stamp(next === snapshot ? { ...next } : next, now);
          };
        case 'getTransitionData':
          return (snapshot: AnySnap, event: AnySnap) =>
            at(timeOf(snapshot) + clock.elapsed(event), () => target.getTransitionData(snapshot, event));
        default: {
          const value = Reflect.get(target, prop, target);
          return typeof value === 'function' ? value.bind(target) : value;
        }
      }
    },
  }) as ClockedMachine<M>;
}
