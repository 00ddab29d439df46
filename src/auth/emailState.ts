import { useLocation } from '@tanstack/react-router';

/**
 * The email carried between the account pages (check-email, code, new password) travels in the
 * router's history state, as the spec says ("email carried in navigation state"): it stays out of
 * URLs and server logs, and the browser keeps it across a reload of the same entry.
 * See docs/decisions/ on carrying the email.
 */
declare module '@tanstack/react-router' {
  interface HistoryState {
    email?: string;
    /** The one-time reset token from a verified code, from the code page to the new-password page. */
    resetToken?: string;
  }
}

export function useCarriedEmail(): string {
  return useLocation({ select: (l) => l.state.email ?? '' });
}

export function useCarriedResetToken(): string {
  return useLocation({ select: (l) => l.state.resetToken ?? '' });
}
