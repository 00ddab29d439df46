import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authed, codeFor, lastMailTo, outbox, post, signedInAccount } from '../helpers/accounts';
import { testDatabases } from '../helpers/databases';
import { buildTestApp, type TestApp } from '../helpers/testApp';

describe.each(testDatabases)(
  'accounts: password reset by emailed code and change of password on $name',
  (database) => {
    let t: TestApp;
    beforeAll(async () => {
      t = await buildTestApp(database, { env: { RATE_LIMITS: 'off' } });
    });
    afterAll(async () => t?.close());

    const forgot = (email: string) => post(t, '/api/users/forgot-password', { email });
    const verifyOtp = (email: string, otp: string) => post(t, '/api/users/verify-otp', { email, otp });
    const reset = (email: string, newPassword: string, resetToken = 'A'.repeat(43)) =>
      post(t, '/api/users/reset-password', { email, resetToken, newPassword });
    const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const SENT =
      "If an account exists for this email, we've sent a 6-digit code to it. The code expires in 5 minutes.";

    describe('POST /api/users/forgot-password', () => {
      it('mails a 6-digit code that expires in 5 minutes, stored hashed', async () => {
        const a = await signedInAccount(t);
        const res = await forgot(a.email);
        expect(res.statusCode).toBe(200);
        expect(res.json().message).toBe(SENT);
        const mail = await lastMailTo(t, a.email, 'reset code');
        expect(mail.subject).toBe('Your Gatepass password reset code');
        const code = await codeFor(t, a.email);
        expect(mail.html).toContain(code);
        expect(mail.html).toContain('5 minutes');
        const rows = (
          (await t.deps.db.execute(
            sql`select code_hash, extract(epoch from (expires_at - created_at)) as secs
              from password_reset_codes where user_id = ${a.user.id}`,
          )) as unknown as { rows: { code_hash: string; secs: string | number }[] }
        ).rows;
        expect(rows).toHaveLength(1);
        expect(rows[0]!.code_hash).toMatch(/^[0-9a-f]{64}$/);
        expect(rows[0]!.code_hash).not.toContain(code);
        expect(Math.round(Number(rows[0]!.secs))).toBe(300);
      });

      it('answers the same for an unknown email and sends nothing', async () => {
        const before = (await outbox(t)).length;
        const res = await forgot('no.such.person@example.ng');
        expect(res.statusCode).toBe(200);
        expect(res.json().message).toBe(SENT);
        expect((await outbox(t)).length).toBe(before);
      });

      it('rejects an invalid email with 400', async () => {
        const res = await forgot('not-an-email');
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toBe('Invalid email address');
      });

      it('a new request replaces the old code', async () => {
        const a = await signedInAccount(t);
        await forgot(a.email);
        const first = await codeFor(t, a.email);
        let second = first;
        // Codes are random; a repeat is one in a million, so ask again until it differs.
        while (second === first) {
          await forgot(a.email);
          second = await codeFor(t, a.email);
        }
        const old = await verifyOtp(a.email, first);
        expect(old.statusCode).toBe(400);
        expect((await verifyOtp(a.email, second)).statusCode).toBe(200);
      });
    });

    describe('POST /api/users/verify-otp', () => {
      it('accepts the right code', async () => {
        const a = await signedInAccount(t);
        await forgot(a.email);
        const res = await verifyOtp(a.email, await codeFor(t, a.email));
        expect(res.statusCode).toBe(200);
        expect(res.json().message).toBe('Code verified! You can now set a new password.');
        expect(res.json().resetToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
      });

      it('counts wrong codes; after 5 the code is dead, even the right one', async () => {
        const a = await signedInAccount(t);
        await forgot(a.email);
        const code = await codeFor(t, a.email);
        const messages: string[] = [];
        for (let i = 0; i < 5; i++) {
          const res = await verifyOtp(a.email, wrongCode(code));
          expect(res.statusCode).toBe(400);
          messages.push(res.json().message);
        }
        expect(messages).toEqual([
          'Incorrect code. You have 4 attempts left.',
          'Incorrect code. You have 3 attempts left.',
          'Incorrect code. You have 2 attempts left.',
          'Incorrect code. You have 1 attempt left.',
          'Too many incorrect attempts. Please request a new code.',
        ]);
        const right = await verifyOtp(a.email, code);
        expect(right.statusCode).toBe(400);
        expect(right.json().message).toBe('Too many incorrect attempts. Please request a new code.');
        // A new code starts afresh.
        await forgot(a.email);
        expect((await verifyOtp(a.email, await codeFor(t, a.email))).statusCode).toBe(200);
      });

      it('parallel wrong guesses cannot exceed the limit', async () => {
        const a = await signedInAccount(t);
        await forgot(a.email);
        const code = await codeFor(t, a.email);
        const guesses = Array.from({ length: 12 }, (_, i) =>
          verifyOtp(a.email, String((Number(code) + i + 1) % 1_000_000).padStart(6, '0')),
        );
        await Promise.all(guesses);
        const rows = (
          (await t.deps.db.execute(
            sql`select failed_attempts from password_reset_codes where user_id = ${a.user.id}`,
          )) as unknown as { rows: { failed_attempts: number }[] }
        ).rows;
        expect(rows[0]!.failed_attempts).toBe(5);
        expect((await verifyOtp(a.email, code)).statusCode).toBe(400);
      });

      it('rejects an expired code', async () => {
        const a = await signedInAccount(t);
        await forgot(a.email);
        const code = await codeFor(t, a.email);
        await t.deps.db.execute(
          sql`update password_reset_codes set expires_at = now() - interval '1 second' where user_id = ${a.user.id}`,
        );
        const res = await verifyOtp(a.email, code);
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toBe('This code has expired. Please request a new code.');
      });

      it('without a requested code, or for an unknown email: "Invalid or expired OTP."', async () => {
        const a = await signedInAccount(t);
        for (const email of [a.email, 'nobody@example.ng']) {
          const res = await verifyOtp(email, '123456');
          expect(res.statusCode).toBe(400);
          expect(res.json().message).toBe('Invalid or expired OTP.');
        }
      });

      it.each(['12345', '1234567', 'abcdef', '12 456', ''])(
        'rejects the malformed code "%s" with 400',
        async (otp) => {
          const res = await verifyOtp('a@b.ng', otp);
          expect(res.statusCode).toBe(400);
          expect(res.json().message).toBe('OTP must be exactly 6 digits');
        },
      );
    });

    describe('POST /api/users/reset-password', () => {
      it('after a verified code: sets the password once, ends every session, mails a notice', async () => {
        const a = await signedInAccount(t);
        await forgot(a.email);
        const { resetToken } = (await verifyOtp(a.email, await codeFor(t, a.email))).json();
        const res = await reset(a.email, 'Abuja!2027', resetToken);
        expect(res.statusCode).toBe(200);
        expect(res.json().message).toBe(
          'Password reset successfully! You can now sign in with your new password.',
        );

        expect((await authed(t, 'GET', '/api/users/me', a.token)).statusCode).toBe(401);
        expect((await post(t, '/api/users/login', { email: a.email, password: a.password })).statusCode).toBe(
          401,
        );
        expect(
          (await post(t, '/api/users/login', { email: a.email, password: 'Abuja!2027' })).statusCode,
        ).toBe(200);
        expect((await lastMailTo(t, a.email)).subject).toBe('Your Gatepass password was changed');

        const again = await reset(a.email, 'Kano!2028x', resetToken);
        expect(again.statusCode).toBe(400);
        expect(again.json().message).toBe(
          'Please verify the code sent to your email before resetting your password.',
        );
      });

      it('without a verified code (none, or only requested), or for an unknown email: 400', async () => {
        const a = await signedInAccount(t);
        for (const email of [a.email, 'nobody@example.ng']) {
          const res = await reset(email, 'Abuja!2027');
          expect(res.statusCode).toBe(400);
          expect(res.json().message).toBe(
            'Please verify the code sent to your email before resetting your password.',
          );
        }
        await forgot(a.email);
        const unverified = await reset(a.email, 'Abuja!2027');
        expect(unverified.statusCode).toBe(400);
        expect((await post(t, '/api/users/login', { email: a.email, password: a.password })).statusCode).toBe(
          200,
        );
      });

      it('more than 10 minutes after the code was verified: 400', async () => {
        const a = await signedInAccount(t);
        await forgot(a.email);
        const { resetToken } = (await verifyOtp(a.email, await codeFor(t, a.email))).json();
        await t.deps.db.execute(
          sql`update password_reset_codes set verified_at = now() - interval '11 minutes' where user_id = ${a.user.id}`,
        );
        const res = await reset(a.email, 'Abuja!2027', resetToken);
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toBe('Your code verification has expired. Please request a new code.');
      });

      it.each([
        ['short', 'Ab#1', 'Password must be at least 8 characters long'],
        ['no special', 'abcdefg1', 'Password must contain a number and a special character'],
      ])('rejects a %s password with 400', async (_label, newPassword, message) => {
        const res = await reset('a@b.ng', newPassword);
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toBe(message);
      });
    });

    describe('POST /api/users/change-password', () => {
      it('needs the current password; keeps this session, ends the others', async () => {
        const a = await signedInAccount(t);
        const other = await post(t, '/api/users/login', { email: a.email, password: a.password });
        const otherToken = other.json().token as string;

        const wrong = await authed(t, 'POST', '/api/users/change-password', a.token, {
          currentPassword: 'Nope#2026',
          newPassword: 'Abuja!2027',
          confirmPassword: 'Abuja!2027',
        });
        expect(wrong.statusCode).toBe(400);
        expect(wrong.json().message).toBe('Current password is incorrect.');

        const mismatch = await authed(t, 'POST', '/api/users/change-password', a.token, {
          currentPassword: a.password,
          newPassword: 'Abuja!2027',
          confirmPassword: 'Abuja!2028',
        });
        expect(mismatch.statusCode).toBe(400);
        expect(mismatch.json().message).toBe('Passwords do not match');

        const weak = await authed(t, 'POST', '/api/users/change-password', a.token, {
          currentPassword: a.password,
          newPassword: 'abcdefgh',
          confirmPassword: 'abcdefgh',
        });
        expect(weak.statusCode).toBe(400);
        expect(weak.json().message).toBe('Password must contain a number and a special character');

        const ok = await authed(t, 'POST', '/api/users/change-password', a.token, {
          currentPassword: a.password,
          newPassword: 'Abuja!2027',
          confirmPassword: 'Abuja!2027',
        });
        expect(ok.statusCode).toBe(200);
        expect(ok.json().message).toBe(
          'Password changed successfully! Your other sessions have been signed out.',
        );
        expect((await authed(t, 'GET', '/api/users/me', a.token)).statusCode).toBe(200);
        expect((await authed(t, 'GET', '/api/users/me', otherToken)).statusCode).toBe(401);
        expect(
          (await post(t, '/api/users/login', { email: a.email, password: 'Abuja!2027' })).statusCode,
        ).toBe(200);

        const anonymous = await authed(t, 'POST', '/api/users/change-password', undefined, {
          currentPassword: a.password,
          newPassword: 'Abuja!2027',
          confirmPassword: 'Abuja!2027',
        });
        expect(anonymous.statusCode).toBe(401);
      });
    });
  },
);
