import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginResponse, userResponse } from '../../contract/users';
import { SAMPLE_ORGANISER } from '../../server/seed/sample-events';
import {
  authed,
  lastMailTo,
  linkTokenFor,
  newAccount,
  outbox,
  post,
  signedInAccount,
} from '../helpers/accounts';
import { testDatabases } from '../helpers/databases';
import { buildTestApp, type TestApp } from '../helpers/testApp';

describe.each(testDatabases)('accounts: sign-up, verification, sign-in, profile on $name', (database) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(database, {
      seed: true,
      env: { APP_URL: 'https://gatepass.example', RATE_LIMITS: 'off' },
    });
  });
  afterAll(async () => t?.close());

  const verify = (token: string) =>
    t.app.inject({ method: 'GET', url: `/api/users/verify-email?token=${encodeURIComponent(token)}` });

  describe('POST /api/users/register', () => {
    it('creates the account (201), stores an argon2id hash and mails a 24-hour verification link', async () => {
      const account = newAccount();
      const res = await post(t, '/api/users/register', account);
      expect(res.statusCode).toBe(201);
      expect(res.json().message).toBe(
        'Registration successful! Please check your email to verify your account.',
      );

      const mail = await lastMailTo(t, account.email);
      expect(mail.subject).toBe('Verify your email address');
      expect(mail.text).toMatch(/https:\/\/gatepass\.example\/verify-email\?token=[A-Za-z0-9_-]{40,}/);
      expect(mail.html).toContain('https://gatepass.example/verify-email?token=');
      expect(mail.html).toContain('#046c4e');

      const rows = await t.deps.db.execute(
        sql`select u.password_hash, t.token_hash, t.expires_at - t.created_at as ttl
            from users u join email_tokens t on t.user_id = u.id where u.email = ${account.email}`,
      );
      const row = (rows as unknown as { rows: Record<string, unknown>[] }).rows[0]!;
      expect(String(row.password_hash)).toMatch(/^\$argon2id\$/);
      expect(String(row.password_hash)).not.toContain(account.password);
      // The token is stored hashed: the link's token is not in the table.
      const token = await linkTokenFor(t, account.email);
      expect(String(row.token_hash)).not.toBe(token);
      expect(String(row.token_hash)).toMatch(/^[0-9a-f]{64}$/);
      expect(JSON.stringify(row.ttl)).toMatch(/24:00:00|"hours":24|1 day/);
    });

    it.each([
      [{ firstName: '' }, 'First name is required'],
      [{ firstName: '   ' }, 'First name is required'],
      [{ lastName: '' }, 'Last name is required'],
      [{ username: 'ab' }, 'Username must be at least 3 characters long'],
      [{ email: 'not-an-email' }, 'Invalid email address'],
      [{ password: 'Ab#1', confirmPassword: 'Ab#1' }, 'Password must be at least 8 characters long'],
      [
        { password: 'abcdefgh', confirmPassword: 'abcdefgh' },
        'Password must contain a number and a special character',
      ],
      [
        { password: 'abcdefg1', confirmPassword: 'abcdefg1' },
        'Password must contain a number and a special character',
      ],
      [
        { password: 'abcdefg#', confirmPassword: 'abcdefg#' },
        'Password must contain a number and a special character',
      ],
      [{ confirmPassword: 'Lagos#2027' }, 'Passwords do not match'],
    ])('rejects %o with 400 "%s"', async (change, message) => {
      const res = await post(t, '/api/users/register', { ...newAccount(), ...change });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain(message);
    });

    it('rejects a missing body field with 400 and a message', async () => {
      const { email: _omit, ...rest } = newAccount();
      const res = await post(t, '/api/users/register', rest);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain('Invalid email address');
    });

    it('answers 409 for a duplicate email or username, whatever their case', async () => {
      const first = newAccount();
      expect((await post(t, '/api/users/register', first)).statusCode).toBe(201);

      const sameEmail = await post(
        t,
        '/api/users/register',
        newAccount({ email: first.email.toUpperCase() }),
      );
      expect(sameEmail.statusCode).toBe(409);
      expect(sameEmail.json().message).toBe('An account with this email already exists.');

      const sameUsername = await post(
        t,
        '/api/users/register',
        newAccount({ username: first.username.toUpperCase() }),
      );
      expect(sameUsername.statusCode).toBe(409);
      expect(sameUsername.json().message).toBe('This username is already taken.');
    });
  });

  describe('GET /api/users/verify-email and POST /api/users/resend-verification-email', () => {
    it('verifies once; the same link then says it was used', async () => {
      const account = newAccount();
      await post(t, '/api/users/register', account);
      const token = await linkTokenFor(t, account.email);
      const ok = await verify(token);
      expect(ok.statusCode).toBe(200);
      expect(ok.json().message).toBe('Email verified successfully!');
      const again = await verify(token);
      expect(again.statusCode).toBe(400);
      expect(again.json().message).toBe('This verification link has already been used.');
    });

    it('rejects an empty, missing or unknown token with 400 and a clear message', async () => {
      for (const url of [
        '/api/users/verify-email',
        '/api/users/verify-email?token=',
        '/api/users/verify-email?token=%20',
      ]) {
        const res = await t.app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(400);
        expect(res.json().message).toBe('Invalid verification link.');
      }
      const unknown = await verify('x'.repeat(43));
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().message).toBe('This verification link is invalid. Please request a new one.');
    });

    it('rejects an expired link; a resent link works and kills the older one', async () => {
      const account = newAccount();
      await post(t, '/api/users/register', account);
      const old = await linkTokenFor(t, account.email);
      await t.deps.db.execute(
        sql`update email_tokens set expires_at = now() - interval '1 minute'
            where user_id = (select id from users where email = ${account.email})`,
      );
      const expired = await verify(old);
      expect(expired.statusCode).toBe(400);
      expect(expired.json().message).toBe('This verification link has expired. Please request a new one.');

      const resend = await post(t, '/api/users/resend-verification-email', { email: account.email });
      expect(resend.statusCode).toBe(200);
      expect(resend.json().message).toBe('Verification email sent successfully!');
      const fresh = await linkTokenFor(t, account.email);
      expect(fresh).not.toBe(old);
      expect((await verify(fresh)).statusCode).toBe(200);

      // A verified address answers like any other (who has an account is nobody's business) and
      // gets no new link.
      const mailsBefore = (await outbox(t)).length;
      const resendVerified = await post(t, '/api/users/resend-verification-email', { email: account.email });
      expect(resendVerified.statusCode).toBe(200);
      expect(resendVerified.json()).toEqual({ message: 'Verification email sent successfully!' });
      expect((await outbox(t)).length).toBe(mailsBefore);
    });

    it('resend answers the same for an unknown email and sends nothing; a bad email is 400', async () => {
      const before = (await outbox(t)).length;
      const res = await post(t, '/api/users/resend-verification-email', { email: 'nobody.here@example.ng' });
      expect(res.statusCode).toBe(200);
      expect(res.json().message).toBe('Verification email sent successfully!');
      expect((await outbox(t)).length).toBe(before);
      const bad = await post(t, '/api/users/resend-verification-email', { email: 'nope' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toBe('Invalid email address');
    });
  });

  describe('POST /api/users/login', () => {
    it('signs in the verified sample organiser', async () => {
      const res = await post(t, '/api/users/login', {
        email: SAMPLE_ORGANISER.email,
        password: SAMPLE_ORGANISER.password,
      });
      expect(res.statusCode).toBe(200);
      const body = loginResponse.parse(res.json());
      expect(body.user.email).toBe(SAMPLE_ORGANISER.email);
      expect(body.user._id).toBe(body.user.id);
      expect(body.token.length).toBeGreaterThan(30);
      expect(JSON.stringify(body)).not.toContain('password');
    });

    it('refuses an unverified account with 403 and the exact message', async () => {
      const account = newAccount();
      await post(t, '/api/users/register', account);
      const res = await post(t, '/api/users/login', { email: account.email, password: account.password });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('Please verify your email before logging in.');
    });

    it('answers 401 "Invalid email or password." for a wrong password and an unknown email alike', async () => {
      const account = await signedInAccount(t);
      const wrong = await post(t, '/api/users/login', { email: account.email, password: 'Wrong#2026' });
      const unknown = await post(t, '/api/users/login', {
        email: 'ghost@example.ng',
        password: 'Wrong#2026',
      });
      for (const res of [wrong, unknown]) {
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual({ message: 'Invalid email or password.' });
      }
    });

    it('accepts the email in any case', async () => {
      const account = await signedInAccount(t);
      const res = await post(t, '/api/users/login', {
        email: account.email.toUpperCase(),
        password: account.password,
      });
      expect(res.statusCode).toBe(200);
    });

    it('validates the body: invalid email, empty password', async () => {
      const a = await post(t, '/api/users/login', { email: 'x', password: 'abc' });
      expect(a.statusCode).toBe(400);
      expect(a.json().message).toBe('Invalid email address');
      const b = await post(t, '/api/users/login', { email: 'a@b.ng', password: '' });
      expect(b.statusCode).toBe(400);
      expect(b.json().message).toBe('Password is required');
    });

    it('Remember me: 30 days; otherwise 24 hours', async () => {
      const account = await signedInAccount(t);
      await post(t, '/api/users/login', {
        email: account.email,
        password: account.password,
        rememberMe: true,
      });
      const res = await t.deps.db.execute(
        sql`select remember_me, extract(epoch from (expires_at - created_at)) / 3600 as hours from sessions
            where user_id = ${account.user.id} order by created_at`,
      );
      const rows = (res as unknown as { rows: { remember_me: boolean; hours: string | number }[] }).rows;
      expect(rows.map((r) => [r.remember_me, Math.round(Number(r.hours))])).toEqual([
        [false, 24],
        [true, 720],
      ]);
    });
  });

  describe('GET /api/users/me and PUT /api/users/:id', () => {
    it('GET /me returns the signed-in user; without a token it is 401', async () => {
      const account = await signedInAccount(t);
      const res = await authed(t, 'GET', '/api/users/me', account.token);
      expect(res.statusCode).toBe(200);
      expect(userResponse.parse(res.json()).user).toMatchObject({
        id: account.user.id,
        username: account.username,
        email: account.email,
        // No Timeouts choice yet, no event, no team: an attendee's 30 minutes (decision 053 §5).
        inactivityMinutes: 30,
        inactivityChosen: false,
        concurrentSessions: true,
        pendingEmail: null,
      });
      const anonymous = await authed(t, 'GET', '/api/users/me');
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json()).toEqual({ message: 'Please sign in to continue.' });
      const garbage = await authed(t, 'GET', '/api/users/me', 'not-a-token');
      expect(garbage.statusCode).toBe(401);
      expect(garbage.json()).toEqual({ message: 'Your session has expired. Please sign in again.' });
    });

    it('updates names and username; 403 for another user’s id; 409 for a taken username', async () => {
      const a = await signedInAccount(t);
      const b = await signedInAccount(t);
      const body = { firstName: 'Ngozi', lastName: 'Eze', username: `${a.username}_x`, email: a.email };
      const ok = await authed(t, 'PUT', `/api/users/${a.user.id}`, a.token, body);
      expect(ok.statusCode).toBe(200);
      expect(ok.json().message).toBe('Profile updated successfully!');
      expect(userResponse.parse(ok.json()).user).toMatchObject({
        firstName: 'Ngozi',
        lastName: 'Eze',
        pendingEmail: null,
      });

      const other = await authed(t, 'PUT', `/api/users/${b.user.id}`, a.token, body);
      expect(other.statusCode).toBe(403);
      expect(other.json().message).toBe('You can only update your own profile.');

      const taken = await authed(t, 'PUT', `/api/users/${a.user.id}`, a.token, {
        ...body,
        username: b.username.toUpperCase(),
      });
      expect(taken.statusCode).toBe(409);
      expect(taken.json().message).toBe('This username is already taken.');

      const invalid = await authed(t, 'PUT', `/api/users/${a.user.id}`, a.token, { ...body, firstName: '' });
      expect(invalid.statusCode).toBe(400);
      expect(invalid.json().message).toBe('First name is required');

      const anonymous = await authed(t, 'PUT', `/api/users/${a.user.id}`, undefined, body);
      expect(anonymous.statusCode).toBe(401);
    });

    it('a new email waits as pendingEmail until the link mailed to it is opened', async () => {
      const a = await signedInAccount(t);
      const b = await signedInAccount(t);
      const base = { firstName: a.firstName, lastName: a.lastName, username: a.username };

      const dup = await authed(t, 'PUT', `/api/users/${a.user.id}`, a.token, { ...base, email: b.email });
      expect(dup.statusCode).toBe(409);
      expect(dup.json().message).toBe('An account with this email already exists.');

      const newEmail = `new.${a.email}`;
      const res = await authed(t, 'PUT', `/api/users/${a.user.id}`, a.token, { ...base, email: newEmail });
      expect(res.statusCode).toBe(200);
      const user = userResponse.parse(res.json()).user;
      expect(user.email).toBe(a.email);
      expect(user.pendingEmail).toBe(newEmail);
      expect(res.json().message).toContain('Profile updated successfully!');

      // Still signs in with the old address until confirmed.
      expect((await post(t, '/api/users/login', { email: newEmail, password: a.password })).statusCode).toBe(
        401,
      );
      const token = await linkTokenFor(t, newEmail, 'Confirm your new email');
      const confirmed = await verify(token);
      expect(confirmed.statusCode).toBe(200);
      expect(confirmed.json().message).toBe(
        'Your new email address is confirmed. Use it to sign in from now on.',
      );

      const me = userResponse.parse((await authed(t, 'GET', '/api/users/me', a.token)).json()).user;
      expect(me.email).toBe(newEmail);
      expect(me.pendingEmail).toBeNull();
      expect((await post(t, '/api/users/login', { email: newEmail, password: a.password })).statusCode).toBe(
        200,
      );
      expect((await verify(token)).json().message).toBe('This verification link has already been used.');
    });

    it('submitting the current email again cancels a pending change and its link', async () => {
      const a = await signedInAccount(t);
      const base = { firstName: a.firstName, lastName: a.lastName, username: a.username };
      const pending = `pending.${a.email}`;
      await authed(t, 'PUT', `/api/users/${a.user.id}`, a.token, { ...base, email: pending });
      const token = await linkTokenFor(t, pending, 'Confirm your new email');
      const cancel = await authed(t, 'PUT', `/api/users/${a.user.id}`, a.token, { ...base, email: a.email });
      expect(userResponse.parse(cancel.json()).user.pendingEmail).toBeNull();
      expect((await verify(token)).statusCode).toBe(400);
    });
  });

  describe('POST /api/users/logout', () => {
    it('ends the session: the token no longer works', async () => {
      const a = await signedInAccount(t);
      const res = await authed(t, 'POST', '/api/users/logout', a.token);
      expect(res.statusCode).toBe(200);
      expect(res.json().message).toBe('You have been signed out.');
      const after = await authed(t, 'GET', '/api/users/me', a.token);
      expect(after.statusCode).toBe(401);
      expect((await authed(t, 'POST', '/api/users/logout')).statusCode).toBe(401);
    });
  });
});
