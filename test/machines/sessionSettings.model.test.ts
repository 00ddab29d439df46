import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import type { PublicUser } from '../../contract/users';
import { sessionSettingsMachine } from '../../machines/sessionSettings.machine';
import {
  expectFullCoverage,
  flowModel,
  httpError,
  networkError,
  runPath,
  sampleUser,
} from '../helpers/machineModel';

const user = sampleUser as PublicUser;
const input = { user };
const events = [
  { type: 'timeout.change', minutes: 15 },
  { type: 'concurrent.change', enabled: false },
  { type: 'xstate.done.actor.updateSettings', output: { user: { ...user, inactivityMinutes: 15 } } },
  { type: 'xstate.done.actor.updateSettings', output: { user: { ...user, concurrentSessions: false } } },
  { type: 'xstate.error.actor.updateSettings', error: httpError(500, 'Something went wrong.') },
  { type: 'xstate.error.actor.updateSettings', error: networkError() },
  // A value the select does not offer shows as 5 minutes.
  { type: 'xstate.done.actor.updateSettings', output: { user: { ...user, inactivityMinutes: 20 } } },
  { type: 'xstate.done.actor.updateSettings', output: { user: { ...user, inactivityMinutes: 30 } } },
  { type: 'xstate.done.actor.updateSettings', output: { user: { ...user, inactivityMinutes: 10 } } },
];
type Settings = { inactivityMinutes: number; concurrentSessions: boolean };
type Ev = {
  type: string;
  minutes?: number;
  enabled?: boolean;
  output?: { user: PublicUser };
  error?: unknown;
};
type Section = Settings & {
  state: string;
  saved: Settings;
  pending: Partial<Settings>;
  error: string | null;
  notice: string | null;
};
/** The Timeouts select offers 5, 10, 15 and 30 minutes; anything else is shown as 5. */
const offered = (n: number) => ([5, 10, 15, 30].includes(n) ? n : 5);
const settingsOf = (u: PublicUser): Settings => ({
  inactivityMinutes: offered(u.inactivityMinutes),
  concurrentSessions: u.concurrentSessions,
});

/** What the section must do, from its description above the machine, not from the machine. */
function nextSection(x: Section, e: Ev): Section {
  const server = (e.error as { serverMessage?: string | null } | undefined)?.serverMessage;
  switch (`${x.state} ${e.type}`) {
    case 'idle timeout.change': {
      const change = { inactivityMinutes: e.minutes ?? 0 };
      return { ...x, ...change, state: 'saving', pending: change, error: null, notice: null };
    }
    case 'idle concurrent.change': {
      const change = { concurrentSessions: e.enabled ?? true };
      return { ...x, ...change, state: 'saving', pending: change, error: null, notice: null };
    }
    case 'saving xstate.done.actor.updateSettings': {
      const saved = settingsOf(e.output?.user as PublicUser);
      // Turning concurrent sessions off ends the others, and the page says so.
      const notice =
        x.pending.concurrentSessions === false
          ? 'Your other sessions have been signed out.'
          : 'Settings saved.';
      return { ...x, ...saved, state: 'idle', saved, pending: {}, notice };
    }
    case 'saving xstate.error.actor.updateSettings':
      return { ...x, ...x.saved, state: 'idle', pending: {}, error: server ?? 'An error occurred.' };
    default:
      return x;
  }
}
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
    const start = settingsOf(user);
    let section: Section = { ...start, state: 'idle', saved: start, pending: {}, error: null, notice: null };
    const expectedSaved: PublicUser[] = [];
    let step = 0;
    await runPath(path, {
      machine: sessionSettingsMachine.provide({
        actions: { settingsSaved: (_, p) => void saved.push(p.user) },
      }),
      input,
      actorNames: ['updateSettings'],
      view: key,
      check: (real, _m, calls) => {
        const event = path.steps[step++]?.event as Ev;
        if (event.type !== 'xstate.init') section = nextSection(section, event);
        if (event.type === 'xstate.done.actor.updateSettings')
          expectedSaved.push(event.output?.user as PublicUser);
        const { state, ...context } = section;
        expect(real.value).toBe(state);
        expect(real.context).toEqual(context);
        expect(saved).toEqual(expectedSaved);
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
