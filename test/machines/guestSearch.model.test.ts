import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, type SnapshotFrom } from 'xstate';
import type { GuestMatch } from '../../contract/checkin';
import { type FoundGuests, guestSearchMachine, SEARCH_PAUSE_MS } from '../../machines/guestSearch.machine';
import { runFlowPath } from '../helpers/flowPath';
import { expectFullCoverage, flowModel, httpError, manualActor, networkError } from '../helpers/machineModel';

const ada: GuestMatch = {
  id: '5e000000-0000-4000-8000-000000000001',
  attendeeName: 'Ada Obi',
  ticketTypeId: '5e000000-0000-4000-8000-000000000002',
  ticketName: 'Regular',
  status: 'valid',
  checkedInAt: null,
};
const found: FoundGuests = { matches: [ada], source: 'server' };
const offlineFound: FoundGuests = { matches: [], source: 'device' };
const refused = httpError(403, 'This check-in link has been revoked.');

const events = [
  { type: 'query.change', query: 'ada' },
  { type: 'query.change', query: 'a' },
  // Exactly the shortest searchable query, typed with spaces; and one letter with spaces.
  { type: 'query.change', query: ' ad ' },
  { type: 'query.change', query: ' a ' },
  { type: 'clear' },
  { type: 'xstate.after.pause.guestSearch.waiting' },
  { type: 'xstate.done.actor.findGuests', output: found },
  { type: 'xstate.done.actor.findGuests', output: offlineFound },
  { type: 'xstate.error.actor.findGuests', error: refused },
  { type: 'xstate.error.actor.findGuests', error: networkError() },
];

type Snap = SnapshotFrom<typeof guestSearchMachine>;
/** What is shown: whether there is a query to search, guests found, from where, and a failure. */
const key = (s: Snap) => [
  s.context.query.trim().length >= 2,
  s.context.matches.length,
  s.context.source,
  s.context.error !== null,
];
const paths = flowModel(guestSearchMachine, { events, key }).getShortestPaths();

beforeEach(() => {
  vi.useFakeTimers();
});

describe('guest search paths', () => {
  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_, path) => {
    await runFlowPath(path, {
      machine: guestSearchMachine,
      actorNames: ['findGuests'],
      delays: { pause: SEARCH_PAUSE_MS },
      view: key,
      check: ({ event, real, calls, entered, before, index }) => {
        const c = real.context;
        if (index === 0)
          expect(c).toEqual({ query: '', matches: [], source: null, answered: null, error: null });
        // Two letters (spaces aside) are searched after the pause; fewer are not searched at all.
        if (event.type === 'query.change') {
          expect(c.query).toBe(event.query);
          expect(real.value).toBe(event.query.trim().length >= 2 ? 'waiting' : 'idle');
        }
        // One search per pause in typing, for the trimmed query: never one per key.
        expect(calls.findGuests ?? []).toEqual(
          Array(entered('searching'))
            .fill(null)
            .map((_x, i) => ({ query: queriesSearched(path.steps)[i] })),
        );
        if (event.type === 'query.change' && event.query.trim().length < 2) {
          // Too short to search: whatever was shown goes.
          expect([c.matches, c.answered, c.error]).toEqual([[], null, null]);
        }
        if (event.type === 'clear') expect([c.query, c.matches]).toEqual(['', []]);
        if (event.type.startsWith('xstate.done.actor')) {
          expect(c.matches).toEqual(event.output.matches);
          expect(c.answered).toBe(before?.context.query);
        }
        if (event.type.startsWith('xstate.error.actor')) {
          expect(c.matches).toEqual([]);
          expect(c.answered).toBe(before?.context.query);
          expect(c.error).toBe(
            event.error === refused
              ? 'This check-in link has been revoked.'
              : 'The guest list could not be searched.',
          );
        }
      },
    });
  });
});

/** The query each search of a path was for: the last typed before it started. */
function queriesSearched(steps: readonly { event: { type: string; query?: string } }[]): string[] {
  let typed = '';
  const out: string[] = [];
  for (const s of steps) {
    if (s.event.type === 'query.change') typed = s.event.query ?? '';
    if (s.event.type === 'clear') typed = '';
    if (s.event.type === 'xstate.after.pause.guestSearch.waiting') out.push(typed.trim());
  }
  return out;
}

describe('guest search coverage and rules', () => {
  it('covers every state and transition', () => expectFullCoverage(guestSearchMachine, paths));

  it('searches for the query without the spaces around it', async () => {
    const find = manualActor<FoundGuests, { query: string }>();
    const actor = createActor(guestSearchMachine.provide({ actors: { findGuests: find.actor } })).start();
    actor.send({ type: 'query.change', query: ' ad ' });
    await vi.advanceTimersByTimeAsync(SEARCH_PAUSE_MS);
    expect(find.calls).toEqual([{ query: 'ad' }]);
    actor.stop();
  });

  it('searches once after typing pauses, and drops the answer of a query typed over', async () => {
    const find = manualActor<FoundGuests, { query: string }>();
    const actor = createActor(guestSearchMachine.provide({ actors: { findGuests: find.actor } }));
    actor.start();
    for (const q of ['a', 'ad', 'ada']) {
      actor.send({ type: 'query.change', query: q });
      await vi.advanceTimersByTimeAsync(SEARCH_PAUSE_MS / 3);
    }
    expect(find.calls).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(SEARCH_PAUSE_MS);
    expect(find.calls).toEqual([{ query: 'ada' }]);
    actor.send({ type: 'query.change', query: 'ada obi' });
    find.resolve({ matches: [{ ...ada, attendeeName: 'Adaeze' }], source: 'server' });
    await vi.advanceTimersByTimeAsync(0);
    // The answer to 'ada' arrived after 'ada obi' was typed: not shown as its answer.
    expect(actor.getSnapshot().context.matches).toEqual([]);
    await vi.advanceTimersByTimeAsync(SEARCH_PAUSE_MS);
    expect(find.calls.at(-1)).toEqual({ query: 'ada obi' });
    actor.stop();
  });
});
