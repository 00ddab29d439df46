import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type SnapshotFrom } from 'xstate';
import type { PublicUser } from '../../contract/users';
import { sessionMachine } from '../../machines/session.machine';
import {
  expectFullCoverage,
  flowModel,
  httpError,
  networkError,
  runPath,
  sampleUser,
} from '../helpers/machineModel';

const user = sampleUser as PublicUser;
const renamed = { ...user, firstName: 'Adaeze', inactivityMinutes: 10 };
const events = [
  { type: 'session.login', token: 'fresh', user },
  { type: 'session.logout' },
  { type: 'session.expire' },
  { type: 'session.revoked' },
  { type: 'session.sync', token: null, user: null },
  { type: 'session.sync', token: 'other-tab', user },
  { type: 'user.update', user: renamed },
  { type: 'user.activity' },
  { type: 'user.stay' },
  { type: 'xstate.done.actor.fetchMe', output: { user } },
  {
    type: 'xstate.error.actor.fetchMe',
    error: httpError(401, 'Your session has ended. Please sign in again.'),
  },
  { type: 'xstate.done.actor.logout', output: { message: 'Signed out.' } },
  { type: 'xstate.error.actor.logout', error: networkError() },
  { type: 'xstate.done.actor.inactivity', output: undefined },
];
const key = (s: SnapshotFrom<typeof sessionMachine>) => [s.context.token, s.context.user?.firstName ?? null];
const inputs = [
  { token: null, user: null },
  { token: 'stored', user },
  { token: 'stored', user: null },
];

/** What the provided actions did to localStorage and to the location. */
function fakeBrowser(input: { token: string | null; user: PublicUser | null }) {
  // `ticketsKept`: the service worker's copy of the tickets is still on the phone.
  const browser = { token: input.token, user: input.user, logins: 0, keptTicketsShown: 0, ticketsKept: true };
  const machine = sessionMachine.provide({
    actions: {
      saveSession: (_, p) => {
        browser.token = p.token;
        browser.user = p.user;
      },
      saveUser: (_, p) => {
        browser.user = p.user;
      },
      clearStorage: () => {
        browser.token = null;
        browser.user = null;
        browser.ticketsKept = false;
      },
      keepTicketsAndClearStorage: () => {
        browser.token = null;
        browser.user = null;
      },
      goToLogin: () => {
        browser.logins++;
      },
      goToKeptTickets: () => {
        browser.keptTicketsShown++;
      },
    },
  });
  return { browser, machine };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterAll(() => {
  vi.useRealTimers();
});

describe.each(inputs)('session starting from storage %j', (input) => {
  const paths = flowModel(sessionMachine, { events, key, input }).getShortestPaths();

  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_, path) => {
    const { browser, machine } = fakeBrowser(input);
    // `session.sync` reports what another tab wrote; make the fake storage agree.
    const syncs = path.steps.filter((s) => s.event.type === 'session.sync');
    await runPath(path, {
      machine,
      input,
      actorNames: ['fetchMe', 'logout', 'inactivity'],
      view: key,
      check: (real, _model, calls) => {
        if (syncs.length > 0) return;
        if (real.matches('authenticated')) {
          expect(browser.token).toBe(real.context.token);
          expect(browser.user).toEqual(real.context.user);
        }
        if (real.matches('fetchingUser')) expect(calls.fetchMe?.at(-1)).toEqual({ token: 'stored' });
        if (real.matches('loggingOut')) {
          // Signed out at once on this page, and the server is told which token to end.
          expect(browser.token).toBeNull();
          expect(browser.logins).toBeGreaterThan(0);
          expect(calls.logout?.at(-1)).toEqual({ token: real.context.token });
        }
        if (real.matches('anonymous')) expect(browser.token).toBeNull();
        // Only an idle sign-out keeps the tickets (decision 053 §5): any other way out deletes them.
        const otherEnd = path.steps.some((s) =>
          [
            'session.logout',
            'session.expire',
            'session.revoked',
            'session.login',
            'xstate.error.actor.fetchMe',
          ].includes(s.event.type),
        );
        if (real.matches('anonymous') && browser.keptTicketsShown > 0 && !otherEnd)
          expect(browser.ticketsKept).toBe(true);
        if (!path.steps.some((s) => s.event.type === 'xstate.done.actor.inactivity'))
          expect(browser.keptTicketsShown).toBe(0);
      },
    });
  });
});

describe('session coverage and behaviour', () => {
  it('covers every state and transition', () => {
    const paths = inputs.flatMap((input) =>
      flowModel(sessionMachine, { events, key, input }).getShortestPaths(),
    );
    expectFullCoverage(sessionMachine, paths);
  });

  it('a failed /me fetch signs out silently (no trip to /login)', async () => {
    const input = { token: 'stale', user: null };
    const { browser, machine } = fakeBrowser(input);
    const actor = createActor(
      machine.provide({
        actors: { fetchMe: fromPromise(() => Promise.reject(httpError(401, 'x'))) as never },
      }),
      { input },
    ).start();
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe('anonymous');
    expect(browser).toEqual({ token: null, user: null, logins: 0, keptTicketsShown: 0, ticketsKept: false });
  });

  it('the real inactivity child signs out after 5 idle minutes; presses and the setting move that', async () => {
    vi.setSystemTime(Date.UTC(2025, 0, 1));
    const input = { token: 'stored', user };
    const { browser, machine } = fakeBrowser(input);
    const actor = createActor(machine, { input }).start();
    await vi.advanceTimersByTimeAsync(4 * 60_000);
    actor.send({ type: 'user.activity' });
    await vi.advanceTimersByTimeAsync(5 * 60_000);
    expect(actor.getSnapshot().value).toBe('authenticated');
    // Timeouts set to 10 minutes: the running timer follows at once.
    actor.send({ type: 'user.update', user: renamed });
    await vi.advanceTimersByTimeAsync(4 * 60_000);
    expect(actor.getSnapshot().value).toBe('authenticated');
    await vi.advanceTimersByTimeAsync(2 * 60_000);
    expect(actor.getSnapshot().value).toBe('anonymous');
    // Idle: signed out, but shown the tickets kept on the phone rather than sent to /login.
    expect(browser).toEqual({ token: null, user: null, logins: 0, keptTicketsShown: 1, ticketsKept: true });
  });
});
