import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import type { OnsalePlace, OnsaleState } from '../../contract/onsale';
import { backoffMs, onsaleQueueMachine } from '../../machines/onsaleQueue.machine';
import { runFlowPath } from '../helpers/flowPath';
import { expectFullCoverage, flowModel, httpError, networkError } from '../helpers/machineModel';

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
type Snap = SnapshotFrom<typeof onsaleQueueMachine>;
// Failures past 2 behave alike (only the pause grows), which keeps the graph finite.
const key = (s: Snap) => [s.context.place?.state ?? null, Math.min(2, s.context.failures), s.context.error];
const paths = flowModel(onsaleQueueMachine, { events, key, input }).getShortestPaths();

describe('on-sale waiting page paths', () => {
  beforeEach(() => void vi.useFakeTimers());
  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_, path) => {
    const kept: OnsalePlace[] = [];
    await runFlowPath(path, {
      machine: onsaleQueueMachine.provide({
        actions: { keepPass: (_a, p: OnsalePlace) => void kept.push(p) },
      }),
      input,
      actorNames: ['join', 'poll'],
      // Longer than any pause the machine waits (7 s asked, 60 s at most backing off).
      delays: { nextAsk: 7000, backoff: 60_000 },
      view: key,
      check: ({ real, calls, entered }) => {
        // One call per visit, always for this event ('notJoined' answered to a join re-enters
        // joining without leaving it, so joins are counted at least once per visit).
        expect(calls.join?.length ?? 0).toBeGreaterThanOrEqual(entered('joining'));
        for (const c of calls.join ?? []) expect(c).toEqual({ eventId });
        expect(calls.poll ?? []).toEqual(Array(entered('polling')).fill({ eventId }));
        // The page shows what the server last said; the place survives a lost connection.
        if (real.matches('offline'))
          expect(real.context.error).toBe('No connection. Your place is kept; trying again…');
        if (real.matches('waiting')) expect(real.context.place?.place).toBe(1234);
        if (real.matches('refused')) expect(real.context.error).toMatch(/Confirm your email|sign in/);
        // Every admission hands its pass to the page, and only an admission does.
        expect(kept.length).toBe(entered('admitted'));
        for (const p of kept) expect(p.pass).toMatch(/^v1\./);
      },
    });
  });

  it('covers every state and transition', () => expectFullCoverage(onsaleQueueMachine, paths));

  it('backs off 2, 4, 8 … seconds after failures, never beyond a minute', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 20].map(backoffMs)).toEqual([
      2000, 4000, 8000, 16000, 32000, 60000, 60000, 60000,
    ]);
  });
});
