import { type AnyStateMachine, createActor, getInitialSnapshot, getNextSnapshot } from 'xstate';
import { getStateNodes, TestModel, type TestPath } from 'xstate/graph';

/**
 * What a model path is made of, shared by the machine-level tests (vitest), the browser-level
 * tests (Playwright) and the coverage report. No test runner is imported here, so both can use it.
 */

// biome-ignore lint/suspicious/noExplicitAny: the model's snapshots are whatever machine is under test
export type AnySnap = any;
export type ModelPath = TestPath<AnySnap, AnySnap>;

/**
 * The model of a flow machine. `createTestModel` refuses machines that invoke actors or use `after`
 * ("Invocations on test machines are not supported"), so this builds the same `TestModel` class
 * directly with createTestModel's transition-aware serialisation: a state reached through a
 * different event or from a different state is a different vertex, so the shortest paths take
 * every transition. `key` abstracts the context to the fields that change behaviour (or, in the
 * browser, what the person sees), which keeps the graph finite.
 */
export function flowModel<M extends AnyStateMachine>(
  machine: M,
  options: {
    events: readonly AnySnap[] | ((s: AnySnap) => readonly AnySnap[]);
    key: (s: AnySnap) => unknown;
    input?: unknown;
    /** One vertex per state and key only (for simple paths: transition-aware vertices explode them). */
    plain?: boolean;
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
      event && prev && !options.plain ? `${k(state)} via ${JSON.stringify(event)} from ${k(prev)}` : k(state),
  });
}

const guardName = (g: unknown) =>
  typeof g === 'string' ? g : g && typeof g === 'object' && 'type' in g ? String(g.type) : g ? 'inline' : '';

/** One transition definition as the report names it: `source --event--> targets [guard]`. */
// biome-ignore lint/suspicious/noExplicitAny: transition definitions of any machine
export const transitionKey = (t: any) =>
  `${t.source.id} --${t.eventType}--> ${(t.target ?? []).map((n: { id: string }) => n.id).join(',') || '(self)'} [${guardName(t.guard)}]`;

/**
 * Every state and transition a machine has. A state left at once by an `always` transition is never
 * a resting snapshot (the states it goes to stand for it), and `always` transitions are not events
 * anyone sends, so neither is counted.
 */
export function machineInventory(machine: AnyStateMachine) {
  const nodes = [machine.root, ...getStateNodes(machine.root)];
  const states = getStateNodes(machine.root)
    .filter((n) => !(n.always && n.always.length > 0))
    .map((n) => n.id);
  const transitions = new Set<string>();
  for (const node of nodes)
    for (const list of node.transitions.values()) for (const t of list) transitions.add(transitionKey(t));
  return { states: [...new Set(states)].sort(), transitions: [...transitions].sort() };
}

/** The state ids a snapshot is in (every active node, parents included). */
export const activeStateIds = (snapshot: AnySnap): string[] =>
  (snapshot._nodes as Array<{ id: string }>).map((n) => n.id).filter((id) => !id.includes('(machine)'));

/**
 * The transitions the machine takes in one step of a path (from `prev` on `event`): those of the
 * event itself, then those of every event the machine raises while handling it (checkout's
 * `hold.start`, `hold.stop`, `hold.ended`), in order. They are read from xstate's inspection API
 * (`@xstate.microstep`, which lists each microstep's transitions) while the machine computes the
 * step, exactly as `getNextSnapshot` does (an inert scope: nothing is started or executed), so a
 * raised event counts only where the machine really raised and took it.
 */
export function stepTransitions(machine: AnyStateMachine, prev: AnySnap, event: AnySnap): string[] {
  const self = createActor(machine);
  const taken: string[] = [];
  const watch = self.system.inspect((e) => {
    if (e.type !== '@xstate.microstep') return;
    // biome-ignore lint/suspicious/noExplicitAny: xstate's inspection event lists the transitions
    for (const t of (e as any)._transitions) if (t.eventType) taken.push(transitionKey(t));
  });
  // biome-ignore lint/suspicious/noExplicitAny: the inert scope getNextSnapshot builds
  (self as any)._snapshot = prev;
  const scope = {
    self,
    defer: () => {},
    id: '',
    logger: () => {},
    sessionId: '',
    stopChild: () => {},
    system: self.system,
    emit: () => {},
    actionExecutor: () => {},
  };
  try {
    machine.transition(prev, event, scope as never);
  } finally {
    watch.unsubscribe();
  }
  return taken;
}

/** States and transitions a set of model paths takes. */
export function pathsCoverage(machine: AnyStateMachine, paths: readonly ModelPath[]) {
  const states = new Set<string>();
  const transitions = new Set<string>();
  for (const path of paths) {
    path.steps.forEach((step, i) => {
      for (const id of activeStateIds(step.state)) states.add(id);
      const prev = path.steps[i - 1]?.state;
      if (prev && step.event.type !== 'xstate.init')
        for (const t of stepTransitions(machine, prev, step.event)) transitions.add(t);
    });
  }
  return { states, transitions };
}

