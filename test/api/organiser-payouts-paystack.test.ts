import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { banksResponse, payoutAccountResponse } from '../../contract/payouts';
import { payoutAccounts } from '../../server/db/schema';
import { ensureSubaccount } from '../../server/modules/payouts/service';
import { authed } from '../helpers/accounts';
import { testDatabases } from '../helpers/databases';
import { type FakePaystack, fail, startFakePaystack } from '../helpers/fakePaystack';
import { createEvent, organiser, paidTicket } from '../helpers/organiser';
import { buildTestApp, type TestApp } from '../helpers/testApp';

/** Payout accounts through Paystack, here a local fake of it (test mode: organiser-tickets.test.ts). */

describe.each(testDatabases)('payouts through Paystack (local fake) on $name', (database) => {
  let fake: FakePaystack;
  let t: TestApp;
  let ada: Awaited<ReturnType<typeof organiser>>;
  beforeAll(async () => {
    fake = await startFakePaystack();
    fake.accounts.set('057:1234567890', 'ADA OKAFOR EVENTS');
    t = await buildTestApp(database, {
      env: { PAYSTACK_SECRET_KEY: fake.secret, PAYSTACK_BASE_URL: fake.url, PLATFORM_FEE_PERCENT: '1.5' },
    });
    ada = await organiser(t);
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  it('serves Paystack’s bank list and resolves through it', async () => {
    const banks = banksResponse.parse((await authed(t, 'GET', '/api/payments/banks', ada.token)).json());
    expect(banks).toMatchObject({ mode: 'paystack', available: true });
    expect(banks.banks.map((b) => b.code)).toEqual(['044', '058', '057']);
    const resolved = await authed(
      t,
      'GET',
      '/api/payments/resolve?account_number=1234567890&bank_code=057',
      ada.token,
    );
    expect(resolved.json()).toMatchObject({
      accountName: 'ADA OKAFOR EVENTS',
      mode: 'paystack',
      bankName: 'Zenith Bank',
    });
  });

  it('saving the payout account creates the subaccount with percentage_charge 1.5, then updates the same one', async () => {
    const eventId = (await createEvent(t, ada.token))._id;
    const first = await authed(t, 'PUT', '/api/payments/payout-account', ada.token, {
      bank: 'Zenith Bank',
      accountNumber: '1234567890',
      accountName: 'TRUST ME',
      password: ada.password,
    });
    expect(first.statusCode, first.body).toBe(200);
    const res = await authed(t, 'POST', '/api/tickets/create', ada.token, paidTicket(eventId));
    expect(res.statusCode, res.body).toBe(201);
    const [created] = fake.requestsTo('/subaccount', 'POST');
    expect(created!.body).toMatchObject({
      settlement_bank: '057',
      account_number: '1234567890',
      percentage_charge: 1.5,
    });
    expect((created!.body as { business_name: string }).business_name).toContain(ada.username);
    const account = payoutAccountResponse.parse(
      (await authed(t, 'GET', '/api/payments/payout-account', ada.token)).json(),
    );
    expect(account.payoutAccount).toMatchObject({ accountName: 'ADA OKAFOR EVENTS', mode: 'paystack' });
    const code = account.payoutAccount!.subaccountCode!;
    expect(code).toMatch(/^ACCT_fake/);

    // Same account again: nothing to tell Paystack.
    await authed(t, 'PUT', '/api/payments/payout-account', ada.token, {
      bank: '057',
      accountNumber: '1234567890',
      password: ada.password,
    });
    expect(fake.requestsTo('/subaccount')).toHaveLength(1);

    fake.accounts.set('058:0123456789', 'ADA OKAFOR');
    const changed = await authed(t, 'PUT', '/api/payments/payout-account', ada.token, {
      bank: '058',
      accountNumber: '0123456789',
      password: ada.password,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const [updated] = fake.requestsTo(`/subaccount/${code}`, 'PUT');
    expect(updated!.body).toMatchObject({
      settlement_bank: '058',
      account_number: '0123456789',
      percentage_charge: 1.5,
    });
    expect(changed.json().payoutAccount).toMatchObject({
      subaccountCode: code,
      bankCode: '058',
      accountName: 'ADA OKAFOR',
    });
  });

  it('ensureSubaccount (checkout) creates the subaccount for an account carried over by the migration', async () => {
    const someone = await organiser(t);
    await t.deps.db.insert(payoutAccounts).values({
      userId: someone.user._id,
      bankCode: '',
      bankName: 'Zenith Bank',
      accountNumber: '1234567890',
      accountName: 'CARRIED OVER',
      providerMode: 'test',
    });
    const code = await ensureSubaccount(t.deps, someone.user._id);
    expect(code).toMatch(/^ACCT_fake/);
    expect(fake.subaccounts.get(code!)).toMatchObject({ settlement_bank: '057', percentage_charge: 1.5 });
    const [row] = await t.deps.db
      .select()
      .from(payoutAccounts)
      .where(eq(payoutAccounts.userId, someone.user._id));
    expect(row).toMatchObject({ bankCode: '057', providerMode: 'paystack', subaccountCode: code });
    // Second call: already there, nothing sent.
    const before = fake.requestsTo('/subaccount').length;
    expect(await ensureSubaccount(t.deps, someone.user._id)).toBe(code);
    expect(fake.requestsTo('/subaccount')).toHaveLength(before);
    expect(await ensureSubaccount(t.deps, (await organiser(t)).user._id)).toBeNull();
  });

  it('a Paystack outage: banks answer an empty flagged list; resolve is a 502 with a message', async () => {
    const down = await startFakePaystack({ secret: fake.secret });
    down.route('GET', '/bank', () => fail(503, 'Service unavailable'));
    down.route('GET', '/bank/resolve', () => fail(503, 'Service unavailable'));
    const t2 = await buildTestApp(database, {
      env: { PAYSTACK_SECRET_KEY: down.secret, PAYSTACK_BASE_URL: down.url },
    });
    try {
      const someone = await organiser(t2);
      const banks = banksResponse.parse(
        (await authed(t2, 'GET', '/api/payments/banks', someone.token)).json(),
      );
      expect(banks).toEqual({
        mode: 'paystack',
        banks: [],
        available: false,
        message: 'Banks could not be loaded. Please try again in a moment.',
      });
      const resolve = await authed(
        t2,
        'GET',
        '/api/payments/resolve?account_number=1234567890&bank_code=057',
        someone.token,
      );
      expect(resolve.statusCode).toBe(502);
      expect(resolve.json().message).toBe(
        'Account lookup is unavailable right now. Please try again in a moment.',
      );
    } finally {
      await t2.close();
      await down.close();
    }
  });
});
