import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payoutAccountResponse } from '../../contract/payouts';
import { payoutAccounts } from '../../server/db/schema';
import { PAYOUT_CHANGE_ELSEWHERE } from '../../server/modules/payouts/service';
import { authed, outbox, signedInAccount } from '../helpers/accounts';
import { testDatabases } from '../helpers/databases';
import { createEvent, paidTicket } from '../helpers/organiser';
import { buildTestApp, type TestApp } from '../helpers/testApp';

describe.each(testDatabases)('accounts: payout account changes on $name', (database) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(database);
  });
  afterAll(async () => t?.close());

  const rowOf = async (userId: string) =>
    (await t.deps.db.select().from(payoutAccounts).where(eq(payoutAccounts.userId, userId)))[0] ?? null;
  const mailsTo = async (email: string) => (await outbox(t)).filter((m) => m.to === email);
  const put = (token: string, body: object) => authed(t, 'PUT', '/api/payments/payout-account', token, body);

  it('needs the password: missing or wrong is a 400 that changes nothing and mails nothing', async () => {
    const a = await signedInAccount(t);
    const before = (await mailsTo(a.email)).length;
    const missing = await put(a.token, { bank: '058', accountNumber: '2034567891' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Password is required');
    const wrong = await put(a.token, { bank: '058', accountNumber: '2034567891', password: 'Wrong#2026' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('Password is incorrect.');
    expect(await rowOf(a.user.id)).toBeNull();
    expect(await mailsTo(a.email)).toHaveLength(before);

    // With an account saved, a wrong password leaves it exactly as it was.
    expect(
      (await put(a.token, { bank: '058', accountNumber: '2034567891', password: a.password })).statusCode,
    ).toBe(200);
    const saved = await rowOf(a.user.id);
    const mails = (await mailsTo(a.email)).length;
    const again = await put(a.token, { bank: '057', accountNumber: '1234567890', password: 'Lagos#2025' });
    expect(again.statusCode).toBe(400);
    expect(await rowOf(a.user.id)).toEqual(saved);
    expect(await mailsTo(a.email)).toHaveLength(mails);
  });

  it('emails the holder on the first account and on each change: bank, last 4 digits, when, what to do', async () => {
    const a = await signedInAccount(t);
    const first = await put(a.token, { bank: '058', accountNumber: '2034567891', password: a.password });
    expect(first.statusCode, first.body).toBe(200);
    const [added] = await mailsTo(a.email);
    expect(added!.subject).toBe('A payout account was added to your Gatepass account');
    expect(added!.text).toContain('Guaranty Trust Bank, account ending 7891');
    expect(added!.text).toContain('(Lagos time)');
    expect(added!.text).toContain('If this was not you, reset your password');
    expect(added!.text + added!.html).not.toContain('2034567891');

    const firstChange = (await rowOf(a.user.id))!.changedAt;
    const changed = await put(a.token, { bank: '057', accountNumber: '1234567890', password: a.password });
    expect(changed.statusCode).toBe(200);
    const [latest] = await mailsTo(a.email);
    expect(latest!.subject).toBe('Your Gatepass payout account was changed');
    expect(latest!.text).toContain('Zenith Bank, account ending 7890');
    expect(latest!.text + latest!.html).not.toContain('1234567890');
    const row = (await rowOf(a.user.id))!;
    expect(row.changedAt.getTime()).toBeGreaterThan(firstChange.getTime());

    // The screen's "last changed": the GET answer carries it.
    const shown = payoutAccountResponse.parse(
      (await authed(t, 'GET', '/api/payments/payout-account', a.token)).json(),
    );
    expect(shown.payoutAccount?.changedAt).toBe(row.changedAt.toISOString());

    // Saving the same account again is no change: no mail, same time.
    const count = (await mailsTo(a.email)).length;
    expect(
      (await put(a.token, { bank: '057', accountNumber: '1234567890', password: a.password })).statusCode,
    ).toBe(200);
    expect(await mailsTo(a.email)).toHaveLength(count);
    expect((await rowOf(a.user.id))!.changedAt).toEqual(row.changedAt);
  });

  it('a ticket form can keep the saved account, but never set or change one (decision 053; nothing changes)', async () => {
    const a = await signedInAccount(t);
    const eventId = (await createEvent(t, a.token))._id;
    const create = (body: object) => authed(t, 'POST', '/api/tickets/create', a.token, body);
    const mailsBefore = (await mailsTo(a.email)).length;
    const first = await create(paidTicket(eventId, { bank: '058', accountNumber: '2034567891' }));
    expect(first.statusCode).toBe(400);
    expect(await rowOf(a.user.id)).toBeNull();
    expect(await mailsTo(a.email)).toHaveLength(mailsBefore);
    expect(
      (await put(a.token, { bank: '058', accountNumber: '2034567891', password: a.password })).statusCode,
    ).toBe(200);
    expect((await mailsTo(a.email))[0]!.subject).toBe('A payout account was added to your Gatepass account');
    const saved = await rowOf(a.user.id);

    const other = await create(
      paidTicket(eventId, { ticketName: 'VIP', bank: '057', accountNumber: '1234567890' }),
    );
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toBe(PAYOUT_CHANGE_ELSEWHERE);
    expect(await rowOf(a.user.id)).toEqual(saved);

    const same = await create(
      paidTicket(eventId, { ticketName: 'VVIP', bank: 'Guaranty Trust Bank', accountNumber: '2034567891' }),
    );
    expect(same.statusCode, same.body).toBe(201);
  });
});

describe.each(testDatabases)('accounts: bank account look-ups are limited per user on $name', (database) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(database, {
      env: {
        RATE_LIMITS: 'on',
        RATE_LIMIT_RESOLVE: '3/15m',
        RATE_LIMIT_RESOLVE_IP: '100/15m',
        RATE_LIMIT_REGISTER_IP: '1000/1h',
        RATE_LIMIT_LOGIN_IP: '1000/15m',
      },
    });
  });
  afterAll(async () => t?.close());

  const lookup = (token: string, ip: string, n = '1234567890') =>
    t.app.inject({
      method: 'GET',
      url: `/api/payments/resolve?account_number=${n}&bank_code=057`,
      headers: { authorization: `Bearer ${token}` },
      remoteAddress: ip,
    });

  it('a user past the limit is refused (429) from any address; another user from the same address is not', async () => {
    const a = await signedInAccount(t);
    const b = await signedInAccount(t);
    for (const n of ['1234567890', '1234567891', '1234567892']) {
      expect((await lookup(a.token, '10.1.0.1', n)).statusCode).toBe(200);
    }
    const fourth = await lookup(a.token, '10.1.0.1');
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json().message).toBe('Too many attempts. Please wait a few minutes and try again.');
    expect(Number(fourth.headers['retry-after'])).toBeGreaterThan(0);
    // A new address does not reset the user's count.
    expect((await lookup(a.token, '10.9.9.9')).statusCode).toBe(429);
    // Saving (which looks the account up and checks the password) counts too.
    const save = await t.app.inject({
      method: 'PUT',
      url: '/api/payments/payout-account',
      headers: { authorization: `Bearer ${a.token}` },
      payload: { bank: '057', accountNumber: '1234567890', password: 'Guess#2026' },
      remoteAddress: '10.9.9.8',
    });
    expect(save.statusCode).toBe(429);
    expect((await lookup(b.token, '10.1.0.1')).statusCode).toBe(200);
  });
});
