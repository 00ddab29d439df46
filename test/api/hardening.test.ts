import { once } from 'node:events';
import net from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routesOf } from '../../server/http/routeCatalogue';
import { requireUser } from '../../server/modules/auth/plugin';
import { linkTokenFor, newAccount, post, signedInAccount } from '../helpers/accounts';
import { type TestDatabase, testDatabases } from '../helpers/databases';
import { buildTestApp, type TestApp } from '../helpers/testApp';

/**
 * Focused tests for each hardening rule of decision 009 (the fuzz test in fuzz.test.ts covers every route at random);
 * what reaches the log is in hardening-logs.test.ts.
 */

const json = { 'content-type': 'application/json' };
const expectOurError = (res: { statusCode: number; headers: Record<string, unknown>; body: string }) => {
  const body = JSON.parse(res.body);
  expect(
    Object.keys(body).every((k) => k === 'message' || k === 'errors'),
    res.body,
  ).toBe(true);
  expect(typeof body.message).toBe('string');
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  return body as { message: string; errors?: { path: string; message: string }[] };
};

describe.each(testDatabases)('hardening on $name', (database: TestDatabase) => {
  let t: TestApp;
  const storedRows = async () => {
    const result = await t.deps.db.execute(
      sql`select (select count(*) from contact_messages) + (select count(*) from newsletter_subscribers) + (select count(*) from users) as n`,
    );
    const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as { n: unknown }[];
    return Number(rows[0]?.n);
  };
  beforeAll(async () => {
    t = await buildTestApp(database, { seed: true });
  });
  afterAll(async () => t?.close());

  describe('1. control characters are a 400 naming the field, never a database error', () => {
    it.each([
      [
        '/api/contact',
        { firstName: 'Ada\u0000', lastName: 'Obi', email: 'a@b.ng', message: 'hi', agreement: true },
        'First name contains characters that are not allowed',
      ],
      [
        '/api/contact',
        {
          firstName: 'Ada',
          lastName: 'Obi',
          email: 'a@b.ng',
          message: 'line one\nline\u0000two',
          agreement: true,
        },
        'Message contains characters that are not allowed',
      ],
      [
        '/api/newsletter',
        { name: 'Ada\u0000', email: 'a@b.ng' },
        'Name contains characters that are not allowed',
      ],
      [
        '/api/users/register',
        newAccount({ lastName: 'Obi\u0000' }),
        'Last name contains characters that are not allowed',
      ],
    ])('POST %s', async (url, payload, message) => {
      const before = await storedRows();
      const res = await post(t, url, payload);
      expect(res.statusCode).toBe(400);
      expect(expectOurError(res).message).toContain(message);
      expect(await storedRows()).toBe(before);
    });

    it('a multi-line message keeps its line breaks', async () => {
      const res = await post(t, '/api/contact', {
        firstName: 'Ada',
        lastName: 'Obi',
        email: 'a@b.ng',
        message: 'line one\r\n\tline two',
        agreement: true,
      });
      expect(res.statusCode).toBe(201);
    });

    it('search text, ids in the path and the verification token too', async () => {
      const q = await t.app.inject({ method: 'GET', url: '/api/events?q=jazz%00' });
      expect(q.statusCode).toBe(400);
      expect(expectOurError(q).message).toBe('Search text contains characters that are not allowed');
      const id = await t.app.inject({ method: 'GET', url: '/api/events/abc%00def' });
      expect(id.statusCode).toBe(400);
      expect(expectOurError(id).message).toBe('Event id contains characters that are not allowed');
      const token = await t.app.inject({ method: 'GET', url: '/api/users/verify-email?token=abc%00' });
      expect(token.statusCode).toBe(400);
      expect(expectOurError(token).message).toBe(
        'Verification link contains characters that are not allowed',
      );
    });
  });

  describe('2. every string is bounded', () => {
    it('an 8 KB name, message or search is a 400 with the bound', async () => {
      const long = 'a'.repeat(8192);
      const reg = await post(t, '/api/users/register', newAccount({ firstName: long }));
      expect(expectOurError(reg).message).toBe('First name can be at most 60 characters long');
      const contact = await post(t, '/api/contact', {
        firstName: 'A',
        lastName: 'B',
        email: 'a@b.ng',
        message: long,
        agreement: true,
      });
      expect(expectOurError(contact).message).toBe('Message can be at most 5000 characters long');
      const search = await t.app.inject({ method: 'GET', url: `/api/events?q=${long}` });
      expect(expectOurError(search).message).toBe('Search text can be at most 100 characters long');
      const login = await post(t, '/api/users/login', { email: 'a@b.ng', password: long });
      expect(expectOurError(login).message).toBe('Password must be at most 128 characters long');
    });
  });

  describe('3. dates are real calendar dates in a sane range before SQL', () => {
    it.each([
      ['from=0000-01-01', 'from must be between 1900-01-01 and 2999-12-31'],
      ['to=9999-12-31', 'to must be between 1900-01-01 and 2999-12-31'],
      ['from=2026-02-30', 'from must be a date as YYYY-MM-DD'],
      ['from=2026-13-01', 'from must be a date as YYYY-MM-DD'],
      ['from=-2026-01-01', 'from must be a date as YYYY-MM-DD'],
      ['from=2026-01-01&from=2026-01-02', 'from must be a date as YYYY-MM-DD'],
    ])('GET /api/events?%s → 400', async (query, message) => {
      const res = await t.app.inject({ method: 'GET', url: `/api/events?${query}` });
      expect(res.statusCode).toBe(400);
      expect(expectOurError(res).message).toBe(message);
    });

    it('the ends of the range are fine', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/events?from=1900-01-01&to=2999-12-31' });
      expect(res.statusCode).toBe(200);
      expect(res.json().length).toBeGreaterThan(0);
    });
  });

  describe('4. the dev outbox answers only this machine, directly', () => {
    it('a loopback client without forwarding headers reads it (as the test helpers do)', async () => {
      for (const remoteAddress of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
        const res = await t.app.inject({ method: 'GET', url: '/api/dev/outbox', remoteAddress });
        expect(res.statusCode, remoteAddress).toBe(200);
      }
    });

    it.each([
      [{ remoteAddress: '203.0.113.7' }, {}],
      [{ remoteAddress: '10.0.0.2' }, {}],
      [{}, { 'x-forwarded-for': '203.0.113.7' }],
      [{}, { 'x-forwarded-for': '127.0.0.1' }],
      [{}, { forwarded: 'for=203.0.113.7' }],
      [{}, { 'x-real-ip': '203.0.113.7' }],
    ])('anyone else gets the plain 404 (%o %o)', async (options, headers) => {
      const res = await t.app.inject({ method: 'GET', url: '/api/dev/outbox', headers, ...options });
      expect(res.statusCode).toBe(404);
      expect(expectOurError(res)).toEqual({ message: 'No route for GET /api/dev/outbox' });
      expect(res.body).not.toContain('verify-email');
    });

    it('behind a trusted proxy, a header naming 127.0.0.1 does not make a stranger local', async () => {
      const proxied = await buildTestApp(database, { env: { TRUST_PROXY: 'true' } });
      try {
        const res = await proxied.app.inject({
          method: 'GET',
          url: '/api/dev/outbox',
          remoteAddress: '127.0.0.1',
          headers: { 'x-forwarded-for': '127.0.0.1' },
        });
        expect(res.statusCode).toBe(404);
      } finally {
        await proxied.close();
      }
    });

    it.each([
      ['SMTP is configured', { SMTP_URL: 'smtp://127.0.0.1:9' }],
      // A production start needs a payments choice (server/config.ts); the demo one is enough here.
      ['NODE_ENV=production', { NODE_ENV: 'production', PAYMENTS: 'test' }],
    ])('does not exist when %s', async (_label, env) => {
      const other = await buildTestApp(database, { env });
      try {
        const res = await other.app.inject({ method: 'GET', url: '/api/dev/outbox' });
        expect(res.statusCode).toBe(404);
        expect(routesOf(other.app).some((r) => r.url === '/api/dev/outbox')).toBe(false);
      } finally {
        await other.close();
      }
    });
  });

  describe('6. guarded routes authenticate before they validate', () => {
    it('every guarded route answers a stranger 401 whatever the body', async () => {
      const guarded = routesOf(t.app).filter((r) => r.onRequest.includes(requireUser) && r.method !== 'HEAD');
      expect(guarded.map((r) => `${r.method} ${r.url}`)).toEqual(
        expect.arrayContaining([
          'PUT /api/users/:id',
          'DELETE /api/users/me',
          'POST /api/users/change-password',
        ]),
      );
      for (const route of guarded) {
        const url = route.url.replace(/:[A-Za-z]+/g, 'not-an-id');
        for (const headers of [{}, { authorization: 'Bearer expired-or-made-up' }]) {
          const res = await t.app.inject({
            method: route.method as 'POST',
            url,
            headers: { ...json, ...headers },
            payload: '[1, "not", {"the": "shape"}]',
          });
          expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
          expect(expectOurError(res).errors).toBeUndefined();
        }
      }
    });
  });

  describe('7. every error is {message[, errors]} with our headers, in our words', () => {
    it.each([
      [
        'malformed JSON',
        { method: 'POST', url: '/api/users/login', headers: json, payload: '{"email":' },
        400,
        'Request body is not valid JSON',
      ],
      [
        'a list for an object',
        { method: 'POST', url: '/api/users/login', headers: json, payload: '[1,2]' },
        400,
        'Request body must be a JSON object',
      ],
      [
        'a string for an object',
        { method: 'POST', url: '/api/contact', headers: json, payload: '"hello"' },
        400,
        'Request body must be a JSON object',
      ],
      [
        'no body at all',
        { method: 'POST', url: '/api/newsletter' },
        400,
        'Request body must be a JSON object',
      ],
      [
        'an empty JSON body',
        { method: 'POST', url: '/api/newsletter', headers: json, payload: '' },
        400,
        'The request says it carries JSON but its body is empty. Send a JSON object.',
      ],
      [
        'an unsupported media type',
        {
          method: 'POST',
          url: '/api/contact',
          headers: { 'content-type': 'application/xml' },
          payload: '<a/>',
        },
        415,
        'This address does not accept a body of that Content-Type. Send JSON (Content-Type: application/json).',
      ],
      [
        'bad %-encoding in the path',
        { method: 'GET', url: '/api/events/%E0%A4%A' },
        400,
        'The address is not valid: it contains malformed %-encoding',
      ],
      [
        'a too-long path parameter',
        { method: 'GET', url: `/api/events/${'a'.repeat(1000)}` },
        414,
        'A part of the address is too long',
      ],
      [
        'an unknown API path',
        { method: 'GET', url: '/api/nothing/here?token=secret' },
        404,
        'No route for GET /api/nothing/here',
      ],
      [
        'a wrong type without a message of its own',
        {
          method: 'POST',
          url: '/api/users/login',
          headers: json,
          payload: '{"email":"a@b.ng","password":"x","rememberMe":"yes"}',
        },
        400,
        'Remember me must be true or false',
      ],
      [
        'a list where text goes',
        { method: 'POST', url: '/api/newsletter', headers: json, payload: '{"name":["a"],"email":"a@b.ng"}' },
        400,
        'Name must be text',
      ],
      [
        'an unknown option',
        { method: 'PUT', url: '/api/users/me/settings', headers: json, payload: '{"inactivityMinutes":7}' },
        401,
        'Please sign in to continue.',
      ],
    ])('%s', async (_label, request, status, message) => {
      const res = await t.app.inject(request as never);
      expect(res.statusCode).toBe(status);
      const body = expectOurError(res);
      expect(body.message).toBe(message);
      expect(res.body).not.toMatch(/Invalid input|expected \w+, received|FST_ERR|statusCode/);
    });

    it('a too-large header block gets {message} and our headers straight from the socket', async () => {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = t.app.server.address() as net.AddressInfo;
      const socket = net.connect(port, '127.0.0.1');
      await once(socket, 'connect');
      socket.write(`GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
      let raw = '';
      socket.on('data', (chunk) => {
        raw += chunk.toString();
      });
      await once(socket, 'close');
      const [head, body] = raw.split('\r\n\r\n');
      expect(head).toMatch(/^HTTP\/1\.1 431 /);
      expect(head?.toLowerCase()).toContain('x-content-type-options: nosniff');
      expect(head?.toLowerCase()).toContain('content-security-policy:');
      expect(JSON.parse(body ?? '')).toEqual({ message: 'Request headers are too large' });
    });
  });

  describe('8. resend-verification-email does not say who has an account', () => {
    it('answers an unknown, a waiting and a verified address alike', async () => {
      const waiting = newAccount();
      expect((await post(t, '/api/users/register', waiting)).statusCode).toBe(201);
      const verified = await signedInAccount(t);
      const answers = [];
      for (const email of ['nobody.at.all@example.ng', waiting.email, verified.email]) {
        const res = await post(t, '/api/users/resend-verification-email', { email });
        answers.push({ status: res.statusCode, body: res.json() });
      }
      expect(answers[1]).toEqual(answers[0]);
      expect(answers[2]).toEqual(answers[0]);
      expect(answers[0]).toEqual({ status: 200, body: { message: 'Verification email sent successfully!' } });
      // Only the owner's inbox knows: the waiting account got its link.
      expect(await linkTokenFor(t, waiting.email)).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    });

    it('the sign-up 409 stays (the spec asks for it)', async () => {
      const account = newAccount();
      await post(t, '/api/users/register', account);
      const again = await post(t, '/api/users/register', { ...account, username: `${account.username}x` });
      expect(again.statusCode).toBe(409);
    });
  });
});
