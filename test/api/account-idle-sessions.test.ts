import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../server/db/schema';
import { IDLE_GRACE_SECONDS } from '../../server/modules/auth/sessionLookup';
import { sha256 } from '../../server/modules/auth/tokens';
import { authed, signedInAccount } from '../helpers/accounts';
import { testDatabases } from '../helpers/databases';
import { buildTestApp, type TestApp } from '../helpers/testApp';

describe.each(testDatabases)('accounts: the server ends idle sessions on $name', (database) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(database);
  });
  afterAll(async () => t?.close());

  const sessionOf = async (token: string) => {
    const [row] = await t.deps.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, sha256(token)));
    return row!;
  };
  /** Moves the session's last activity `seconds` into the past, as if its owner walked away. */
  const idleFor = (token: string, seconds: number) =>
    t.deps.db
      .update(sessions)
      .set({ lastActiveAt: sql`now() - make_interval(secs => ${seconds})` })
      .where(eq(sessions.tokenHash, sha256(token)));

  /** An account that chose 5 minutes under Timeouts (the shortest; role defaults: idle-minutes-by-role). */
  const fiveMinuteAccount = async () => {
    const a = await signedInAccount(t);
    expect(
      (await authed(t, 'PUT', '/api/users/me/settings', a.token, { inactivityMinutes: 5 })).statusCode,
    ).toBe(200);
    return a;
  };

  it('rejects (401) and ends a session idle longer than its 5 minutes', async () => {
    const a = await fiveMinuteAccount();
    await idleFor(a.token, 5 * 60 + IDLE_GRACE_SECONDS + 5);
    const res = await authed(t, 'GET', '/api/users/me', a.token);
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Your session has expired. Please sign in again.');
    expect((await sessionOf(a.token)).revokedAt).not.toBeNull();
    // Ended, not just refused: fresh activity afterwards cannot bring it back.
    await idleFor(a.token, 0);
    expect((await authed(t, 'GET', '/api/users/me', a.token)).statusCode).toBe(401);
    expect((await authed(t, 'POST', '/api/users/me/activity', a.token)).statusCode).toBe(401);
  });

  it('keeps a session within its timeout plus the one-minute reporting allowance', async () => {
    const a = await fiveMinuteAccount();
    await idleFor(a.token, 5 * 60 + IDLE_GRACE_SECONDS - 20);
    expect((await authed(t, 'GET', '/api/users/me', a.token)).statusCode).toBe(200);
    expect((await sessionOf(a.token)).revokedAt).toBeNull();
  });

  it("follows the owner's chosen timeout (15 minutes) and a change of it", async () => {
    const a = await signedInAccount(t);
    expect(
      (await authed(t, 'PUT', '/api/users/me/settings', a.token, { inactivityMinutes: 15 })).statusCode,
    ).toBe(200);
    await idleFor(a.token, 12 * 60);
    expect((await authed(t, 'GET', '/api/users/me', a.token)).statusCode).toBe(200);
    await idleFor(a.token, 15 * 60 + IDLE_GRACE_SECONDS + 5);
    expect((await authed(t, 'GET', '/api/users/me', a.token)).statusCode).toBe(401);

    const b = await signedInAccount(t);
    await authed(t, 'PUT', '/api/users/me/settings', b.token, { inactivityMinutes: 10 });
    await idleFor(b.token, 10 * 60 + IDLE_GRACE_SECONDS + 5);
    expect((await authed(t, 'GET', '/api/users/me', b.token)).statusCode).toBe(401);
  });

  it('does not count requests (polling) as activity; only reported activity moves the idle clock', async () => {
    const a = await fiveMinuteAccount();
    await idleFor(a.token, 4 * 60);
    const before = (await sessionOf(a.token)).lastActiveAt;
    for (const url of ['/api/users/me', '/api/users/sessions', '/api/orders/mine', '/api/users/me']) {
      expect((await authed(t, 'GET', url, a.token)).statusCode).toBe(200);
    }
    expect((await sessionOf(a.token)).lastActiveAt).toEqual(before);

    const reported = await authed(t, 'POST', '/api/users/me/activity', a.token);
    expect(reported.statusCode).toBe(204);
    const after = (await sessionOf(a.token)).lastActiveAt;
    expect(after.getTime()).toBeGreaterThan(before.getTime() + 3 * 60_000);
    // The session that reported activity outlives the point where it would have been idle.
    await idleFor(a.token, 3 * 60);
    expect((await authed(t, 'GET', '/api/users/me', a.token)).statusCode).toBe(200);
  });

  it('needs a session to report activity', async () => {
    expect((await authed(t, 'POST', '/api/users/me/activity', undefined)).statusCode).toBe(401);
  });

  it('ends only the idle session: another device of the same account that is active carries on', async () => {
    const a = await fiveMinuteAccount();
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: a.email, password: a.password },
    });
    const second = login.json().token as string;
    await idleFor(a.token, 5 * 60 + IDLE_GRACE_SECONDS + 5);
    expect((await authed(t, 'GET', '/api/users/me', a.token)).statusCode).toBe(401);
    expect((await authed(t, 'GET', '/api/users/me', second)).statusCode).toBe(200);
  });
});
