import { vi } from 'vitest';
import { type AnyStateMachine, createActor } from 'xstate';
import { controlledActors } from './machineModel';

/**
 * Drives one real actor by hand for an oracle test (decision 054): every server call named in
 * `calls` is left open until the test settles it, and every action named in `recorded` is replaced
 * by one that keeps its params, so the test compares what the flow sent, kept and asked the page to
 * do with values written in the test.
 */
export function driveMachine<const C extends readonly string[], const R extends readonly string[]>(
  machine: AnyStateMachine,
  options: { input: unknown; calls: C; recorded: R; guards?: Record<string, () => boolean> },
) {
  const control = controlledActors(options.calls);
  const records = Object.fromEntries(options.recorded.map((name) => [name, [] as unknown[]])) as Record<
    R[number],
    unknown[]
  >;
  const actions = Object.fromEntries(
    options.recorded.map((name) => [
      name,
      (_: unknown, params: unknown) =>
        void (records as Record<string, unknown[]>)[name]?.push(params ?? null),
    ]),
  );
  const actor = createActor(
    machine.provide({ actors: control.actors, actions, guards: options.guards ?? {} } as never),
    { input: options.input } as never,
  ).start();
  // biome-ignore lint/suspicious/noExplicitAny: the machine under test's snapshot
  const snap = () => actor.getSnapshot() as any;
  return {
    actor,
    calls: control.calls as Record<C[number], unknown[]>,
    records,
    snap,
    // biome-ignore lint/suspicious/noExplicitAny: the machine under test's context
    context: () => snap().context as any,
    send: (event: { type: string; [k: string]: unknown }) => actor.send(event as never),
    async resolve(name: C[number], value: unknown) {
      control.settle(name, 'resolve', value);
      await vi.advanceTimersByTimeAsync(0);
    },
    async reject(name: C[number], error: unknown) {
      control.settle(name, 'reject', error);
      await vi.advanceTimersByTimeAsync(0);
    },
  };
}
