import type { AppConfig } from '../../server/config';
import { payoutAccounts } from '../../server/db/schema';
import { type Person, person } from './checkout';
import type { TestDatabase } from './databases';
import { type FakePaystack, startFakePaystack } from './fakePaystack';
import { addCheckoutRoutes, type FakeCheckout } from './fakePaystackCheckout';
import { buildTestApp, type TestApp } from './testApp';

export type PaystackApp = {
  t: TestApp;
  fake: FakePaystack;
  ledger: FakeCheckout;
  /** An organiser whose payout account is a Paystack subaccount, so their paid tickets go through Paystack. */
  organiser: Person;
  close(): Promise<void>;
};

/** The app wired to the local fake Paystack server (its real JSON), with one organiser ready to sell. */
export async function paystackApp(
  database: TestDatabase,
  config: Partial<AppConfig> = {},
): Promise<PaystackApp> {
  const fake = await startFakePaystack();
  const ledger = addCheckoutRoutes(fake);
  const t = await buildTestApp(database, {
    env: { APP_URL: 'http://gatepass.test', PAYSTACK_SECRET_KEY: fake.secret, PAYSTACK_BASE_URL: fake.url },
    config,
  });
  const organiser = await person(t.deps.db, 'organiser');
  await t.deps.db.insert(payoutAccounts).values({
    userId: organiser.id,
    bankCode: '058',
    bankName: 'Guaranty Trust Bank',
    accountNumber: '0123456789',
    accountName: 'ADA OKAFOR',
    subaccountCode: 'ACCT_organiser1',
    providerMode: 'paystack',
  });
  return {
    t,
    fake,
    ledger,
    organiser,
    close: async () => {
      await t.close();
      await fake.close();
    },
  };
}
