import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderResponse } from '../../contract/orders';
import { promotersResponse } from '../../contract/promoters';
import { orderPromoters, orders, payoutAccounts, testPayments } from '../../server/db/schema';
import { buyerOf, eventWithTypes, type Person, person } from '../helpers/checkout';
import { testDatabases } from '../helpers/databases';
import { buildTestApp, type TestApp } from '../helpers/testApp';

/**
 * The built-in test-mode provider speaks the split too (decision 064): a promoter whose payout
 * account the test provider holds is settled by split, recorded on the test ledger as Paystack
 * would hold it; an order paid that way is the promoter's after the test page's Pay.
 */
describe.each(testDatabases)('promoters with the test-mode provider on $name', (database) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(database);
  }, 120_000);
  afterAll(async () => t?.close());

  const as = (who: Person | null, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      ...(payload ? { payload } : {}),
      headers: who ? { authorization: `Bearer ${who.token}` } : {},
    });
  const payout = (userId: string, code: string) => ({
    userId,
    bankCode: '058',
    bankName: 'Guaranty Trust Bank',
    accountNumber: '0123456789',
    accountName: 'TEST NAME',
    subaccountCode: code,
    providerMode: 'test' as const,
  });

  it('records the split on the test ledger and the order as settled by split', async () => {
    const organiser = await person(t.deps.db, 'organiser');
    const kemi = await person(t.deps.db, 'promoter');
    await t.deps.db
      .insert(payoutAccounts)
      .values([payout(organiser.id, 'ACCT_test_organiser'), payout(kemi.id, 'ACCT_test_promoter')]);
    const { event, types } = await eventWithTypes(t.deps.db, organiser.id, [{ priceKobo: 2_000_000 }]);
    const added = await as(organiser, 'POST', `/api/events/${event.id}/promoters`, {
      name: 'Kemi',
      email: kemi.email,
      commission: { kind: 'flat', value: 1500 },
    });
    const { code, payoutReady } = promotersResponse.parse(added.json()).promoters[0]!;
    expect(payoutReady).toBe(true);

    const buyer = await person(t.deps.db);
    const reserved = await as(buyer, 'POST', '/api/orders', {
      eventId: event.id,
      items: { [types[0]!.id]: 2 },
      buyer: buyerOf(buyer),
    });
    const orderId = orderResponse.parse(reserved.json()).order._id;
    const pay = await as(buyer, 'POST', `/api/orders/${orderId}/pay`, {
      acceptTerms: true,
      emailUpdates: false,
      refs: [code],
    });
    expect(pay.statusCode, pay.body).toBe(200);
    const reference = pay.json().reference as string;
    const [ledger] = await t.deps.db.select().from(testPayments).where(eq(testPayments.reference, reference));
    expect(ledger?.split).toEqual({
      type: 'flat',
      bearer_type: 'account',
      subaccounts: [
        { subaccount: 'ACCT_test_organiser', share: 4_000_000 - 300_000 },
        { subaccount: 'ACCT_test_promoter', share: 300_000 },
      ],
    });
    expect((await as(buyer, 'POST', `/api/payments/test/${reference}/approve`)).statusCode).toBe(200);
    const [order] = await t.deps.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order?.status).toBe('paid');
    const [attributed] = await t.deps.db
      .select()
      .from(orderPromoters)
      .where(eq(orderPromoters.orderId, orderId));
    expect(attributed).toMatchObject({ settlement: 'split', commissionKobo: 300_000 });
  });
});
