import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { Event } from '../../contract/events';
import { eventsSectionMachine } from '../../machines/eventsSection.machine';
import { eventModel, everyTransition, flush, manualActor } from '../helpers/machineModel';

const sample = { _id: 'e1', eventName: 'Afrobeats Under the Stars' } as unknown as Event;

type Ev =
  | { type: 'xstate.done.actor.fetchEvents'; output: Event[] }
  | { type: 'xstate.error.actor.fetchEvents'; error: unknown };

const events: Ev[] = [
  { type: 'xstate.done.actor.fetchEvents', output: [sample] },
  { type: 'xstate.done.actor.fetchEvents', output: [] },
  { type: 'xstate.error.actor.fetchEvents', error: new Error('500') },
];

// biome-ignore lint/suspicious/noExplicitAny: snapshot of this machine.
const serialize = (s: any) => `${s.value}|${s.context.events.length}`;
const model = eventModel(eventsSectionMachine, events, serialize);

function harness() {
  const call = manualActor<Event[], unknown>();
  const machine = eventsSectionMachine.provide({ actors: { fetchEvents: call.actor } });
  const actor = createActor(machine).start();
  async function send(e: Ev) {
    if (!actor.getSnapshot().matches('loading')) return; // nothing is being fetched any more
    if (e.type === 'xstate.done.actor.fetchEvents') call.resolve(e.output);
    else call.reject(e.error);
    await flush();
  }
  return { actor, send, calls: () => call.calls.length };
}

/** Loading ('Loading events...'), then the events, or the error and no carousel. */
function expected(outcome: Ev | null) {
  if (!outcome) return { state: 'loading', count: 0 };
  if (outcome.type === 'xstate.error.actor.fetchEvents') return { state: 'failed', count: 0 };
  return outcome.output.length
    ? { state: 'loaded', count: outcome.output.length }
    : { state: 'empty', count: 0 };
}

describe('events section machine (model-based)', () => {
  const { cases, states } = everyTransition(eventsSectionMachine, model, events, serialize);

  it('reaches every state', () => {
    expect(states.sort()).toEqual(['empty|0', 'failed|0', 'loaded|1', 'loading|0']);
  });

  it('fetches once on start and shows loading until the answer comes', () => {
    const h = harness();
    expect(h.actor.getSnapshot().value).toBe('loading');
    expect(h.calls()).toBe(1);
  });

  it.each(cases.map((c) => [c.name, c] as const))('%s', async (_, c) => {
    const h = harness();
    let outcome: Ev | null = null;
    for (const e of [...c.steps, c.event]) {
      await h.send(e);
      outcome ??= e; // the first answer decides; there is no retry
      const want = expected(outcome);
      expect(h.actor.getSnapshot().value).toBe(want.state);
      expect(h.actor.getSnapshot().context.events).toHaveLength(want.count);
    }
    expect(h.calls()).toBe(1);
  });
});
