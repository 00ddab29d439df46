import { PassThrough } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeFor, newAccount, outbox, post, signedInAccount } from '../helpers/accounts';
import { testDatabases } from '../helpers/databases';
import { buildTestApp, type TestApp } from '../helpers/testApp';

/** Issue 12, point 5 (the other points are in hardening.test.ts): what the server writes to its log. */

describe.each(testDatabases)('5. no secret reaches the log on $name', (database) => {
  let t: TestApp;
  let log = '';
  beforeAll(async () => {
    const stream = new PassThrough();
    stream.on('data', (chunk) => {
      log += chunk.toString();
    });
    t = await buildTestApp(database, { env: { LOG_LEVEL: 'debug' }, config: { logStream: stream } });
  });
  afterAll(async () => t?.close());

  it('a failing INSERT of a new user is logged without its parameters (argon2 hash, password, email)', async () => {
    // Make the next sign-up fail inside PostgreSQL, after its password was hashed.
    await t.deps.db.execute(sql`alter table users add constraint no_boom check (first_name <> 'Boom')`);
    try {
      const account = newAccount({
        firstName: 'Boom',
        password: 'Secret#Pass2026',
        confirmPassword: 'Secret#Pass2026',
      });
      const res = await post(t, '/api/users/register', account);
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ message: 'Something went wrong on our side. Please try again.' });
      expect(res.body).not.toContain('argon2');
      // The failure is in the log, with what a developer needs...
      expect(log).toContain('unhandled error');
      expect(log).toContain('Failed query: insert into \\"users\\"');
      expect(log).toContain('no_boom');
      // ...and none of the values.
      expect(log).not.toContain('$argon2');
      expect(log).not.toContain('Secret#Pass2026');
      expect(log).not.toContain(account.email);
    } finally {
      await t.deps.db.execute(sql`alter table users drop constraint no_boom`);
    }
  });

  it('tokens in logged URLs, bearer tokens and emailed codes never reach the log', async () => {
    const account = await signedInAccount(t);
    const linkToken = 'fake-token-to-look-for-in-the-log';
    await t.app.inject({ method: 'GET', url: `/api/users/verify-email?token=${linkToken}` });
    await t.app.inject({
      method: 'GET',
      url: '/api/users/me',
      headers: { authorization: `Bearer ${account.token}` },
    });
    expect((await post(t, '/api/users/forgot-password', { email: account.email })).statusCode).toBe(200);
    const code = await codeFor(t, account.email);
    const mails = await outbox(t);
    const link = mails.map((m) => /token=([A-Za-z0-9_%-]+)/.exec(m.text)?.[1]).find(Boolean);

    expect(log).toContain('/api/users/verify-email?token=[redacted]');
    expect(log).toContain('mail stored in outbox');
    expect(log).not.toContain(linkToken);
    expect(log).not.toContain(account.token);
    expect(log).not.toContain(`Your code: ${code}`);
    expect(link && log.includes(link)).toBe(false);
  });
});
