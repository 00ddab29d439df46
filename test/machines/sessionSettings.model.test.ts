import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import type { PublicUser } from '../../contract/users';
import { sessionSettingsMachine } from '../../machines/sessionSettings.machine';
import { expectFullCoverage, flowModel, httpError, runPath, sampleUser } from '../helpers/machineModel';

const user = sampleUser as PublicUser;
const input = { user };
const events = [
  { type: 'timeout.change', minutes: 15 },
  { type: 'concurrent.change', enabled: false },
  { type: 'xstate.done.actor.updateSettings', output: { user: { ...user, inactivityMinutes: 15 } } },
  { type: 'xstate.done.actor.updateSettings', output: { user: { ...user, concurrentSessions: false } } },
  { type: 'xstate.error.actor.updateSettings', error: httpError(500, 'Something went wrong.') },
];
const key = (s: SnapshotFrom<typeof sessionSettingsMachine>) => [
  s.context.inactivityMinutes,
  s.context.concurrentSessions,
  s.context.saved,
  s.context.pending,
  s.context.error,
  s.context.notice,
];

beforeEach(() => {
  vi.useFakeTimers();
});

describe('session settings (Timeouts, Concurrent sessions)', () => {
  const paths = flowModel(sessionSettingsMachine, { events, key, input }).getShortestPaths();

  it('covers every state and transition', () => expectFullCoverage(sessionSettingsMachine, paths));

  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_, path) => {
    const saved: PublicUser[] = [];
    await runPath(path, {
      machine: sessionSettingsMachine.provide({
        actions: { settingsSaved: (_, p) => void saved.push(p.user) },
      }),
      input,
      actorNames: ['updateSettings'],
      view: key,
      check: (real, _m, calls) => {
        // Only the changed setting is sent.
        if (real.matches('saving')) expect(calls.updateSettings?.at(-1)).toEqual(real.context.pending);
        // After a failure the controls show what the server has.
        if (real.context.error) {
          expect(real.context.inactivityMinutes).toBe(real.context.saved.inactivityMinutes);
          expect(real.context.concurrentSessions).toBe(real.context.saved.concurrentSessions);
        }
        if (real.context.notice) expect(saved.length).toBeGreaterThan(0);
      },
    });
  });
});
