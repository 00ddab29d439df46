import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, type SnapshotFrom } from 'xstate';
import type { OnsalePlace, OnsaleState } from '../../contract/onsale';
import { backoffMs, onsaleQueueMachine } from '../../machines/onsaleQueue.machine';
import { runFlowPath } from '../helpers/flowPath';
import {
  expectFullCoverage,
  flowModel,
  httpError,
  networkError,
  rejectingActor,
  resolvingActor,
} from '../helpers/machineModel';
import { machineShape } from '../helpers/machineShape';

const eventId = '7e000000-0000-4000-8000-0000000000e1';
const input = { eventId };
const place = (state: OnsaleState): OnsalePlace => ({
  eventId,
  state,
  opensAt: '2030-12-01T09:00:00.000Z',
  place: state === 'draw' || state === 'notJoined' || state === 'closed' ? null : 1234,
  admitted: 1000,
  inDraw: 5000,
  admitPerSecond: 50,
  estimateSeconds: state === 'waiting' ? 5 : null,
  pass: state === 'admitted' ? 'v1.1900000000.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' : null,
  passExpiresAt: state === 'admitted' ? '2030-12-01T09:05:00.000Z' : null,
  retryAfterSeconds: 7,
  serverTime: '2030-12-01T09:00:20.000Z',
});
const STATES: OnsaleState[] = ['closed', 'notJoined', 'draw', 'waiting', 'admitted', 'expired', 'soldOut'];
const unverified = httpError(
  403,
  'Confirm your email address to join the queue: one place per verified account.',
);
const events = [
  ...STATES.map((s) => ({ type: 'xstate.done.actor.join', output: place(s) })),
  ...STATES.filter((s) => s !== 'notJoined').map((s) => ({
    type: 'xstate.done.actor.poll',
    output: place(s),
  })),
  { type: 'xstate.error.actor.join', error: networkError() },
  { type: 'xstate.error.actor.join', error: unverified },
  { type: 'xstate.error.actor.poll', error: networkError() },
  { type: 'xstate.error.actor.poll', error: httpError(401, 'Please sign in to continue.') },
  ...['draw', 'waiting', 'soldOut', 'admitted', 'offline'].map((s) => ({
    type: `xstate.after.${s === 'offline' ? 'backoff' : 'nextAsk'}.onsaleQueue.${s}`,
  })),
  { type: 'connection.retry' },
  { type: 'queue.rejoin' },
];
type Shown = 'closed' | 'draw' | 'waiting' | 'admitted' | 'expired' | 'soldOut';
/**
 * The page as decision 059 describes it, in plain code: every answer (to a join or a poll) shows
 * what the server said and forgets past failures, and 'notJoined' joins again; a failure keeps the
 * last place and counts, showing the server's words or the page's own, and a signed-out, unconfirmed
 * or missing event is refused (asking again will not help) where anything else is retried.
 */
type Oracle = { state: string; place: OnsalePlace | null; failures: number; error: string | null };
const OWN_WORDS = 'No connection. Your place is kept; trying again…';
const SHOWN: readonly string[] = [
  'closed',
  'draw',
  'waiting',
  'admitted',
  'expired',
  'soldOut',
] satisfies Shown[];
const ask = (o: Oracle) => (o.place === null ? 'joining' : 'polling');
function next(o: Oracle, event: { type: string; output?: OnsalePlace; error?: unknown }): Oracle {
  if (event.type.startsWith('xstate.done.actor.')) {
    const p = event.output as OnsalePlace;
    return { state: SHOWN.includes(p.state) ? p.state : 'joining', place: p, failures: 0, error: null };
  }
  if (event.type.startsWith('xstate.error.actor.')) {
    const e = event.error as { status?: number; serverMessage?: string | null };
    const final = e.status === 401 || e.status === 403 || e.status === 404;
    return {
      ...o,
      state: final ? 'refused' : 'offline',
      failures: o.failures + 1,
      error: e.serverMessage || OWN_WORDS,
    };
  }
  if (event.type.startsWith('xstate.after.'))
    return { ...o, state: o.state === 'offline' ? ask(o) : 'polling' };
  if (event.type === 'connection.retry') return { ...o, state: o.state === 'refused' ? 'joining' : ask(o) };
  if (event.type === 'queue.rejoin') return { ...o, state: 'joining' };
  return o;
}

