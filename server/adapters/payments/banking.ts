import { createPaystackBanking } from './paystackBanking';
import { createPaystackClient } from './paystackClient';
import { createTestBanking } from './testBanking';
import type { PaymentBanking } from './types';

export type BankingConfig = {
  /** Set: Paystack. Unset: the built-in test-mode provider. */
  paystackSecretKey: string | undefined;
  paystackBaseUrl: string;
};

/** The banking half of the payment provider (bank list, account resolve, split subaccounts). */
export function createBanking(config: BankingConfig): PaymentBanking {
  if (!config.paystackSecretKey) return createTestBanking();
  return createPaystackBanking(
    createPaystackClient({ secretKey: config.paystackSecretKey, baseUrl: config.paystackBaseUrl }),
  );
}
