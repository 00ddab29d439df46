import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authed, post, signedInAccount } from '../helpers/accounts';
import { testDatabases } from '../helpers/databases';
import { buildTestApp, type TestApp } from '../helpers/testApp';

/**
 * A device signed out by a password change elsewhere is told why on its next request (the SPA shows
 * the sentence on the sign-in page), instead of a bare "expired"; other endings keep their words.
 */
describe.each(testDatabases)('signed out elsewhere: the reason travels on $name', (database) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(database, { env: { RATE_LIMITS: 'off' } });
    // The first file after a new migration makes the PGlite template (test/helpers/pgliteTemplate.ts).
  }, 240_000);
  afterAll(async () => t?.close());

  const BY_PASSWORD = 'You were signed out because your password was changed. Sign in with the new password.';

  it('a password changed in one browser: the other hears why, the changing one stays signed in', async () => {
    const a = await signedInAccount(t);
    const other = (await post(t, '/api/users/login', { email: a.email, password: a.password })).json()
      .token as string;
    const changed = await authed(t, 'POST', '/api/users/change-password', a.token, {
      currentPassword: a.password,
      newPassword: 'Abuja!2027',
      confirmPassword: 'Abuja!2027',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const me = await authed(t, 'GET', '/api/users/me', other);
    expect(me.statusCode).toBe(401);
    expect(me.json()).toEqual({ message: BY_PASSWORD });
    expect((await authed(t, 'GET', '/api/users/me', a.token)).statusCode).toBe(200);
    // The sentence names no secret and is the same on every guarded route.
    const orders = await authed(t, 'GET', '/api/orders/mine', other);
    expect(orders.statusCode).toBe(401);
    expect(orders.json().message).toBe(BY_PASSWORD);
  });

  it('signing out, or a token never issued, keeps the usual words', async () => {
    const a = await signedInAccount(t);
    expect((await authed(t, 'POST', '/api/users/logout', a.token)).statusCode).toBeLessThan(300);
    const me = await authed(t, 'GET', '/api/users/me', a.token);
    expect(me.statusCode).toBe(401);
    expect(me.json().message).toBe('Your session has expired. Please sign in again.');
    const stranger = await authed(t, 'GET', '/api/users/me', 'x'.repeat(43));
    expect(stranger.json().message).toBe('Your session has expired. Please sign in again.');
  });
});
