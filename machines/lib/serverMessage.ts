/**
 * The server's own words on a failure, apart from the form helpers (./form.ts re-exports them): a
 * flow that only reads failures (the waiting room's) loads this and nothing else.
 */

/** The server's `{message}` when the failure carried one (the server's words first; callers fall back to their own). */
export function serverMessage(error: unknown): string | null {
  if (typeof error === 'object' && error !== null && 'serverMessage' in error) {
    const message = (error as { serverMessage: unknown }).serverMessage;
    if (typeof message === 'string' && message.length > 0) return message;
  }
  return null;
}

export function messageOr(error: unknown, fallback: string): string {
  return serverMessage(error) ?? fallback;
}
