import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeFor, newAccount, signedInAccount } from '../helpers/accounts';
import { testDatabases } from '../helpers/databases';
import { buildTestApp, type TestApp } from '../helpers/testApp';

/**
 * A stranger's tries against someone's email (wrong passwords, reset requests, wrong codes) from
 * their own address must not lock the owner out of their account; the stranger stays limited.
 * The limits are the defaults (10 per email and address, 50 per address for sign-in, ...).
 */
describe.each(testDatabases)('accounts: a stranger cannot lock the owner out on $name', (database) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(database, { env: { RATE_LIMITS: 'on' } });
  });
  afterAll(async () => t?.close());

  const TOO_MANY = 'Too many attempts. Please wait a few minutes and try again.';
  let ipCounter = 0;
  const freshIp = () => `10.7.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;
  const send = (url: string, payload: object, ip: string) =>
    t.app.inject({ method: 'POST', url, payload, remoteAddress: ip });
  const login = (email: string, password: string, ip: string) =>
    send('/api/users/login', { email, password }, ip);
  const wrongCode = (code: string, i = 1) => String((Number(code) + i) % 1_000_000).padStart(6, '0');

  describe('sign-in', () => {
    it('after 50 wrong passwords from another address, the owner signs in from theirs', async () => {
      const owner = await signedInAccount(t);
      const stranger = freshIp();
      const answers: number[] = [];
      for (let i = 0; i < 50; i++)
        answers.push((await login(owner.email, `Guess#${i}x`, stranger)).statusCode);
      // The stranger gets 10 guesses at this account from that address, then 429s.
      expect(answers.filter((s) => s === 401)).toHaveLength(10);
      expect(answers.slice(10).every((s) => s === 429)).toBe(true);
      // Even the right password is refused from the stranger's address now...
      expect((await login(owner.email, owner.password, stranger)).statusCode).toBe(429);

      // ...but the owner, from their own address, is in, again and again.
      const home = freshIp();
      for (let i = 0; i < 12; i++)
        expect((await login(owner.email, owner.password, home)).statusCode).toBe(200);
    });

    it("the owner's right password takes its try back: only wrong ones count towards the limit", async () => {
      const owner = await signedInAccount(t);
      const home = freshIp();
      // 12 tries, 9 of them wrong...
      for (let round = 0; round < 3; round++) {
        for (let i = 0; i < 3; i++)
          expect((await login(owner.email, 'Typo#2026x', home)).statusCode).toBe(401);
        expect((await login(owner.email, owner.password, home)).statusCode).toBe(200);
      }
      // ...so a tenth wrong one is still answered, and only the eleventh is over the limit.
      expect((await login(owner.email, 'Typo#2026x', home)).statusCode).toBe(401);
      expect((await login(owner.email, 'Typo#2026x', home)).statusCode).toBe(429);
    });

    it('a crowd of addresses: once the account-wide count is spent, each address gets one try', async () => {
      const owner = await signedInAccount(t);
      // 10 addresses × 10 wrong passwords = 100, the account-wide limit.
      for (let a = 0; a < 10; a++) {
        const ip = freshIp();
        for (let i = 0; i < 10; i++)
          expect((await login(owner.email, `Guess#${i}x`, ip)).statusCode).toBe(401);
      }
      const newcomer = freshIp();
      expect((await login(owner.email, 'Guess#new1', newcomer)).statusCode).toBe(401);
      const second = await login(owner.email, 'Guess#new2', newcomer);
      expect(second.statusCode).toBe(429);
      expect(second.json().message).toBe(TOO_MANY);
      expect(Number(second.headers['retry-after'])).toBeGreaterThan(0);
      // An address with no failures of its own still signs the owner in.
      expect((await login(owner.email, owner.password, freshIp())).statusCode).toBe(200);
    });
  });

  describe('password reset', () => {
    it('after 50 code requests from another address, the owner gets a code and resets from theirs', async () => {
      const owner = await signedInAccount(t);
      const stranger = freshIp();
      const answers: number[] = [];
      for (let i = 0; i < 50; i++) {
        answers.push((await send('/api/users/forgot-password', { email: owner.email }, stranger)).statusCode);
      }
      expect(answers.filter((s) => s === 200)).toHaveLength(5);
      expect(answers.slice(5).every((s) => s === 429)).toBe(true);

      const home = freshIp();
      expect((await send('/api/users/forgot-password', { email: owner.email }, home)).statusCode).toBe(200);
      // 'Resend code' on the code page asks again: still allowed from home.
      expect((await send('/api/users/forgot-password', { email: owner.email }, home)).statusCode).toBe(200);
      const verified = await send(
        '/api/users/verify-otp',
        { email: owner.email, otp: await codeFor(t, owner.email) },
        home,
      );
      expect(verified.statusCode).toBe(200);
      const reset = await send(
        '/api/users/reset-password',
        { email: owner.email, resetToken: verified.json().resetToken, newPassword: 'Owner#2027' },
        home,
      );
      expect(reset.statusCode).toBe(200);
      expect((await login(owner.email, 'Owner#2027', home)).statusCode).toBe(200);
    });

    it("a stranger's wrong codes end the code for the stranger, not for the owner typing it at home", async () => {
      const owner = await signedInAccount(t);
      const home = freshIp();
      expect((await send('/api/users/forgot-password', { email: owner.email }, home)).statusCode).toBe(200);
      const code = await codeFor(t, owner.email);

      const stranger = freshIp();
      const messages: string[] = [];
      for (let i = 1; i <= 12; i++) {
        messages.push(
          (
            await send('/api/users/verify-otp', { email: owner.email, otp: wrongCode(code, i) }, stranger)
          ).json().message,
        );
      }
      expect(messages.slice(0, 5)).toEqual([
        'Incorrect code. You have 4 attempts left.',
        'Incorrect code. You have 3 attempts left.',
        'Incorrect code. You have 2 attempts left.',
        'Incorrect code. You have 1 attempt left.',
        'Too many incorrect attempts. Please request a new code.',
      ]);
      // Then the stranger's address is out of code tries for this account altogether.
      expect(
        messages.slice(5, 10).every((m) => m === 'Too many incorrect attempts. Please request a new code.'),
      ).toBe(true);
      expect(messages.slice(10)).toEqual([TOO_MANY, TOO_MANY]);
      // The right code from the stranger's address is refused too: guessing it stays limited.
      expect(
        (await send('/api/users/verify-otp', { email: owner.email, otp: code }, stranger)).statusCode,
      ).toBe(429);

      const verified = await send('/api/users/verify-otp', { email: owner.email, otp: code }, home);
      expect(verified.statusCode).toBe(200);
      expect(verified.json().resetToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    });

    it('guessing one code stays bounded across addresses: 25 wrong tries in all end it', async () => {
      const owner = await signedInAccount(t);
      const home = freshIp();
      await send('/api/users/forgot-password', { email: owner.email }, home);
      const code = await codeFor(t, owner.email);
      let guess = 0;
      for (let a = 0; a < 5; a++) {
        const ip = freshIp();
        for (let i = 0; i < 5; i++) {
          const res = await send(
            '/api/users/verify-otp',
            { email: owner.email, otp: wrongCode(code, ++guess) },
            ip,
          );
          expect(res.statusCode).toBe(400);
        }
      }
      const late = await send('/api/users/verify-otp', { email: owner.email, otp: code }, freshIp());
      expect(late.statusCode).toBe(400);
      expect(late.json().message).toBe('Too many incorrect attempts. Please request a new code.');
      // The owner asks for a new code from home, which works.
      expect((await send('/api/users/forgot-password', { email: owner.email }, home)).statusCode).toBe(200);
      const fresh = await send(
        '/api/users/verify-otp',
        { email: owner.email, otp: await codeFor(t, owner.email) },
        home,
      );
      expect(fresh.statusCode).toBe(200);
    });

    it('hammering reset-password without a token does not stop the owner resetting', async () => {
      const owner = await signedInAccount(t);
      const stranger = freshIp();
      for (let i = 0; i < 40; i++) {
        await send(
          '/api/users/reset-password',
          { email: owner.email, resetToken: 'A'.repeat(43), newPassword: 'Stranger#2026' },
          stranger,
        );
      }
      const home = freshIp();
      await send('/api/users/forgot-password', { email: owner.email }, home);
      const verified = await send(
        '/api/users/verify-otp',
        { email: owner.email, otp: await codeFor(t, owner.email) },
        home,
      );
      expect(verified.statusCode).toBe(200);
      const reset = await send(
        '/api/users/reset-password',
        { email: owner.email, resetToken: verified.json().resetToken, newPassword: 'Owner#2027' },
        home,
      );
      expect(reset.statusCode).toBe(200);
    });
  });

  it('resend-verification-email: a stranger hammering it does not stop the owner from their address', async () => {
    const account = newAccount();
    expect((await send('/api/users/register', account, freshIp())).statusCode).toBe(201);
    const stranger = freshIp();
    const answers: number[] = [];
    for (let i = 0; i < 30; i++) {
      answers.push(
        (await send('/api/users/resend-verification-email', { email: account.email }, stranger)).statusCode,
      );
    }
    expect(answers.filter((s) => s === 200)).toHaveLength(5);
    expect(answers.slice(5).every((s) => s === 429)).toBe(true);
    const res = await send('/api/users/resend-verification-email', { email: account.email }, freshIp());
    expect(res.statusCode).toBe(200);
  });
});
