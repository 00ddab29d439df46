import { expect, vi } from 'vitest';
import { type AnyStateMachine, createActor, fromPromise, type Snapshot } from 'xstate';
import { getStateNodes, TestModel, type TestPath } from 'xstate/graph';

/**
 * The model of a flow machine. `createTestModel` refuses machines that invoke actors or use `after`
 * ("Invocations on test machines are not supported"), because its default executor cannot settle
 * them; `runPath` below settles them itself, so this builds the same `TestModel` class directly
 * with createTestModel's transition-aware serialisation: a state reached through a different event
 * or from a different state is a different vertex, so the shortest paths take every transition.
 * `key` abstracts the context to the fields that change behaviour, which keeps the graph finite.
 */
export function flowModel<M extends AnyStateMachine>(
  machine: M,
  options: {
    events: readonly AnySnap[] | ((s: AnySnap) => readonly AnySnap[]);
    key: (s: AnySnap) => unknown;
    input?: unknown;
  },
) {
  const k = (s: AnySnap) => JSON.stringify([s.value, options.key(s)]);
  return new TestModel(machine as AnySnap, {
    input: options.input,
    events: options.events as never,
    // Only events the machine could really receive there: a call can only finish while it runs,
    // and an event that no transition takes would only repeat a state.
    filterEvents: (state: AnySnap, event: AnySnap) => {
      const actorEvent = /^xstate\.(?:done|error)\.actor\.(.+)$/.exec(event.type);
      if (actorEvent?.[1] && !(actorEvent[1] in (state.children ?? {}))) return false;
      return machine.getTransitionData(state, event).length > 0;
    },
    limit: 20_000,
    serializeState: (state: AnySnap, event: AnySnap, prev: AnySnap) =>
      event && prev ? `${k(state)} via ${JSON.stringify(event)} from ${k(prev)}` : k(state),
  });
}

/**
 * Runs model paths of the account flows against a real actor. Every HTTP actor is replaced (through
 * `machine.provide`) by a promise the path settles itself: a model step `xstate.done.actor.X` resolves
 * the call the machine really made to X with the step's output, `xstate.error.actor.X` rejects it.
 * `xstate.after.*` steps move vitest's fake clock by the named delay. After every step the real
 * actor must be in the state the model predicts, with the same `view` of its context.
 */

type Pending = { resolve: (value: unknown) => void; reject: (error: unknown) => void; input: unknown };
// biome-ignore lint/suspicious/noExplicitAny: the model's snapshots are whatever machine is under test
type AnySnap = any;

export function controlledActors(names: readonly string[]) {
  const pending = new Map<string, Pending[]>();
  const calls: Record<string, unknown[]> = {};
  const actors = Object.fromEntries(
    names.map((name) => {
      calls[name] = [];
      pending.set(name, []);
      return [
        name,
        fromPromise(
          ({ input }) =>
            new Promise((resolve, reject) => {
              calls[name]?.push(input);
              pending.get(name)?.push({ resolve, reject, input });
            }),
        ),
      ];
    }),
  );
  return {
    actors,
    calls,
    settle(name: string, outcome: 'resolve' | 'reject', value: unknown) {
      const queue = pending.get(name) ?? [];
      // The newest call: an older one belongs to an invocation the machine has already left.
      const call = queue.pop();
      queue.length = 0;
      // The model says the call finished, so the real machine must have made it.
      expect(call, `the machine should have called ${name}`).toBeDefined();
      if (outcome === 'resolve') call?.resolve(value);
      else call?.reject(value);
    },
  };
}

export type RunOptions<M extends AnyStateMachine> = {
  machine: M;
  input?: unknown;
  actorNames: readonly string[];
  delays?: Record<string, number>;
  /** The part of the context that must match the model (besides the state value). */
  view: (snapshot: AnySnap) => unknown;
  /** Extra assertions after each step, e.g. on what the provided actions recorded. */
  check?: (real: AnySnap, model: AnySnap, calls: Record<string, unknown[]>) => void;
};

