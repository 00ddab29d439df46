import { PassThrough } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeFor, newAccount, outbox, post, signedInAccount } from '../helpers/accounts';
import { testDatabases } from '../helpers/databases';
import { buildTestApp, type TestApp } from '../helpers/testApp';

/** What the server writes to its log (decision 009; the other hardening rules are in hardening.test.ts). */

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

  it('ticket codes and check-in link tokens in URL paths never reach the log', async () => {
    const eventId = '7d0f3b52-8a7e-4d8e-9a57-3f7f2c1e9b10';
    const orderId = '5b1c2d3e-4f50-4a6b-8c7d-9e0f1a2b3c4d';
    const secret = (name: string) => `${name}-secret-9f8e7d6c5b4a`;
    const requests: { method: 'GET' | 'POST' | 'DELETE'; url: string; logged: string }[] = [
      {
        method: 'GET',
        url: `/api/tickets/code/${secret('code1')}`,
        logged: '/api/tickets/code/[redacted]',
      },
      {
        method: 'GET',
        url: `/api/tickets/code/${secret('code2')}/pdf`,
        logged: '/api/tickets/code/[redacted]/pdf',
      },
      {
        method: 'GET',
        url: `/api/tickets/code/${secret('code3')}/qr.svg?size=3`,
        logged: '/api/tickets/code/[redacted]/qr.svg?size=[redacted]',
      },
      {
        method: 'GET',
        url: `/api/orders/${orderId}/tickets/${secret('code4')}`,
        logged: `/api/orders/${orderId}/tickets/[redacted]`,
      },
      {
        method: 'GET',
        url: `/api/checkin/links/${secret('token5')}`,
        logged: '/api/checkin/links/[redacted]',
      },
      {
        method: 'POST',
        url: `/api/checkin/${eventId}/${secret('code6')}`,
        logged: `/api/checkin/${eventId}/[redacted]`,
      },
      {
        method: 'DELETE',
        url: `/api/checkin/${eventId}/${secret('code7')}`,
        logged: `/api/checkin/${eventId}/[redacted]`,
      },
      { method: 'GET', url: `/tickets/${secret('code8')}`, logged: '/tickets/[redacted]' },
    ];
    for (const r of requests) await t.app.inject({ method: r.method, url: r.url });
    for (const r of requests) expect(log).toContain(`"url":"${r.logged}"`);
    // Every secret above shares this tail: none of them is anywhere in the log.
    expect(log).not.toContain('secret-9f8e7d6c5b4a');
    // Routes at the same place whose words are not secrets keep them, so the log stays useful.
    await t.app.inject({ method: 'GET', url: `/api/checkin/${eventId}/list` });
    await t.app.inject({ method: 'POST', url: '/api/checkin/links/session' });
    // The guest search keeps its route word; what was searched (a name, a phone) is not logged.
    await t.app.inject({ method: 'GET', url: `/api/checkin/${eventId}/search?q=Ada%20Obi%2008031234567` });
    expect(log).toContain(`"url":"/api/checkin/${eventId}/search?q=[redacted]"`);
    expect(log).not.toContain('08031234567');
    expect(log).toContain(`"url":"/api/checkin/${eventId}/list"`);
    expect(log).toContain('"url":"/api/checkin/links/session"');
  });
});
