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
  // Another tab signed in someone whose Timeouts setting is 10 minutes.
  { type: 'session.sync', token: 'other-tab', user: renamed },
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

type Ev = { type: string; token?: string | null; user?: PublicUser | null; output?: { user: PublicUser } };
type Browser = {
  token: string | null;
  user: PublicUser | null;
  logins: number;
  keptTicketsShown: number;
  ticketsKept: boolean;
};
type Expected = {
  state: string;
  token: string | null;
  user: PublicUser | null;
  browser: Browser;
  calls: { fetchMe: unknown[]; logout: unknown[]; inactivity: unknown[] };
};

/**
 * What the session must do, from its description and decision 053 §5 (only an idle sign-out keeps
 * the tickets), written apart from the machine: the state, what it holds, what it did to storage
 * and the location, and the calls it made.
 */
function expectedSession(input: { token: string | null; user: PublicUser | null }) {
  const x: Expected = {
    state: 'restoring',
    token: input.token,
    user: input.token ? input.user : null,
    browser: { token: input.token, user: input.user, logins: 0, keptTicketsShown: 0, ticketsKept: true },
    calls: { fetchMe: [], logout: [], inactivity: [] },
  };
  const enter = (state: string) => {
    x.state = state;
    if (state === 'fetchingUser') x.calls.fetchMe.push({ token: x.token });
    if (state === 'authenticated') x.calls.inactivity.push({ minutes: x.user?.inactivityMinutes ?? 5 });
    if (state === 'loggingOut') {
      // Signed out on this page at once; the server is told which token to end.
      clear();
      x.browser.logins++;
      x.calls.logout.push({ token: x.token });
    }
  };
  const route = () => enter(x.token && x.user ? 'authenticated' : x.token ? 'fetchingUser' : 'anonymous');
  const clear = () => Object.assign(x.browser, { token: null, user: null, ticketsKept: false });
  const forget = () => Object.assign(x, { token: null, user: null });
  const login = (e: Ev) => {
    Object.assign(x, { token: e.token, user: e.user });
    Object.assign(x.browser, { token: e.token, user: e.user });
  };
  route();
  const apply = (e: Ev) => {
    if (e.type === 'session.sync') {
      // Another tab wrote storage: start again from it.
      Object.assign(x, { token: e.token ?? null, user: e.token ? (e.user ?? null) : null });
      Object.assign(x.browser, { token: e.token ?? null, user: e.user ?? null });
      return route();
    }
    switch (`${x.state} ${e.type}`) {
      case 'fetchingUser xstate.done.actor.fetchMe':
        x.user = e.output?.user ?? null;
        x.browser.user = x.user;
        return enter('authenticated');
      case 'fetchingUser xstate.error.actor.fetchMe':
        clear();
        forget();
        return enter('anonymous');
      case 'fetchingUser session.logout':
      case 'authenticated session.expire':
        clear();
        forget();
        x.browser.logins++;
        return enter('anonymous');
      case 'authenticated session.revoked':
        clear();
        forget();
        return enter('anonymous');
      case 'anonymous session.login':
      case 'authenticated session.login':
        login(e);
        return enter('authenticated');
      case 'authenticated user.update':
        x.user = e.user ?? null;
        x.browser.user = x.user;
        return;
      case 'authenticated session.logout':
        return enter('loggingOut');
      case 'authenticated xstate.done.actor.inactivity':
        // Idle: the session goes, the tickets on the phone stay and are shown.
        Object.assign(x.browser, { token: null, user: null });
        forget();
        x.browser.keptTicketsShown++;
        return enter('anonymous');
      case 'loggingOut xstate.done.actor.logout':
      case 'loggingOut xstate.error.actor.logout':
        forget();
        return enter('anonymous');
    }
  };
  return { x, apply };
}

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
    const expected = expectedSession(input);
    let step = 0;
    await runPath(path, {
      machine,
      input,
      actorNames: ['fetchMe', 'logout', 'inactivity'],
      view: key,
      check: (real, _model, calls) => {
        const e = path.steps[step++]?.event as Ev;
        if (e.type !== 'xstate.init') expected.apply(e);
        const { x } = expected;
        expect(real.value).toBe(x.state);
        expect(real.context).toEqual({ token: x.token, user: x.user });
        expect(calls).toEqual(x.calls);
        // After another tab wrote storage, this page's storage is the other tab's to check.
        if (syncs.length === 0) expect(browser).toEqual(x.browser);
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

  it('"Stay signed in" on the warning reaches the idle timer', async () => {
    vi.setSystemTime(Date.UTC(2025, 0, 1));
    const input = { token: 'stored', user };
    const { machine } = fakeBrowser(input);
    const actor = createActor(machine, { input }).start();
    await vi.advanceTimersByTimeAsync(5 * 60_000);
    // The warning is up (a minute left); staying starts the five minutes again.
    actor.send({ type: 'user.stay' });
    await vi.advanceTimersByTimeAsync(2 * 60_000);
    expect(actor.getSnapshot().value).toBe('authenticated');
    actor.stop();
  });
});