type Snap = SnapshotFrom<typeof onsaleQueueMachine>;
// Failures past 2 behave alike (only the pause grows), which keeps the graph finite.
const key = (s: Snap) => [s.context.place?.state ?? null, Math.min(2, s.context.failures), s.context.error];
const paths = flowModel(onsaleQueueMachine, { events, key, input }).getShortestPaths();

describe('on-sale waiting page paths', () => {
  beforeEach(() => void vi.useFakeTimers());
  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_, path) => {
    const kept: OnsalePlace[] = [];
    let o: Oracle = { state: 'joining', place: null, failures: 0, error: null };
    await runFlowPath(path, {
      machine: onsaleQueueMachine.provide({
        actions: { keepPass: (_a, p: OnsalePlace) => void kept.push(p) },
      }),
      input,
      actorNames: ['join', 'poll'],
      // Longer than any pause the machine waits (7 s asked, 60 s at most backing off).
      delays: { nextAsk: 7000, backoff: 60_000 },
      view: key,
      check: ({ index, event, real, calls, entered }) => {
        o = index === 0 ? { state: 'joining', place: null, failures: 0, error: null } : next(o, event);
        expect(real.value).toBe(o.state);
        expect(real.context).toEqual({ eventId, place: o.place, failures: o.failures, error: o.error });
        // Only 'closed' ends the page: the tickets are open to all.
        expect(real.status).toBe(o.state === 'closed' ? 'done' : 'active');
        // One call per visit, always for this event ('notJoined' answered to a join re-enters
        // joining without leaving it, so joins are counted at least once per visit).
        expect(calls.join?.length ?? 0).toBeGreaterThanOrEqual(entered('joining'));
        for (const c of calls.join ?? []) expect(c).toEqual({ eventId });
        expect(calls.poll ?? []).toEqual(Array(entered('polling')).fill({ eventId }));
        if (real.matches('waiting')) expect(real.context.place?.place).toBe(1234);
        // Every admission hands its pass to the page, and only an admission does.
        expect(kept).toEqual(Array(entered('admitted')).fill(place('admitted')));
      },
    });
  });

  it('covers every state and transition', () => expectFullCoverage(onsaleQueueMachine, paths));

  it('backs off 2, 4, 8 … seconds after failures, never beyond a minute', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 20].map(backoffMs)).toEqual([
      2000, 2000, 4000, 8000, 16000, 32000, 60000, 60000, 60000,
    ]);
  });
});

/** Starts the page with calls that answer at once, and returns it after the first answer. */
async function started(join: unknown, poll: unknown = rejectingActor(networkError())) {
  const actor = createActor(onsaleQueueMachine.provide({ actors: { join, poll } as never }), { input });
  actor.start();
  await vi.advanceTimersByTimeAsync(0);
  return actor;
}

