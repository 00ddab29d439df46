import { type Actor, createActor, fromPromise } from 'xstate';
import { sessionMachine } from '../../machines/session.machine';
import { ApiError } from '../api/http';
import { fetchMe, logout } from '../api/users';
import { createActivityReporter } from './activityReport';
import { pageAfterIdleSignOut } from './keptTickets';
import {
  clearSession,
  clearSessionKeepingTickets,
  readStoredUser,
  readToken,
  writeSession,
  writeUser,
} from './storage';

/**
 * The app's one session actor (machines/session.machine.ts): it restores the user from storage,
 * runs the inactivity timer while signed in, and owns sign-in, sign-out and expiry. Started by
 * ./session.ts when there is a session to look after (see there); `navigate` goes to /login
 * through the router.
 */
export type SessionActor = Actor<typeof sessionMachine>;

export function startSessionActor(navigate: (to: '/login' | '/profile') => void): SessionActor {
  const session = createActor(
    sessionMachine.provide({
      actors: {
        fetchMe: fromPromise(({ input }) => fetchMe(input)),
        logout: fromPromise(({ input }) => logout(input)),
      },
      actions: {
        saveSession: (_, { token, user }) => writeSession(token, user),
        saveUser: (_, { user }) => writeUser(user),
        clearStorage: () => clearSession(),
        keepTicketsAndClearStorage: () => clearSessionKeepingTickets(),
        goToLogin: () => navigate('/login'),
        // Signed out for being idle: the tickets kept on the phone, with "Sign in again" (or the
        // sign-in page when the phone holds no ticket still to come).
        goToKeptTickets: () => void pageAfterIdleSignOut().then(navigate),
      },
    }),
    { input: { token: readToken(), user: readStoredUser() } },
  );
  session.start();
  // A restored session is checked once in the background: a token ended elsewhere (signed out on
  // another device, password reset) is forgotten instead of failing every later call.
  const restored = session.getSnapshot();
  const token = restored.context.token;
  if (restored.matches('authenticated') && token) {
    // Only acted on if this is still the session that was checked.
    const same = () =>
      session.getSnapshot().matches('authenticated') && session.getSnapshot().context.token === token;
    fetchMe({ token }).then(
      ({ user }) => same() && session.send({ type: 'user.update', user }),
      (error: unknown) => {
        if (same() && error instanceof ApiError && error.status === 401)
          session.send({ type: 'session.revoked' });
      },
    );
  }
  // A mouse press or a key press counts as activity (capture: seen even if a widget stops it).
  // The server is told too (at most once a minute), as it ends idle sessions by the same rule.
  const report = createActivityReporter(() => {
    const s = session.getSnapshot();
    return s.matches('authenticated') ? s.context.token : null;
  });
  // Opening the app counts as activity for the timer (it starts counting from now), so it is reported.
  report();
  const activity = () => {
    session.send({ type: 'user.activity' });
    report();
  };
  window.addEventListener('mousedown', activity, { capture: true, passive: true });
  window.addEventListener('keydown', activity, { capture: true, passive: true });
  return session;
}
