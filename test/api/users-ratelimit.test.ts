import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bucketKey, pairValue, parseRule, resolveRules } from '../../server/modules/ratelimit/limiter';
import { newAccount } from '../helpers/accounts';
import { testDatabases } from '../helpers/databases';
import { buildTestApp, type TestApp } from '../helpers/testApp';

const TOO_MANY = 'Too many attempts. Please wait a few minutes and try again.';

describe('rate-limit configuration', () => {
  it('parses hits/window with s, m and h', () => {
    expect(parseRule('X', '10/15m')).toEqual({ limit: 10, windowSeconds: 900 });
    expect(parseRule('X', '3/30s')).toEqual({ limit: 3, windowSeconds: 30 });
    expect(parseRule('X', '100/1h')).toEqual({ limit: 100, windowSeconds: 3600 });
    for (const bad of ['10', '10/15', 'ten/15m', '0/15m', '10/0m', '10/15d']) {
      expect(() => parseRule('RATE_LIMIT_LOGIN', bad), bad).toThrow(/RATE_LIMIT_LOGIN/);
    }
  });

  it('applies RATE_LIMIT_<ACTION> per email, RATE_LIMIT_<ACTION>_IP per IP and RATE_LIMIT_<ACTION>_ACCOUNT account-wide; unknown names fail at start', () => {
    const rules = resolveRules({
      RATE_LIMIT_LOGIN: '3/1m',
      RATE_LIMIT_OTP_IP: '7/2h',
      RATE_LIMIT_FORGOT_ACCOUNT: '9/30m',
    });
    expect(rules.login.email).toEqual({ limit: 3, windowSeconds: 60 });
    expect(rules.otp.ip).toEqual({ limit: 7, windowSeconds: 7200 });
    expect(rules.forgot.account).toEqual({ limit: 9, windowSeconds: 1800 });
    expect(rules.register.email.limit).toBeGreaterThan(0);
    expect(() => resolveRules({ RATE_LIMIT_LOGN: '3/1m' })).toThrow(/unknown RATE_LIMIT_LOGN/);
    // Only the account actions have an account-wide limit.
    expect(() => resolveRules({ RATE_LIMIT_REGISTER_ACCOUNT: '3/1m' })).toThrow(
      /unknown RATE_LIMIT_REGISTER_ACCOUNT/,
    );
  });
});

