import path from 'node:path';
import { afterAll, afterEach, expect, vi } from 'vitest';
import type { AnyActorLogic, InspectionEvent } from 'xstate';
import { writeCoverage } from '../model/coverageFiles';
import { activeStateIds, transitionKey } from '../model/graph';

/**
 * Machine-level coverage as it really happened: every actor a vitest file creates with xstate's
 * `createActor` gets an inspector, and each microstep's transitions and resulting states are
 * recorded per machine id. What the model *meant* to take does not count, only what real actors took.
 * Runs only when MODEL_COVERAGE_DIR is set (npm test, npm run test:model).
 */

type Seen = { states: Set<string>; transitions: Set<string> };
const seen = new Map<string, Seen>();

function record(event: InspectionEvent) {
  // Microsteps carry the transitions taken; snapshots also show the initial state, which no
  // transition leads to.
  if (event.type !== '@xstate.microstep' && event.type !== '@xstate.snapshot') return;
  const logic = (event.actorRef as unknown as { logic?: AnyActorLogic & { id?: string; root?: unknown } })
    .logic;
  if (!logic?.root || !logic.id) return;
  let entry = seen.get(logic.id);
  if (!entry) {
    entry = { states: new Set(), transitions: new Set() };
    seen.set(logic.id, entry);
  }
  const snapshot = event.snapshot as { _nodes?: unknown };
  if (snapshot._nodes) for (const id of activeStateIds(snapshot)) entry.states.add(id);
  for (const t of (event as { _transitions?: unknown[] })._transitions ?? [])
    entry.transitions.add(transitionKey(t));
}

vi.mock('xstate', async (importOriginal) => {
  const xstate = await importOriginal<typeof import('xstate')>();
  if (!process.env.MODEL_COVERAGE_DIR) return xstate;
  const createActor = ((logic: AnyActorLogic, options?: { inspect?: unknown }) => {
    const own = options?.inspect as ((e: InspectionEvent) => void) | undefined;
    return xstate.createActor(logic, {
      ...options,
      inspect: (e: InspectionEvent) => {
        record(e);
        own?.(e);
      },
    } as never);
  }) as typeof xstate.createActor;
  return { ...xstate, createActor };
});

let testFile: string | undefined;
afterEach(() => {
  testFile ??= expect.getState().testPath;
});

afterAll(() => {
  if (seen.size === 0) return;
  const file = path.relative(process.cwd(), testFile ?? 'unknown');
  writeCoverage(file, {
    level: 'machine',
    source: file,
    machines: Object.fromEntries(
      [...seen].map(([id, s]) => [
        id,
        { states: [...s.states].sort(), transitions: [...s.transitions].sort() },
      ]),
    ),
  });
});
