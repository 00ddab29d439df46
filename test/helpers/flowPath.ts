import type { AnyStateMachine, SnapshotFrom, StateValue } from 'xstate';
import type { TestPath } from 'xstate/graph';
import { type RunOptions, runPath } from './machineModel';

// biome-ignore lint/suspicious/noExplicitAny: the model's snapshots are whatever machine is under test
type AnySnap = any;

/** What a step's check is told: where the path went, what the actor did, and what it said. */
export type PathStep<S> = {
  /** The step's place in the path (0: the start). */
  index: number;
  /** The step's event: sent, a call settled, or a timer fired. */
  event: { type: string; [key: string]: AnySnap };
  real: S;
  /** The real snapshot one step earlier (undefined on the first step). */
  before: S | undefined;
  /** Each call's input, per actor name. */
  calls: Record<string, unknown[]>;
  /** The toasts the machine's `notify` action showed so far, as 'tone: text'. */
  notices: string[];
  /**
   * How many times the path so far entered one of these states: for an invoking state, how many
   * calls the real actor must have made (the count a second click must not raise).
   */
  entered: (...states: StateValue[]) => number;
};

/**
 * `runPath` for the organiser's tab machines (notify action, calls that start on entering a state):
 * records the toasts and hands each step's check the event and the snapshot before it, which every
 * such test otherwise tracks by hand.
 */
export function runFlowPath<M extends AnyStateMachine>(
  path: TestPath<AnySnap, AnySnap>,
  options: Omit<RunOptions<M>, 'check'> & { check: (step: PathStep<SnapshotFrom<M>>) => void },
) {
  const notices: string[] = [];
  let index = 0;
  let before: SnapshotFrom<M> | undefined;
  const entered = (upTo: number, states: StateValue[]) =>
    states.reduce<number>(
      (n, state) =>
        n +
        path.steps.filter(
          (s, j) => j <= upTo && s.state.matches(state) && !path.steps[j - 1]?.state.matches(state),
        ).length,
      0,
    );
  return runPath(path, {
    ...options,
    machine: options.machine.provide({
      actions: {
        notify: (_: unknown, n: { tone: string; text: string }) => void notices.push(`${n.tone}: ${n.text}`),
      },
    } as never),
    check: (real, _model, calls) => {
      const at = index++;
      const step: PathStep<SnapshotFrom<M>> = {
        index: at,
        event: path.steps[at]?.event,
        real,
        before,
        calls,
        notices,
        entered: (...states) => entered(at, states),
      };
      before = real;
      options.check(step);
    },
  });
}
