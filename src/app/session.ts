import { useSyncExternalStore } from 'react';
import { type Actor, createActor, fromPromise } from 'xstate';
import type { PublicUser } from '../../contract/users';
import { sessionMachine } from '../../machines/session.machine';
import { ApiError, SESSION_ENDED_EVENT } from '../api/http';
import { fetchMe, logout } from '../api/users';
import { clearSession, readStoredUser, readToken, STORAGE_KEYS, writeSession, writeUser } from './storage';

/**
 * The app's one session actor (machines/session.machine.ts): it restores the user from storage,
 * runs the inactivity timer while signed in, and owns sign-in, sign-out and expiry. "Authenticated"
 * is still simply whether a token is stored (spec §4): the router guard reads storage, the UI reads
 * the actor, and the machine keeps both in step.
 */
export type SessionActor = Actor<typeof sessionMachine>;

type Navigate = (to: '/login') => void;
let navigate: Navigate = (to) => window.location.assign(to);
let actor: SessionActor | null = null;

function startSessionActor(): SessionActor {
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
        goToLogin: () => navigate('/login'),
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
  // Spec §4: a mouse press or a key press counts as activity (capture: seen even if a widget stops it).
  const activity = () => session.send({ type: 'user.activity' });
  window.addEventListener('mousedown', activity, { capture: true, passive: true });
  window.addEventListener('keydown', activity, { capture: true, passive: true });
  // A call made with our token was refused: the session ended on the server. Sign out and go to
  // the sign-in page (only guarded actions answer 401, so the visitor was doing something that
  // needs an account).
  window.addEventListener(SESSION_ENDED_EVENT, () => {
    if (!session.getSnapshot().matches('authenticated')) return;
    session.send({ type: 'session.revoked' });
    navigate('/login');
  });
  // Another tab signed in or out.
  window.addEventListener('storage', (e) => {
    if (e.key === null || e.key === STORAGE_KEYS.token || e.key === STORAGE_KEYS.user) {
      session.send({ type: 'session.sync', token: readToken(), user: readStoredUser() });
    }
  });
  return session;
}

export function getSession(): SessionActor {
  actor ??= startSessionActor();
  return actor;
}

/** Lets the session send the browser to /login through the router (history replace). */
export function connectSessionNavigation(go: Navigate) {
  navigate = go;
  getSession();
}

export function isAuthenticated(): boolean {
  return readToken() !== null;
}

const subscribeSession = (onChange: () => void) => {
  const subscription = getSession().subscribe(onChange);
  return () => subscription.unsubscribe();
};

/*
 * Server-rendered pages are rendered for an anonymous visitor (the server never sees the token in
 * localStorage), so while the browser hydrates them these read "signed out" too (React's server
 * snapshot), then switch to the stored session right after: no hydration mismatch. Pages the
 * browser renders itself read the session from the first render.
 */
const signedOut = () => false;
const noUser = () => null;

export function useIsAuthenticated(): boolean {
  return useSyncExternalStore(
    subscribeSession,
    () => {
      const s = getSession().getSnapshot();
      return s.matches('authenticated') || s.matches('fetchingUser');
    },
    signedOut,
  );
}

export function useSessionUser(): PublicUser | null {
  return useSyncExternalStore(
    subscribeSession,
    () => {
      const s = getSession().getSnapshot();
      return s.matches('authenticated') ? s.context.user : null;
    },
    noUser,
  );
}

export const signIn = (token: string, user: PublicUser) =>
  getSession().send({ type: 'session.login', token, user });
export const signOut = () => getSession().send({ type: 'session.logout' });
export const replaceSessionUser = (user: PublicUser) => getSession().send({ type: 'user.update', user });
/** The account is gone (deleted): forget it here and go to /login. */
export const endSession = () => getSession().send({ type: 'session.expire' });
