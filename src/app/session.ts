import { useSyncExternalStore } from 'react';
import { readToken, STORAGE_KEYS } from './storage';

/**
 * "Authenticated" is simply whether a token is stored (spec §4). Other tabs report changes through
 * the storage event; this tab announces its own through SESSION_CHANGED.
 */
export const SESSION_CHANGED = 'gatepass:session-changed';

function subscribe(onChange: () => void) {
  const onStorage = (e: StorageEvent) => {
    if (e.key === null || e.key === STORAGE_KEYS.token || e.key === STORAGE_KEYS.user) onChange();
  };
  window.addEventListener('storage', onStorage);
  window.addEventListener(SESSION_CHANGED, onChange);
  return () => {
    window.removeEventListener('storage', onStorage);
    window.removeEventListener(SESSION_CHANGED, onChange);
  };
}

export function isAuthenticated(): boolean {
  return readToken() !== null;
}

export function useIsAuthenticated(): boolean {
  return useSyncExternalStore(subscribe, isAuthenticated, () => false);
}

export function announceSessionChange() {
  window.dispatchEvent(new Event(SESSION_CHANGED));
}
