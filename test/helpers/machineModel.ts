import { expect, vi } from 'vitest';
import { type AnyStateMachine, createActor, type EventObject, fromPromise, type Snapshot } from 'xstate';
import { getStateNodes, TestModel, type TestPath } from 'xstate/graph';

/**
 * Model-based testing of the XState machines (test/machines/*.model.test.ts), two ways:
 * - `flowModel` + `runPath` + `expectFullCoverage`: walk the model's paths against a real actor
 *   whose HTTP calls the path settles, and assert every state and transition was taken;
 * - `eventModel` + `everyTransition`: send every event from every reachable state to a real actor
 *   and compare it with a plain-code oracle after each step.
 * Both stand HTTP calls in with `manualActor`, a promise the test settles itself.
 */

// biome-ignore lint/suspicious/noExplicitAny: the model's snapshots are whatever machine is under test
type AnySnap = any;

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

export function controlledActors(names: readonly string[]) {
  const manual = Object.fromEntries(names.map((name) => [name, manualActor<unknown, unknown>()]));
  const actors = Object.fromEntries(names.map((name) => [name, manual[name]?.actor]));
  const calls = Object.fromEntries(names.map((name) => [name, manual[name]?.calls ?? []]));
  return {
    actors,
    calls,
    settle(name: string, outcome: 'resolve' | 'reject', value: unknown) {
      // The model says the call finished, so the real machine must have made it.
      expect(manual[name]?.pending(), `the machine should have called ${name}`).toBe(true);
      if (outcome === 'resolve') manual[name]?.resolve(value);
      else manual[name]?.reject(value);
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
  /**
   * Transitions a step took on events the machine raised itself (`raise`), which the step's own
   * event does not show, as 'source --event--> target [guard]' with state node ids.
   */
  raised?: (prev: AnySnap, next: AnySnap, event: EventObject) => string[],
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
        for (const t of raised?.(prev, step.state, step.event) ?? []) seenTransitions.add(t);
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
  inactivityChosen: true,
  concurrentSessions: true,
};

export { httpError, networkError } from './callErrors';

/** An HTTP actor that always fails with `error` (for one-off assertions outside the model). */
export const rejectingActor = (error: unknown) => fromPromise(() => Promise.reject(error)) as never;

/** An HTTP actor that always answers `value`. */
export const resolvingActor = (value: unknown) => fromPromise(() => Promise.resolve(value)) as never;

/** A promise the test settles by hand, standing in for an HTTP call. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** Lets the actor react to a settled promise. */
export const flush = () => new Promise((r) => setTimeout(r, 0));

/**
 * An HTTP actor for `machine.provide` whose calls are recorded (`calls` holds each input) and left
 * open until the test settles them. `resolve`/`reject` settle the newest call: an older one belongs
 * to an invocation the machine has already left. Settling when no call is open does nothing.
 */
export function manualActor<TOutput, TInput>() {
  const calls: TInput[] = [];
  let open: ReturnType<typeof deferred<TOutput>> | null = null;
  const take = () => {
    const call = open;
    open = null;
    return call;
  };
  return {
    actor: fromPromise<TOutput, TInput>(({ input }) => {
      calls.push(input);
      open = deferred<TOutput>();
      return open.promise;
    }),
    calls,
    pending: () => open !== null,
    resolve: (value: TOutput) => take()?.resolve(value),
    reject: (error: unknown) => take()?.reject(error),
  };
}

/**
 * A model for `everyTransition`. createTestModel refuses machines that invoke actors; the TestModel
 * it wraps traverses them fine, with each call's outcome given as `xstate.done.actor.*` /
 * `xstate.error.actor.*` events (not in the machine's own event type, hence the loose typing).
 */
export function eventModel<TEvent extends EventObject>(
  machine: AnyStateMachine,
  events: TEvent[],
  serialize: (snapshot: AnySnap) => string,
) {
  return new TestModel<AnySnap, TEvent, unknown>(machine as AnySnap, { events, serializeState: serialize });
}

/**
 * Every transition of a model: for each reachable state (the initial one and the end of each
 * shortest path), every event of the model. `steps` are the events that lead there from the start.
 * The shortest paths alone visit every state; this also sends every event from every state, so a
 * test built on it exercises every transition (and checks that ignored events change nothing).
 */
export function everyTransition<TEvent extends EventObject>(
  machine: AnyStateMachine,
  model: TestModel<AnySnap, TEvent, unknown>,
  events: TEvent[],
  serialize: (snapshot: AnySnap) => string,
) {
  const cases: { name: string; steps: TEvent[]; event: TEvent; from: string }[] = [];
  // getShortestPaths() leaves out the zero-step path to the initial state: start with it.
  const initial = serialize(createActor(machine).getSnapshot());
  const starts: { steps: TEvent[]; from: string }[] = [{ steps: [], from: initial }];
  const seen = new Set<string>([initial]);
  // The model drops paths that are prefixes of longer ones, so every prefix is a start too.
  for (const path of model.getShortestPaths()) {
    const events = path.steps.map((s) => s.event as TEvent);
    path.steps.forEach((step, i) => {
      const from = serialize(step.state);
      if (seen.has(from)) return;
      seen.add(from);
      starts.push({ steps: events.slice(0, i + 1).filter((e) => e.type !== 'xstate.init'), from });
    });
  }
  for (const start of starts)
    for (const event of events)
      cases.push({ ...start, event, name: `from ${start.from} on ${describeEvent(event)}` });
  return { cases, states: [...seen] };
}

export function describeEvent(event: EventObject): string {
  const { type, ...rest } = event as EventObject & Record<string, unknown>;
  const payload = Object.keys(rest).length ? ` ${JSON.stringify(rest)}` : '';
  return `${type}${payload}`;
}
