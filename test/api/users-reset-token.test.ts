import { PassThrough } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256 } from '../../server/modules/auth/tokens';
import { codeFor, post, signedInAccount } from '../helpers/accounts';
import { testDatabases } from '../helpers/databases';
import { buildTestApp, type TestApp } from '../helpers/testApp';

/**
 * Setting a new password needs the one-time token that entering the right code returned: knowing
 * the email while the owner's reset window is open is not enough.
 */
describe.each(testDatabases)('accounts: the password reset token on $name', (database) => {
  let t: TestApp;
  let log = '';
  beforeAll(async () => {
    const stream = new PassThrough();
    stream.on('data', (chunk) => {
      log += chunk.toString();
    });
    t = await buildTestApp(database, {
      env: { RATE_LIMITS: 'off', LOG_LEVEL: 'debug' },
      config: { logStream: stream },
    });
  });
  afterAll(async () => t?.close());

  const NOT_VERIFIED = 'Please verify the code sent to your email before resetting your password.';
  const STRANGER_PASSWORD = 'Stranger#2026';
  const forgot = (email: string) => post(t, '/api/users/forgot-password', { email });
  const verify = (email: string, otp: string) => post(t, '/api/users/verify-otp', { email, otp });
  const reset = (body: object) => post(t, '/api/users/reset-password', body);
  const canSignIn = async (email: string, password: string) =>
    (await post(t, '/api/users/login', { email, password })).statusCode === 200;

  /** An account whose owner asked for a code and typed it: the reset window is open. */
  async function ownerMidReset() {
    const a = await signedInAccount(t);
    expect((await forgot(a.email)).statusCode).toBe(200);
    const res = await verify(a.email, await codeFor(t, a.email));
    expect(res.statusCode).toBe(200);
    const { resetToken } = res.json() as { resetToken: string };
    return { ...a, resetToken };
  }

  it('a stranger who knows only the email cannot set the password while the owner is mid-reset', async () => {
    const a = await ownerMidReset();
    const res = await reset({ email: a.email, newPassword: STRANGER_PASSWORD });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(NOT_VERIFIED);
    expect(await canSignIn(a.email, STRANGER_PASSWORD)).toBe(false);
    expect(await canSignIn(a.email, a.password)).toBe(true);
    // The owner's own token still works afterwards.
    expect(
      (await reset({ email: a.email, resetToken: a.resetToken, newPassword: 'Owner#2027' })).statusCode,
    ).toBe(200);
    expect(await canSignIn(a.email, 'Owner#2027')).toBe(true);
  });

  it.each([
    ['a made-up token', 'A'.repeat(43)],
    ['an empty token', ''],
    ['a malformed token', 'not a token'],
    ['a token of the wrong type', 12345],
  ])('%s: 400 and nothing changes', async (_label, resetToken) => {
    const a = await ownerMidReset();
    const res = await reset({ email: a.email, resetToken, newPassword: STRANGER_PASSWORD });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(NOT_VERIFIED);
    expect(await canSignIn(a.email, STRANGER_PASSWORD)).toBe(false);
    expect(await canSignIn(a.email, a.password)).toBe(true);
  });

  it('the token works once', async () => {
    const a = await ownerMidReset();
    const first = await reset({ email: a.email, resetToken: a.resetToken, newPassword: 'Owner#2027' });
    expect(first.statusCode).toBe(200);
    const again = await reset({ email: a.email, resetToken: a.resetToken, newPassword: STRANGER_PASSWORD });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(NOT_VERIFIED);
    expect(await canSignIn(a.email, 'Owner#2027')).toBe(true);
    expect(await canSignIn(a.email, STRANGER_PASSWORD)).toBe(false);
  });

  it('an expired token: 400, the window has passed, nothing changes', async () => {
    const a = await ownerMidReset();
    await t.deps.db.execute(
      sql`update password_reset_codes set verified_at = now() - interval '11 minutes' where user_id = ${a.user.id}`,
    );
    const res = await reset({ email: a.email, resetToken: a.resetToken, newPassword: 'Owner#2027' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Your code verification has expired. Please request a new code.');
    expect(await canSignIn(a.email, a.password)).toBe(true);
  });

  it("another account's token does not reset this account (nor the other one)", async () => {
    const victim = await ownerMidReset();
    const attacker = await ownerMidReset();
    const res = await reset({
      email: victim.email,
      resetToken: attacker.resetToken,
      newPassword: STRANGER_PASSWORD,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(NOT_VERIFIED);
    expect(await canSignIn(victim.email, victim.password)).toBe(true);
    expect(await canSignIn(attacker.email, attacker.password)).toBe(true);
    // Neither token was spent by the refused try.
    expect(
      (await reset({ email: attacker.email, resetToken: attacker.resetToken, newPassword: 'Other#2027' }))
        .statusCode,
    ).toBe(200);
    expect(
      (await reset({ email: victim.email, resetToken: victim.resetToken, newPassword: 'Owner#2027' }))
        .statusCode,
    ).toBe(200);
  });

  it('typing the code again issues a fresh token and retires the earlier one', async () => {
    const a = await signedInAccount(t);
    await forgot(a.email);
    const code = await codeFor(t, a.email);
    const first = (await verify(a.email, code)).json().resetToken as string;
    const second = (await verify(a.email, code)).json().resetToken as string;
    expect(second).not.toBe(first);
    expect(
      (await reset({ email: a.email, resetToken: first, newPassword: STRANGER_PASSWORD })).statusCode,
    ).toBe(400);
    expect((await reset({ email: a.email, resetToken: second, newPassword: 'Owner#2027' })).statusCode).toBe(
      200,
    );
  });

  it('a new code request retires a token not yet used', async () => {
    const a = await ownerMidReset();
    await forgot(a.email);
    const res = await reset({ email: a.email, resetToken: a.resetToken, newPassword: STRANGER_PASSWORD });
    expect(res.statusCode).toBe(400);
    expect(await canSignIn(a.email, a.password)).toBe(true);
  });

  it('is random, stored only as its SHA-256 hash, and never written to the log', async () => {
    const a = await ownerMidReset();
    const b = await ownerMidReset();
    expect(a.resetToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(a.resetToken).not.toBe(b.resetToken);
    const rows = (
      (await t.deps.db.execute(
        sql`select reset_token_hash from password_reset_codes where user_id = ${a.user.id}`,
      )) as unknown as { rows: { reset_token_hash: string }[] }
    ).rows;
    expect(rows[0]!.reset_token_hash).toBe(sha256(a.resetToken));
    const everything = JSON.stringify(
      ((await t.deps.db.execute(sql`select * from password_reset_codes`)) as unknown as { rows: unknown[] })
        .rows,
    );
    expect(everything).not.toContain(a.resetToken);
    await reset({ email: a.email, resetToken: a.resetToken, newPassword: 'Owner#2027' });
    expect(log.length).toBeGreaterThan(0);
    expect(log).not.toContain(a.resetToken);
    expect(log).not.toContain(b.resetToken);
  });
});
