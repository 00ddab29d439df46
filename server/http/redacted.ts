/** What a secret is replaced with in logs. */
export const REDACTED = '[redacted]';
