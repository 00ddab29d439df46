import { useSyncExternalStore } from 'react';
import type { PublicUser } from '../../contract/users';
import { SESSION_ENDED_EVENT } from '../api/http';
import type { SessionActor } from './sessionActor';
import { readStoredUser, readToken, STORAGE_KEYS } from './storage';

/**
 * The session as the app sees it. The session machine (machines/session.machine.ts, started by
 * ./sessionActor.ts) owns sign-in, sign-out, expiry and the inactivity timer; "authenticated" is
 * still simply whether a token is stored: the router guard reads storage, the UI reads
 * the machine, and the machine keeps both in step.
 *
 * The machine (and xstate) loads only when there is a session to look after: a token is stored at
 * start, another tab signs in, or this one signs in, out or changes the user. A visitor who never
 * signs in — most of those opening an event link — never downloads it (decision 018). Until it has
 * loaded, the UI reads storage, which is exactly the state the machine starts in: token and user
 * → signed in with that user; a token alone → signed in, user not known yet; nothing → anonymous.
 */
type Navigate = (to: '/login' | '/profile') => void;
let navigate: Navigate = (to) => window.location.assign(to);
let actor: SessionActor | null = null;
let loading: Promise<SessionActor> | null = null;
const listeners = new Set<() => void>();
const notify = () => {
  for (const listener of listeners) listener();
};

function loadSession(): Promise<SessionActor> {
  loading ??= import('./sessionActor').then(({ startSessionActor }) => {
    actor = startSessionActor((to) => navigate(to));
    actor.subscribe(() => {
      watchIdleWarning();
      notify();
    });
    watchIdleWarning();
    notify();
    return actor;
  });
  return loading;
}

/*
 * The inactivity machine runs as the session's child, started again at each sign-in; its warning
 * (a minute before the idle sign-out) is followed here, for the "Stay signed in" dialog.
 */
let idleWarning: { signOutAt: number } | null = null;
let watchedInactivity: unknown = null;
function watchIdleWarning() {
  const child = actor?.getSnapshot().children.inactivity ?? null;
  if (child === watchedInactivity) return;
  watchedInactivity = child;
  idleWarning = null;
  child?.on('warning', (e) => {
    idleWarning = {
      signOutAt: 'signOutAt' in e && typeof e.signOutAt === 'number' ? e.signOutAt : Date.now(),
    };
    notify();
  });
  child?.on('warning.cleared', () => {
    idleWarning = null;
    notify();
  });
}

/** When the idle sign-out is due, while the one-minute warning is up; null otherwise. */
export function useIdleWarning(): { signOutAt: number } | null {
  return useSyncExternalStore(subscribeSession, () => idleWarning, noWarning);
}
const noWarning = () => null;

/** "Stay signed in": the inactivity timer starts again (the press is reported to the server too). */
export const stayIdleSignedIn = () => withSession((session) => session.send({ type: 'user.stay' }));

/** Runs `send` on the session actor: now if it is running, else once it has loaded. */
function withSession(send: (session: SessionActor) => void): Promise<void> {
  if (actor) {
    send(actor);
    return Promise.resolve();
  }
  return loadSession().then(send);
}

/** Lets the session send the browser to /login through the router (history replace). */
export function connectSessionNavigation(go: Navigate) {
  navigate = go;
  if (readToken() !== null) void loadSession();
  // A call made with our token was refused: the session ended on the server. Sign out and go to
  // the sign-in page (only guarded actions answer 401, so the visitor was doing something that
  // needs an account).
  window.addEventListener(SESSION_ENDED_EVENT, () =>
    withSession((session) => {
      if (!session.getSnapshot().matches('authenticated')) return;
      session.send({ type: 'session.revoked' });
      navigate('/login');
    }),
  );
  // Another tab signed in or out.
  window.addEventListener('storage', (e) => {
    if (e.key !== null && e.key !== STORAGE_KEYS.token && e.key !== STORAGE_KEYS.user) return;
    storedUser = null;
    if (!actor && readToken() === null) {
      notify(); // signed out elsewhere before this tab ever needed the machine: storage says it all
      return;
    }
    void withSession((session) =>
      session.send({ type: 'session.sync', token: readToken(), user: readStoredUser() }),
    );
  });
}

export function isAuthenticated(): boolean {
  return readToken() !== null;
}

const subscribeSession = (onChange: () => void) => {
  listeners.add(onChange);
  return () => listeners.delete(onChange);
};

/*
 * Server-rendered pages are rendered for an anonymous visitor (the server never sees the token in
 * localStorage), so while the browser hydrates them these read "signed out" too (React's server
 * snapshot), then switch to the stored session right after: no hydration mismatch. Pages the
 * browser renders itself read the session from the first render.
 */
const signedOut = () => false;
const noUser = () => null;

// The user object must be the same between two reads while nothing changed (useSyncExternalStore):
// storage is parsed again only when the token changes or another tab wrote to it.
let storedUser: { token: string | null; user: PublicUser | null } | null = null;
function userFromStorage(): PublicUser | null {
  const token = readToken();
  if (!token) return null;
  if (storedUser?.token !== token) storedUser = { token, user: readStoredUser() };
  return storedUser.user;
}

export function useIsAuthenticated(): boolean {
  return useSyncExternalStore(
    subscribeSession,
    () => {
      if (!actor) return readToken() !== null;
      const s = actor.getSnapshot();
      return s.matches('authenticated') || s.matches('fetchingUser');
    },
    signedOut,
  );
}

export function useSessionUser(): PublicUser | null {
  return useSyncExternalStore(
    subscribeSession,
    () => {
      if (!actor) return userFromStorage();
      const s = actor.getSnapshot();
      return s.matches('authenticated') ? s.context.user : null;
    },
    noUser,
  );
}

/** Resolves once the session machine has taken the sign-in (and stored the token). */
export const signIn = (token: string, user: PublicUser) =>
  withSession((session) => session.send({ type: 'session.login', token, user }));
export const signOut = () => withSession((session) => session.send({ type: 'session.logout' }));
export const replaceSessionUser = (user: PublicUser) =>
  withSession((session) => session.send({ type: 'user.update', user }));
/** The account is gone (deleted): forget it here and go to /login. */
export const endSession = () => withSession((session) => session.send({ type: 'session.expire' }));