describe('on-sale waiting page timing and refusals', () => {
  beforeEach(() => void vi.useFakeTimers());
  it('asks again when the server suggests, never sooner than a second, 5 s when it suggests nothing', async () => {
    for (const [after, ms] of [
      [7, 7000],
      [0, 1000],
      [null, 5000],
    ] as const) {
      const answer = { ...place('waiting'), retryAfterSeconds: after } as unknown as OnsalePlace;
      const actor = await started(resolvingActor(answer), resolvingActor(answer));
      await vi.advanceTimersByTimeAsync(ms - 1);
      expect(actor.getSnapshot().value, `${after}: before ${ms} ms`).toBe('waiting');
      await vi.advanceTimersByTimeAsync(1);
      // The poll answered at once with the same place: waiting again, one poll made.
      expect(actor.getSnapshot().value, `${after}: at ${ms} ms`).toBe('waiting');
      expect(actor.getSnapshot().context.place).toEqual(answer);
      actor.stop();
    }
  });

  it('waits 2 s after a first failure, then 4 s, before asking again', async () => {
    const actor = await started(rejectingActor(networkError()));
    expect(actor.getSnapshot().context.failures).toBe(1);
    await vi.advanceTimersByTimeAsync(1999);
    expect(actor.getSnapshot().context.failures).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(actor.getSnapshot().context.failures).toBe(2);
    await vi.advanceTimersByTimeAsync(3999);
    expect(actor.getSnapshot().context.failures).toBe(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(actor.getSnapshot().value).toBe('offline');
    expect(actor.getSnapshot().context.failures).toBe(3);
    actor.stop();
  });

  it('gives up on 401, 403 and 404 only; any other failure is retried', async () => {
    for (const [status, state] of [
      [401, 'refused'],
      [403, 'refused'],
      [404, 'refused'],
      [400, 'offline'],
      [429, 'offline'],
      [500, 'offline'],
      [503, 'offline'],
      [null, 'offline'],
    ] as const) {
      // null: a call that failed with nothing at all, retried like a lost connection.
      const actor = await started(rejectingActor(status === null ? null : httpError(status, null)));
      expect(actor.getSnapshot().value, String(status)).toBe(state);
      expect(actor.getSnapshot().context.error).toBe('No connection. Your place is kept; trying again…');
      actor.stop();
    }
  });
});

it('has the shape decision 059 describes', () =>
  expect(machineShape(onsaleQueueMachine)).toEqual([
    'state onsaleQueue.joining invokes join:join',
    'state onsaleQueue.polling invokes poll:poll',
    'state onsaleQueue.routing always --> onsaleQueue.closed [isClosed] | --> onsaleQueue.draw [isDraw] | --> onsaleQueue.waiting [isWaiting] | --> onsaleQueue.admitted [isAdmitted] | --> onsaleQueue.expired [isExpired] | --> onsaleQueue.soldOut [isSoldOut] | --> onsaleQueue.joining []',
    'state onsaleQueue.closed (final)',
    'state onsaleQueue.draw',
    'state onsaleQueue.waiting',
    'state onsaleQueue.soldOut',
    'state onsaleQueue.admitted',
    'state onsaleQueue.expired',
    'state onsaleQueue.offline',
    'state onsaleQueue.refused',
    'onsaleQueue.admitted --xstate.after.nextAsk.onsaleQueue.admitted--> onsaleQueue.polling []',
    'onsaleQueue.draw --xstate.after.nextAsk.onsaleQueue.draw--> onsaleQueue.polling []',
    'onsaleQueue.expired --queue.rejoin--> onsaleQueue.joining []',
    'onsaleQueue.joining --xstate.done.actor.join--> onsaleQueue.routing []',
    'onsaleQueue.joining --xstate.error.actor.join--> onsaleQueue.offline []',
    'onsaleQueue.joining --xstate.error.actor.join--> onsaleQueue.refused [isFinal]',
    'onsaleQueue.offline --connection.retry--> onsaleQueue.joining []',
    'onsaleQueue.offline --connection.retry--> onsaleQueue.polling [hasPlace]',
    'onsaleQueue.offline --xstate.after.backoff.onsaleQueue.offline--> onsaleQueue.joining []',
    'onsaleQueue.offline --xstate.after.backoff.onsaleQueue.offline--> onsaleQueue.polling [hasPlace]',
    'onsaleQueue.polling --xstate.done.actor.poll--> onsaleQueue.routing []',
    'onsaleQueue.polling --xstate.error.actor.poll--> onsaleQueue.offline []',
    'onsaleQueue.polling --xstate.error.actor.poll--> onsaleQueue.refused [isFinal]',
    'onsaleQueue.refused --connection.retry--> onsaleQueue.joining []',
    'onsaleQueue.soldOut --xstate.after.nextAsk.onsaleQueue.soldOut--> onsaleQueue.polling []',
    'onsaleQueue.waiting --xstate.after.nextAsk.onsaleQueue.waiting--> onsaleQueue.polling []',
  ]));
