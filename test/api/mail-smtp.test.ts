import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../server/db/schema';
import { newAccount, post } from '../helpers/accounts';
import { testDatabases } from '../helpers/databases';
import { buildTestApp, type TestApp } from '../helpers/testApp';

type Received = { from: string; to: string[]; raw: string };

/** A real SMTP server on 127.0.0.1 (random port) that can be told to refuse mail for a while. */
async function startSmtp() {
  const received: Received[] = [];
  const state = { failing: false };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        if (state.failing) {
          const error = Object.assign(new Error('Mailbox temporarily unavailable'), { responseCode: 451 });
          return callback(error);
        }
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { server, port, received, state, close: () => new Promise<void>((r) => server.close(() => r())) };
}

/** Undo quoted-printable soft breaks and escapes, enough to read links out of the raw message. */
function readable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

async function until<T>(
  what: string,
  probe: () => Promise<T | undefined | false> | T | undefined | false,
  ms = 8000,
) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe.each(testDatabases)('mail through a real SMTP server on $name', (database) => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startSmtp();
    t = await buildTestApp(database, {
      env: {
        RATE_LIMITS: 'off',
        APP_URL: 'https://gatepass.example',
        SMTP_URL: `smtp://127.0.0.1:${smtp.port}?ignoreTLS=true`,
      },
    });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  const rowFor = async (to: string) =>
    (await t.deps.db.select().from(mailOutbox).where(eq(mailOutbox.to, to)))[0];

  it('delivers the verification mail, with its link, and marks it sent', async () => {
    expect(t.deps.mail.mode).toBe('smtp');
    const account = newAccount();
    expect((await post(t, '/api/users/register', account)).statusCode).toBe(201);

    const mail = await until('the verification mail', () =>
      smtp.received.find((m) => m.to.includes(account.email)),
    );
    const text = readable(mail.raw);
    expect(mail.from).toBe('no-reply@gatepass.ng');
    expect(text).toMatch(/^Subject: Verify your email address$/m);
    expect(text).toMatch(/https:\/\/gatepass\.example\/verify-email\?token=[A-Za-z0-9_-]{43}/);
    expect(text).toContain('text/html');
    expect(text).toContain('text/plain');

    // The emailed link really verifies the account.
    const token = /verify-email\?token=([A-Za-z0-9_-]{43})/.exec(text)![1]!;
    const verified = await t.app.inject({ method: 'GET', url: `/api/users/verify-email?token=${token}` });
    expect(verified.statusCode).toBe(200);

    const row = await until('the sent status', async () => {
      const r = await rowFor(account.email);
      return r?.status === 'sent' ? r : undefined;
    });
    expect(row.attempts).toBe(1);
    expect(row.sentAt).toBeInstanceOf(Date);
  });

  it('keeps a refused message pending with its attempts counted, and delivers it once the server recovers', async () => {
    smtp.state.failing = true;
    const account = newAccount();
    expect((await post(t, '/api/users/register', account)).statusCode).toBe(201);

    const failed = await until('the failed attempt', async () => {
      const r = await rowFor(account.email);
      return r && r.attempts >= 1 && r.lastError ? r : undefined;
    });
    expect(failed.status).toBe('pending');
    expect(failed.lastError).toMatch(/451|unavailable/i);
    expect(smtp.received.some((m) => m.to.includes(account.email))).toBe(false);

    // Not due yet: the back-off holds it back.
    expect(failed.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());

    // A second failure counts again.
    await t.deps.db.execute(
      sql`update mail_outbox set next_attempt_at = now() - interval '1 second' where ${mailOutbox.to} = ${account.email}`,
    );
    await t.deps.mail.deliverDue();
    const twice = await rowFor(account.email);
    expect(twice!.status).toBe('pending');
    expect(twice!.attempts).toBe(2);

    smtp.state.failing = false;
    await t.deps.db.execute(
      sql`update mail_outbox set next_attempt_at = now() - interval '1 second' where ${mailOutbox.to} = ${account.email}`,
    );
    await until(
      'a delivery pass that sends it',
      async () => (await t.deps.mail.deliverDue()) > 0 || (await rowFor(account.email))?.status === 'sent',
    );

    const sent = await rowFor(account.email);
    expect(sent!.status).toBe('sent');
    expect(sent!.attempts).toBe(3);
    const mail = smtp.received.find((m) => m.to.includes(account.email));
    expect(mail).toBeDefined();
    expect(readable(mail!.raw)).toMatch(/verify-email\?token=[A-Za-z0-9_-]{43}/);
  });

  it('delivers the reset code mail with the six digits', async () => {
    const account = newAccount();
    await post(t, '/api/users/register', account);
    const before = smtp.received.length;
    expect((await post(t, '/api/users/forgot-password', { email: account.email })).statusCode).toBe(200);
    const mail = await until('the code mail', () =>
      smtp.received.slice(before).find((m) => m.to.includes(account.email) && /reset code/.test(m.raw)),
    );
    expect(readable(mail.raw)).toMatch(/Your code: \d{6}/);
  });
});
