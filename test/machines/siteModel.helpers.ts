import { type AnyStateMachine, createActor, type EventObject } from 'xstate';
import type { TestModel } from 'xstate/graph';

/**
 * Every transition of a model: for each reachable state (the initial one and the end of each
 * shortest path), every event of the model. `steps` are the events that lead there from the start.
 * The shortest paths alone visit every state; this also sends every event from every state, so a
 * test built on it exercises every transition (and checks that ignored events change nothing).
 */
export function everyTransition<TEvent extends EventObject>(
  machine: AnyStateMachine,
  // biome-ignore lint/suspicious/noExplicitAny: the model's snapshot type is the machine's own.
  model: TestModel<any, TEvent, unknown>,
  events: TEvent[],
  // biome-ignore lint/suspicious/noExplicitAny: as above.
  serialize: (snapshot: any) => string,
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
