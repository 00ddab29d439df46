import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The waiting room's pass (decision 059): proof that this account was admitted for this event, until
 * an expiry. `v1.<expiry unix seconds>.<HMAC-SHA256 over "v1|event|user|expiry">`. The event and the
 * account are not in the token: the checkout knows both (the body's event, the session's user), so a
 * pass copied to another account or event fails the MAC. The key is derived from the ticket signing
 * key (TicketSigner.secretFor), so every process verifies every other's passes without a lookup:
 * checking one costs one HMAC, no database read on the hot checkout path.
 */

export type PassCheck = { ok: true } | { ok: false; reason: 'missing' | 'invalid' | 'expired' };

export type PassKeeper = {
  issue(eventId: string, userId: string, expiresAt: Date): string;
  check(eventId: string, userId: string, pass: string | undefined, nowMs: number): PassCheck;
};

export const PASS_PURPOSE = 'onsale-pass-v1';

const mac = (key: Buffer, eventId: string, userId: string, expSeconds: number) =>
  createHmac('sha256', key).update(`v1|${eventId}|${userId}|${expSeconds}`).digest();

export function passKeeper(key: Buffer): PassKeeper {
  return {
    issue(eventId, userId, expiresAt) {
      const exp = Math.floor(expiresAt.getTime() / 1000);
      return `v1.${exp}.${mac(key, eventId, userId, exp).toString('base64url')}`;
    },
    check(eventId, userId, pass, nowMs) {
      if (!pass) return { ok: false, reason: 'missing' };
      const [version, expText, sig] = pass.split('.');
      if (version !== 'v1' || !expText || !sig || !/^\d{1,12}$/.test(expText))
        return { ok: false, reason: 'invalid' };
      const exp = Number(expText);
      const given = Buffer.from(sig, 'base64url');
      const expected = mac(key, eventId, userId, exp);
      // The MAC first: an expiry is only news when the pass is ours.
      if (given.length !== expected.length || !timingSafeEqual(given, expected))
        return { ok: false, reason: 'invalid' };
      if (exp * 1000 <= nowMs) return { ok: false, reason: 'expired' };
      return { ok: true };
    },
  };
}
