import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createBanking } from '../../server/adapters/payments/banking';
import { NIGERIAN_BANKS } from '../../server/adapters/payments/nigerianBanks';
import { BANK_LIST_TTL_MS, createPaystackBanking } from '../../server/adapters/payments/paystackBanking';
import { createPaystackClient } from '../../server/adapters/payments/paystackClient';
import { TEST_UNRESOLVABLE_PREFIX, testAccountName } from '../../server/adapters/payments/testBanking';
import { PaymentProviderError } from '../../server/adapters/payments/types';
import { type FakePaystack, fail, startFakePaystack } from '../helpers/fakePaystack';

describe('Paystack banking adapter against a local fake Paystack', () => {
  let fake: FakePaystack;
  beforeAll(async () => {
    fake = await startFakePaystack();
  });
  afterAll(() => fake.close());
  beforeEach(() => {
    fake.requests.length = 0;
  });

  const banking = () => createBanking({ paystackSecretKey: fake.secret, paystackBaseUrl: fake.url });

  it('lists active Nigerian banks with the bearer secret', async () => {
    const b = banking();
    expect(b.mode).toBe('paystack');
    const banks = await b.listBanks();
    expect(banks).toEqual([
      { id: 1, name: 'Access Bank', code: '044' },
      { id: 9, name: 'Guaranty Trust Bank', code: '058' },
      { id: 21, name: 'Zenith Bank', code: '057' },
    ]);
    const [request] = fake.requestsTo('/bank', 'GET');
    expect(request!.query.get('country')).toBe('nigeria');
    expect(request!.headers.authorization).toBe(`Bearer ${fake.secret}`);
  });

  it('caches the bank list for a day, and shares one request among concurrent callers', async () => {
    let clock = 1_000_000;
    const b = createPaystackBanking(
      createPaystackClient({ secretKey: fake.secret, baseUrl: fake.url }),
      () => clock,
    );
    await Promise.all([b.listBanks(), b.listBanks(), b.listBanks()]);
    expect(fake.requestsTo('/bank', 'GET').filter((r) => r.path === '/bank')).toHaveLength(1);
    clock += BANK_LIST_TTL_MS - 1;
    await b.listBanks();
    expect(fake.requests.filter((r) => r.path === '/bank')).toHaveLength(1);
    clock += 2;
    await b.listBanks();
    expect(fake.requests.filter((r) => r.path === '/bank')).toHaveLength(2);
  });

  it('does not cache a failed bank list', async () => {
    const b = banking();
    fake.route('GET', '/bank', () => fail(500, 'Paystack is down'));
    await expect(b.listBanks()).rejects.toBeInstanceOf(PaymentProviderError);
    fake.route('GET', '/bank', (_req, f) => ({ body: { status: true, message: 'ok', data: f.banks } }));
    expect(await b.listBanks()).toHaveLength(3);
  });

  it('resolves a known account and answers null for an unknown one', async () => {
    const b = banking();
    expect(await b.resolveAccount('0123456789', '058')).toEqual({
      accountNumber: '0123456789',
      accountName: 'ADA OKAFOR',
      bankCode: '058',
    });
    const [resolve] = fake.requestsTo('/bank/resolve');
    expect(resolve!.query.get('account_number')).toBe('0123456789');
    expect(resolve!.query.get('bank_code')).toBe('058');
    expect(await b.resolveAccount('9999999999', '058')).toBeNull();
  });

  it('a wrong secret is a provider error, not "account not found"', async () => {
    const b = createBanking({ paystackSecretKey: 'sk_test_wrong', paystackBaseUrl: fake.url });
    const error = await b.resolveAccount('0123456789', '058').catch((e) => e);
    expect(error).toBeInstanceOf(PaymentProviderError);
    expect(error.status).toBe(401);
    // Neither the key nor the account number leak into the message.
    expect(error.message).not.toContain('sk_test_wrong');
    expect(error.message).not.toContain('0123456789');
  });

  it('an unreachable Paystack is a provider error', async () => {
    const b = createBanking({ paystackSecretKey: fake.secret, paystackBaseUrl: 'http://127.0.0.1:1' });
    await expect(b.listBanks()).rejects.toBeInstanceOf(PaymentProviderError);
  });

  it('creates a subaccount with percentage_charge as a percentage, then updates it in place', async () => {
    const b = banking();
    const created = await b.upsertSubaccount({
      businessName: 'Ada Okafor Events',
      bankCode: '058',
      accountNumber: '0123456789',
      percentageCharge: 1.5,
    });
    expect(created.subaccountCode).toMatch(/^ACCT_fake/);
    const [post] = fake.requestsTo('/subaccount', 'POST');
    expect(post!.body).toEqual({
      business_name: 'Ada Okafor Events',
      settlement_bank: '058',
      account_number: '0123456789',
      percentage_charge: 1.5,
    });
    const updated = await b.upsertSubaccount({
      businessName: 'Ada Okafor Events',
      bankCode: '044',
      accountNumber: '1234567890',
      percentageCharge: 1.5,
      existingCode: created.subaccountCode,
    });
    expect(updated.subaccountCode).toBe(created.subaccountCode);
    const [put] = fake.requestsTo(`/subaccount/${created.subaccountCode}`, 'PUT');
    expect((put!.body as Record<string, unknown>).settlement_bank).toBe('044');
    expect(fake.subaccounts.get(created.subaccountCode)?.account_number).toBe('1234567890');
  });
});

describe('test-mode banking provider', () => {
  const b = createBanking({ paystackSecretKey: undefined, paystackBaseUrl: 'https://api.paystack.co' });

  it('serves the real list of Nigerian banks with Paystack codes', async () => {
    expect(b.mode).toBe('test');
    const banks = await b.listBanks();
    expect(banks.length).toBe(NIGERIAN_BANKS.length);
    expect(banks).toContainEqual({ id: 9, name: 'Guaranty Trust Bank', code: '058' });
    expect(banks).toContainEqual({ id: 21, name: 'Zenith Bank', code: '057' });
    expect(new Set(banks.map((x) => x.code)).size).toBe(banks.length);
  });

  it('resolves deterministically; numbers starting with 000 and unknown banks do not resolve', async () => {
    const first = await b.resolveAccount('2034567891', '058');
    const again = await b.resolveAccount('2034567891', '058');
    expect(first?.accountName).toMatch(/^[A-Z]+ [A-Z]+$/);
    expect(again).toEqual(first);
    expect(first?.accountName).toBe(testAccountName('2034567891', '058'));
    // A different number gives (almost always) a different name; these two are known to differ.
    const names = new Set(
      await Promise.all(
        ['1111111111', '2222222222', '3333333333', '4444444444'].map(
          async (n) => (await b.resolveAccount(n, '058'))?.accountName,
        ),
      ),
    );
    expect(names.size).toBeGreaterThan(1);
    expect(await b.resolveAccount(`${TEST_UNRESOLVABLE_PREFIX}1234567`, '058')).toBeNull();
    expect(await b.resolveAccount('2034567891', '000000')).toBeNull();
  });

  it('simulates a stable subaccount code', async () => {
    const input = { businessName: 'X', bankCode: '058', accountNumber: '2034567891', percentageCharge: 1.5 };
    const a = await b.upsertSubaccount(input);
    expect(a.subaccountCode).toMatch(/^ACCT_test_[0-9a-f]{12}$/);
    expect((await b.upsertSubaccount(input)).subaccountCode).toBe(a.subaccountCode);
  });
});
