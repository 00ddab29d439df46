import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/**
 * Secrets that leave the server (session tokens, email links, reset codes) come from the CSPRNG
 * and are stored only as SHA-256 hashes, so a leaked database row cannot be replayed.
 */

/** 32 random bytes, URL-safe: bearer tokens and email-link tokens. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Six decimal digits, uniform (randomInt avoids modulo bias), leading zeros kept. */
export function newOtp(): string {
  return randomInt(0, 1_000_000).toString().padStart(6, '0');
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/**
 * Reset codes are hashed with the user id, so equal codes of two users never share a hash.
 * (A six-digit code can be brute-forced from its hash offline; it lives five minutes.)
 */
export function otpHash(userId: string, otp: string): string {
  return sha256(`${userId}:${otp}`);
}

/** Constant-time comparison of two hex digests. */
export function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && x.length > 0 && timingSafeEqual(x, y);
}