describe.each(testDatabases)('rate limits on $name', (database) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(database, {
      env: {
        RATE_LIMITS: 'on',
        RATE_LIMIT_LOGIN: '3/15m',
        RATE_LIMIT_LOGIN_IP: '5/15m',
        RATE_LIMIT_REGISTER: '2/1h',
        RATE_LIMIT_FORGOT: '2/15m',
        RATE_LIMIT_OTP: '2/15m',
        RATE_LIMIT_RESEND: '2/15m',
      },
    });
  });
  afterAll(async () => t?.close());

  let ipCounter = 0;
  const freshIp = () => `10.1.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;
  const send = (url: string, payload: object, ip: string) =>
    t.app.inject({ method: 'POST', url, payload, remoteAddress: ip });

  it('login: per email and address, then 429 with the message and Retry-After; the window ends and it opens again', async () => {
    const ip = freshIp();
    const email = 'target@example.ng';
    for (let i = 0; i < 3; i++) {
      expect((await send('/api/users/login', { email, password: 'Guess#0001' }, ip)).statusCode).toBe(401);
    }
    const blocked = await send(
      '/api/users/login',
      { email: email.toUpperCase(), password: 'Guess#0001' },
      ip,
    );
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ message: TOO_MANY });
    const retryAfter = Number(blocked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(800);
    expect(retryAfter).toBeLessThanOrEqual(900);

    // The same email from another address is not blocked by this address's counter (the owner's
    // tries are their own), nor another email from the same address.
    expect((await send('/api/users/login', { email, password: 'Guess#0001' }, freshIp())).statusCode).toBe(
      401,
    );
    expect(
      (await send('/api/users/login', { email: 'other@example.ng', password: 'x' }, ip)).statusCode,
    ).toBe(401);

    await t.deps.db.execute(sql`update rate_limit_buckets set reset_at = now() - interval '1 second'`);
    expect((await send('/api/users/login', { email, password: 'Guess#0001' }, ip)).statusCode).toBe(401);
  });

  it('login: per IP across many emails; other addresses are unaffected', async () => {
    const ip = freshIp();
    for (let i = 0; i < 5; i++) {
      const res = await send('/api/users/login', { email: `spray${i}@example.ng`, password: 'x' }, ip);
      expect(res.statusCode).toBe(401);
    }
    const blocked = await send('/api/users/login', { email: 'spray9@example.ng', password: 'x' }, ip);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe(TOO_MANY);
    expect(
      (await send('/api/users/login', { email: 'spray9@example.ng', password: 'x' }, freshIp())).statusCode,
    ).toBe(401);
  });

  it.each([
    ['/api/users/forgot-password', { email: 'limit.forgot@example.ng' }, 200],
    ['/api/users/verify-otp', { email: 'limit.otp@example.ng', otp: '123456' }, 400],
    ['/api/users/resend-verification-email', { email: 'limit.resend@example.ng' }, 200],
  ])(
    '%s: 429 after the per-email-and-address limit; another address is still answered',
    async (url, payload, normal) => {
      const ip = freshIp();
      for (let i = 0; i < 2; i++) expect((await send(url, payload, ip)).statusCode).toBe(normal);
      const blocked = await send(url, payload, ip);
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().message).toBe(TOO_MANY);
      expect((await send(url, payload, freshIp())).statusCode).toBe(normal);
    },
  );

  it('register: 429 after the per-email limit, before any account is touched', async () => {
    const account = newAccount();
    expect((await send('/api/users/register', account, freshIp())).statusCode).toBe(201);
    expect((await send('/api/users/register', account, freshIp())).statusCode).toBe(409);
    const blocked = await send('/api/users/register', account, freshIp());
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe(TOO_MANY);
  });

  it('counts in the rate_limit_buckets table, one row per key; keys are hashes, never the address', async () => {
    const ip = freshIp();
    await send('/api/users/login', { email: 'Counted@example.ng ', password: 'x' }, ip);
    await send('/api/users/login', { email: 'counted@example.ng', password: 'x' }, ip);
    const accountKey = bucketKey('login', 'account', 'counted@example.ng');
    const pairKey = bucketKey('login', 'pair', pairValue('counted@example.ng', ip));
    const ipKey = bucketKey('login', 'ip', ip);
    expect(accountKey).toMatch(/^login:account:[0-9a-f]{64}$/);
    expect(pairKey).toMatch(/^login:pair:[0-9a-f]{64}$/);
    const rows = (
      (await t.deps.db.execute(
        sql`select key, hits from rate_limit_buckets where key in (${ipKey}, ${pairKey}, ${accountKey}) order by key`,
      )) as unknown as { rows: { key: string; hits: number }[] }
    ).rows;
    expect(rows).toEqual(
      [
        { key: accountKey, hits: 2 },
        { key: ipKey, hits: 2 },
        { key: pairKey, hits: 2 },
      ].sort((a, b) => (a.key < b.key ? -1 : 1)),
    );
    const leaked = (
      (await t.deps.db.execute(
        sql`select count(*)::int as n from rate_limit_buckets where key like '%counted%' or key like ${`%${ip}%`}`,
      )) as unknown as { rows: { n: number }[] }
    ).rows;
    expect(leaked[0]?.n).toBe(0);
  });

  it('an 8 KB address (valid, bounded only by the contract) is a 400 on every limited route, never a 500', async () => {
    const huge = `${'a'.repeat(8000)}@example.ng`;
    const bodies: [string, object][] = [
      ['/api/users/login', { email: huge, password: 'x' }],
      ['/api/users/register', { ...newAccount(), email: huge }],
      ['/api/users/forgot-password', { email: huge }],
      ['/api/users/resend-verification-email', { email: huge }],
      ['/api/users/verify-otp', { email: huge, otp: '123456' }],
      ['/api/users/reset-password', { email: huge, resetToken: 'A'.repeat(43), newPassword: 'Lagos#2027' }],
    ];
    for (const [url, body] of bodies) {
      const res = await send(url, body, freshIp());
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message, url).toBe('Email can be at most 254 characters long');
    }
    // At the bound itself the key is still a hash: 254 characters pass through to the limiter fine.
    const longest = `${'b'.repeat(254 - '@example.ng'.length)}@example.ng`;
    expect(longest).toHaveLength(254);
    expect((await send('/api/users/login', { email: longest, password: 'x' }, freshIp())).statusCode).toBe(
      401,
    );
  });

  if (database.kind === 'postgres') {
    it('two API instances on one database share the counters', async () => {
      const second = await buildTestApp(database, {
        env: { RATE_LIMITS: 'on', RATE_LIMIT_LOGIN: '3/15m' },
        config: { databaseUrl: t.deps.config.databaseUrl },
      });
      try {
        const email = 'shared@example.ng';
        const ip = freshIp();
        const apps = [t.app, second.app, t.app];
        for (const app of apps) {
          const res = await app.inject({
            method: 'POST',
            url: '/api/users/login',
            payload: { email, password: 'x' },
            remoteAddress: ip,
          });
          expect(res.statusCode).toBe(401);
        }
        const blocked = await second.app.inject({
          method: 'POST',
          url: '/api/users/login',
          payload: { email, password: 'x' },
          remoteAddress: ip,
        });
        expect(blocked.statusCode).toBe(429);
      } finally {
        await second.close();
      }
    });
  }

  it('RATE_LIMITS=off turns every limit off', async () => {
    const off = await buildTestApp(database, { env: { RATE_LIMITS: 'off', RATE_LIMIT_LOGIN: '1/15m' } });
    try {
      for (let i = 0; i < 8; i++) {
        const res = await off.app.inject({
          method: 'POST',
          url: '/api/users/login',
          payload: { email: 'load@example.ng', password: 'x' },
        });
        expect(res.statusCode).toBe(401);
      }
    } finally {
      await off.close();
    }
  });
});
