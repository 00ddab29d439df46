import { type AppConfig, ConfigError, PAYSTACK_NEEDS_KEY } from '../../config';
import type { Database } from '../../db/client';
import { createPaystackTransactions } from './paystackTransactions';
import { createTestTransactions, type TestTransactions } from './testTransactions';
import type { PaymentTransactions } from './types';

/** Paystack or the built-in test-mode provider, as the configuration's payments mode says. */
export function createPaymentTransactions(
  config: AppConfig,
  db: Database,
): PaymentTransactions | TestTransactions {
  if (config.paymentsMode === 'paystack') {
    if (!config.paystackSecretKey) throw new ConfigError(PAYSTACK_NEEDS_KEY);
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