/**
 * The fewest paths (greedy set cover) that still take every state, and every transition on every
 * event, that the whole set takes: in a browser each path costs a fresh page, so paths that add nothing are left out.
 */
export function coveringPaths(machine: AnyStateMachine, paths: readonly ModelPath[]): ModelPath[] {
  // Each transition with each event the model sends for it (two ways to dismiss, two server
  // answers), so every mapped user action runs at least once.
  const items = paths.map((p) => {
    const c = pathsCoverage(machine, [p]);
    const taken = p.steps.flatMap((step, i) => {
      const prev = p.steps[i - 1]?.state;
      if (!prev || step.event.type === 'xstate.init') return [];
      return stepTransitions(machine, prev, step.event).map((t) => `e:${t} on ${JSON.stringify(step.event)}`);
    });
    return { path: p, items: [...[...c.states].map((s) => `s:${s}`), ...new Set(taken)] };
  });
  const seen = new Set<string>();
  const chosen: ModelPath[] = [];
  for (;;) {
    let best: (typeof items)[number] | undefined;
    let bestFresh = 0;
    for (const candidate of items) {
      const fresh = candidate.items.filter((i) => !seen.has(i)).length;
      const shorter = best && candidate.path.steps.length < best.path.steps.length;
      if (fresh > bestFresh || (fresh > 0 && fresh === bestFresh && shorter)) {
        best = candidate;
        bestFresh = fresh;
      }
    }
    if (!best) return chosen;
    for (const i of best.items) seen.add(i);
    chosen.push(best.path);
  }
}

/**
 * Tours: few long paths instead of many short ones, for executors where each path is costly (a
 * browser path signs in and loads pages). From the start, each tour walks to the nearest step
 * (breadth first over states told apart by `key`) that takes something not yet taken — a state, or
 * a transition on an event variant — and goes on from there until nothing new is reachable; then a
 * new tour starts from the beginning for what that one could not reach (a final state ended it).
 * Together they take everything the shortest paths would, in far fewer page loads.
 */
export function tourPaths(
  machine: AnyStateMachine,
  options: {
    events: readonly AnySnap[] | ((s: AnySnap) => readonly AnySnap[]);
    key: (s: AnySnap) => unknown;
    input?: unknown;
    /** Longest tour (steps); a longer one starts afresh. */
    maxSteps?: number;
  },
): ModelPath[] {
  const eventsOf = (s: AnySnap): readonly AnySnap[] =>
    (typeof options.events === 'function' ? options.events(s) : options.events).filter((event) => {
      const actorEvent = /^xstate\.(?:done|error)\.actor\.(.+)$/.exec(event.type);
      if (actorEvent?.[1] && !(actorEvent[1] in (s.children ?? {}))) return false;
      return machine.getTransitionData(s, event).length > 0;
    });
  const k = (s: AnySnap) => JSON.stringify([s.value, options.key(s)]);
  // A variant is what the person does or which way a call fails; a call's answer (`output`) is
  // data, and chasing each of its values would only lengthen the tours.
  const variant = ({ output: _output, ...event }: AnySnap) => JSON.stringify(event);
  const itemsOf = (prev: AnySnap, event: AnySnap, next: AnySnap) => [
    ...activeStateIds(next).map((id) => `s:${id}`),
    ...stepTransitions(machine, prev, event).map((t) => `e:${t} on ${variant(event)}`),
  ];
  type Step = { state: AnySnap; event: AnySnap };
  const taken = new Set<string>();
  const maxSteps = options.maxSteps ?? 80;

  /** The steps from `from` to the nearest step that takes something new, or null. */
  const nearestNew = (from: AnySnap): Step[] | null => {
    const seen = new Set([k(from)]);
    let frontier: Array<{ state: AnySnap; steps: Step[] }> = [{ state: from, steps: [] }];
    while (frontier.length > 0 && seen.size < 20_000) {
      const next: typeof frontier = [];
      for (const { state, steps } of frontier)
        for (const event of eventsOf(state)) {
          const after = getNextSnapshot(machine, state, event);
          const path = [...steps, { state: after, event }];
          if (itemsOf(state, event, after).some((i) => !taken.has(i))) return path;
          if (seen.has(k(after))) continue;
          seen.add(k(after));
          next.push({ state: after, steps: path });
        }
      frontier = next;
    }
    return null;
  };

  const tours: ModelPath[] = [];
  for (;;) {
    const start = getInitialSnapshot(machine, options.input);
    const steps: Step[] = [{ state: start, event: { type: 'xstate.init' } }];
    for (const id of activeStateIds(start)) taken.add(`s:${id}`);
    let current = start;
    while (steps.length < maxSteps) {
      const more = nearestNew(current);
      if (!more) break;
      for (const step of more) {
        for (const i of itemsOf(current, step.event, step.state)) taken.add(i);
        current = step.state;
        steps.push(step);
      }
    }
    if (steps.length === 1) return tours;
    tours.push({
      state: current,
      steps,
      weight: steps.length - 1,
      description: `tour ${tours.length + 1}`,
    } as unknown as ModelPath);
  }
}