export async function runPath<M extends AnyStateMachine>(
  path: TestPath<AnySnap, AnySnap>,
  options: RunOptions<M>,
) {
  const control = controlledActors(options.actorNames);
  const machine = options.machine.provide({ actors: control.actors } as never);
  const actor = createActor(machine, { input: options.input } as never);
  actor.start();
  await vi.advanceTimersByTimeAsync(0);
  for (const step of path.steps) {
    const event = step.event as { type: string; output?: unknown; error?: unknown };
    if (event.type !== 'xstate.init') {
      const done = /^xstate\.done\.actor\.(.+)$/.exec(event.type);
      const failed = /^xstate\.error\.actor\.(.+)$/.exec(event.type);
      const after = /^xstate\.after\.([^.]+)\./.exec(event.type);
      if (done?.[1]) control.settle(done[1], 'resolve', event.output);
      else if (failed?.[1]) control.settle(failed[1], 'reject', event.error);
      else if (after?.[1]) {
        const ms = options.delays?.[after[1]] ?? Number(after[1]);
        await vi.advanceTimersByTimeAsync(ms);
      } else actor.send(event as never);
      await vi.advanceTimersByTimeAsync(0);
    }
    const real = actor.getSnapshot() as Snapshot<unknown> & { value: unknown };
    expect(real.value, `state after ${event.type}`).toEqual(step.state.value);
    expect(options.view(real), `context after ${event.type}`).toEqual(options.view(step.state));
    options.check?.(real, step.state, control.calls);
  }
  actor.stop();
  return control.calls;
}

/** Every state node and every event transition of the machine appears somewhere in the paths. */
export function expectFullCoverage(
  machine: AnyStateMachine,
  paths: ReadonlyArray<TestPath<AnySnap, AnySnap>>,
) {
  const guardName = (g: unknown) =>
    typeof g === 'string'
      ? g
      : g && typeof g === 'object' && 'type' in g
        ? String(g.type)
        : g
          ? 'inline'
          : '';
  // biome-ignore lint/suspicious/noExplicitAny: transition definitions of any machine
  const key = (t: any) =>
    `${t.source.id} --${t.eventType}--> ${(t.target ?? []).map((n: { id: string }) => n.id).join(',') || '(self)'} [${guardName(t.guard)}]`;
  const nodes = [machine.root, ...getStateNodes(machine.root)];
  // A state left at once by an `always` transition is never a resting snapshot; the states its
  // `always` targets stand for it.
  const allStates = new Set(
    getStateNodes(machine.root)
      .filter((n) => !(n.always && n.always.length > 0))
      .map((n) => n.id),
  );
  const allTransitions = new Set<string>();
  for (const node of nodes) {
    for (const list of node.transitions.values()) for (const t of list) allTransitions.add(key(t));
  }
  const seenStates = new Set<string>();
  const seenTransitions = new Set<string>();
  for (const path of paths) {
    for (let i = 0; i < path.steps.length; i++) {
      const step = path.steps[i];
      if (!step) continue;
      for (const n of step.state._nodes as Array<{ id: string }>) seenStates.add(n.id);
      const prev = path.steps[i - 1]?.state;
      if (prev && step.event.type !== 'xstate.init') {
        for (const t of machine.getTransitionData(prev, step.event)) seenTransitions.add(key(t));
      }
    }
  }
  expect(
    [...allStates].filter((s) => !seenStates.has(s)),
    'states never reached',
  ).toEqual([]);
  expect(
    [...allTransitions].filter((t) => !seenTransitions.has(t)),
    'transitions never taken',
  ).toEqual([]);
}

export const sampleUser = {
  _id: '0b6d8c1e-8a51-4f3e-9a55-6d7f1c2b3a4d',
  id: '0b6d8c1e-8a51-4f3e-9a55-6d7f1c2b3a4d',
  firstName: 'Ada',
  lastName: 'Obi',
  username: 'adaobi',
  email: 'ada@example.ng',
  pendingEmail: null,
  inactivityMinutes: 5,
  concurrentSessions: true,
};

export const httpError = (status: number, serverMessage: string | null) => ({ status, serverMessage });
export const networkError = () => new TypeError('Failed to fetch');

/** An HTTP actor that always fails with `error` (for one-off assertions outside the model). */
export const rejectingActor = (error: unknown) => fromPromise(() => Promise.reject(error)) as never;

/** An HTTP actor that always answers `value`. */
export const resolvingActor = (value: unknown) => fromPromise(() => Promise.resolve(value)) as never;
