import { type PublicUser, publicUser } from '../../contract/users';
import { markTicketsKept, unmarkTicketsKept } from './keptTicketsMarker';
import { forgetOfflineTickets } from './offlineTickets';

/** The three localStorage keys the SPA keeps (token, user, dark mode). */
export const STORAGE_KEYS = { token: 'token', user: 'user', darkMode: 'dark-mode' } as const;

function safeGet(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function readToken(): string | null {
  return safeGet(STORAGE_KEYS.token);
}

export function readStoredUser(): PublicUser | null {
  const raw = safeGet(STORAGE_KEYS.user);
  if (!raw) return null;
  try {
    const parsed = publicUser.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function writeSession(token: string, user: PublicUser) {
  forgetOfflineTickets();
  unmarkTicketsKept();
  localStorage.setItem(STORAGE_KEYS.token, token);
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
}

export function writeUser(user: PublicUser) {
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
}

export function clearSession() {
  forgetOfflineTickets();
  unmarkTicketsKept();
  localStorage.removeItem(STORAGE_KEYS.token);
  localStorage.removeItem(STORAGE_KEYS.user);
}

/** The idle sign-out (decision 053 §5): the session goes, the tickets kept for the gate stay. */
export function clearSessionKeepingTickets() {
  markTicketsKept(readStoredUser()?.firstName ?? null);
  localStorage.removeItem(STORAGE_KEYS.token);
  localStorage.removeItem(STORAGE_KEYS.user);
}

export function readDarkMode(): string | null {
  return safeGet(STORAGE_KEYS.darkMode);
}

export function writeDarkMode(dark: boolean) {
  try {
    localStorage.setItem(STORAGE_KEYS.darkMode, String(dark));
  } catch {
    // Private mode without storage: the choice lasts for this page only.
  }
}
