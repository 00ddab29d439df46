import type { AppConfig } from '../../config';
import type { Database } from '../../db/client';
import { createPaystackTransactions } from './paystackTransactions';
import { createTestTransactions, type TestTransactions } from './testTransactions';
import type { PaymentTransactions } from './types';

/** Paystack when PAYSTACK_SECRET_KEY is set; otherwise the built-in test-mode provider. */
export function createPaymentTransactions(
  config: AppConfig,
  db: Database,
): PaymentTransactions | TestTransactions {
  if (config.paystackSecretKey) {
    return createPaystackTransactions({
      secretKey: config.paystackSecretKey,
      baseUrl: config.paystackBaseUrl,
    });
  }
  return createTestTransactions({ db, appUrl: config.appUrl });
}

export function isTestTransactions(p: PaymentTransactions): p is TestTransactions {
  return p.mode === 'test';
}
