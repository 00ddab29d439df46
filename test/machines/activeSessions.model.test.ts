import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { activeSessionsMachine } from '../../machines/activeSessions.machine';
import { expectFullCoverage, flowModel, httpError, networkError, runPath } from '../helpers/machineModel';
import { machineShape } from '../helpers/machineShape';

const session = (id: string, current: boolean) => ({
  id,
  device: current ? 'Chrome on Linux' : 'Safari on iPhone',
  ip: '127.0.0.1',
  createdAt: '2025-06-01T09:00:00.000Z',
  lastSeenAt: '2025-06-01T10:00:00.000Z',
  expiresAt: '2025-06-02T09:00:00.000Z',
  current,
});
const here = session('1f0e4c1a-58f4-4a8e-8a3e-0d8c7e6b5a41', true);
const phone = session('2a1b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d', false);

const events = [
  { type: 'sessions.reload' },
  { type: 'session.revoke', id: phone.id },
  { type: 'xstate.done.actor.fetchSessions', output: { sessions: [here, phone] } },
  { type: 'xstate.error.actor.fetchSessions', error: networkError() },
  { type: 'xstate.error.actor.fetchSessions', error: httpError(401, 'Please sign in again.') },
  { type: 'xstate.done.actor.revokeSession', output: { message: 'Signed out.' } },
  { type: 'xstate.error.actor.revokeSession', error: httpError(404, 'Session not found.') },
  { type: 'xstate.error.actor.revokeSession', error: networkError() },
];
// The section's words when the server gave none, written here, not read off the machine.
const LOAD_FAILED = 'Could not load your sessions.';
const REVOKE_FAILED = 'An error occurred.';
const serverWords = (e: unknown) => (e as { serverMessage?: string | null }).serverMessage ?? null;
const key = (s: SnapshotFrom<typeof activeSessionsMachine>) => [
  s.context.sessions.map((x) => x.id),
  s.context.revokingId,
  s.context.error,
];

beforeEach(() => {
  vi.useFakeTimers();
});

describe('active sessions list', () => {
  const paths = flowModel(activeSessionsMachine, { events, key }).getShortestPaths();

  it('covers every state and transition', () => expectFullCoverage(activeSessionsMachine, paths));

  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_, path) => {
    let step = -1;
    await runPath(path, {
      machine: activeSessionsMachine,
      actorNames: ['fetchSessions', 'revokeSession'],
      view: key,
      check: (real, _m, calls) => {
        if (real.matches('revoking')) expect(calls.revokeSession?.at(-1)).toEqual({ id: phone.id });
        step++;
        const event = path.steps[step]?.event as { type: string; error?: unknown } | undefined;
        if (step === 0) expect(real.context).toEqual({ sessions: [], revokingId: null, error: null });
        if (event?.type === 'xstate.error.actor.fetchSessions')
          expect(real.context.error).toBe(serverWords(event.error) ?? LOAD_FAILED);
        if (event?.type === 'xstate.error.actor.revokeSession')
          expect(real.context.error).toBe(serverWords(event.error) ?? REVOKE_FAILED);
        if (event?.type === 'xstate.done.actor.fetchSessions' || event?.type === 'session.revoke')
          expect(real.context.error).toBeNull();
        if (!real.matches('revoking')) expect(real.context.revokingId).toBeNull();
      },
    });
  });

  it('drops a signed-out session from the list and keeps it when the server refuses', () => {
    const ends = paths.flatMap((p) => p.steps);
    const removed = ends.find((s) => s?.event.type === 'xstate.done.actor.revokeSession');
    expect(removed?.state.context.sessions.map((x: { id: string }) => x.id)).toEqual([here.id]);
    const refused = ends.find(
      (s) => s?.event.type === 'xstate.error.actor.revokeSession' && s.state.context.sessions.length === 2,
    );
    expect(refused?.state.context.sessions.map((x: { id: string }) => x.id)).toEqual([here.id, phone.id]);
    expect(refused?.state.context.error).toBe('Session not found.');
  });
});

// The section's flow: load, a failure that can be reloaded, sign out one session at a time, back
// to the list whether or not the server ended it.
it('has the shape of the security section', () =>
  expect(machineShape(activeSessionsMachine)).toEqual([
    'state activeSessions.loading invokes fetchSessions:fetchSessions',
    'state activeSessions.failed',
    'state activeSessions.loaded',
    'state activeSessions.revoking invokes revokeSession:revokeSession',
    'activeSessions.failed --sessions.reload--> activeSessions.loading []',
    'activeSessions.loaded --session.revoke--> activeSessions.revoking []',
    'activeSessions.loaded --sessions.reload--> activeSessions.loading []',
    'activeSessions.loading --xstate.done.actor.fetchSessions--> activeSessions.loaded []',
    'activeSessions.loading --xstate.error.actor.fetchSessions--> activeSessions.failed []',
    'activeSessions.revoking --xstate.done.actor.revokeSession--> activeSessions.loaded []',
    'activeSessions.revoking --xstate.error.actor.revokeSession--> activeSessions.loaded []',
  ]));
