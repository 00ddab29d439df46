import { SIGNED_OUT_BY_PASSWORD } from '../../contract/users';

/**
 * Why this tab was signed out, when the server said so (a password changed on another device): kept
 * in sessionStorage across the move to /login, shown there once. Other endings keep their silence.
 */
const STORAGE_KEY = 'gatepass.signed-out';

export function keepSignedOutNotice(serverMessage: string | undefined) {
  if (serverMessage !== SIGNED_OUT_BY_PASSWORD) return;
  try {
    sessionStorage.setItem(STORAGE_KEY, serverMessage);
  } catch {
    // No storage: the sign-in page simply says nothing.
  }
}

export function readSignedOutNotice(): string | null {
  try {
    return sessionStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

export function clearSignedOutNotice() {
  try {
    sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // Nothing kept, nothing to clear.
  }
}
