import { describe, expect, it } from 'vitest';
import {
  ConfigError,
  loadConfig,
  PAYSTACK_NEEDS_KEY,
  PRODUCTION_NEEDS_PAYMENTS,
  PRODUCTION_REFUSES_SAMPLE_DATA,
} from '../../server/config';

/** How the environment becomes the payments mode and the sample-data switch, in and out of production. */
const load = (env: Record<string, string>) => loadConfig(env);

describe('payments mode', () => {
  it('outside production, no key means the test-mode provider', () => {
    const config = load({ NODE_ENV: 'development' });
    expect(config.paymentsMode).toBe('test');
    expect(config.paystackSecretKey).toBeUndefined();
  });

  it('a key means Paystack, in and out of production', () => {
    for (const NODE_ENV of ['development', 'production']) {
      const config = load({ NODE_ENV, PAYSTACK_SECRET_KEY: 'sk_live_x' });
      expect(config.paymentsMode).toBe('paystack');
      expect(config.paystackSecretKey).toBe('sk_live_x');
    }
  });

  it('production without a key is refused, an empty key too', () => {
    for (const env of [{}, { PAYSTACK_SECRET_KEY: '' }] as Record<string, string>[]) {
      expect(() => load({ NODE_ENV: 'production', ...env })).toThrowError(
        new ConfigError(PRODUCTION_NEEDS_PAYMENTS),
      );
    }
  });

  it('production with PAYMENTS=test runs the test provider, and drops a key that is set anyway', () => {
    expect(load({ NODE_ENV: 'production', PAYMENTS: 'test' }).paymentsMode).toBe('test');
    const withKey = load({ NODE_ENV: 'production', PAYMENTS: 'test', PAYSTACK_SECRET_KEY: 'sk_live_x' });
    expect(withKey.paymentsMode).toBe('test');
    expect(withKey.paystackSecretKey).toBeUndefined();
  });

  it('PAYMENTS=paystack needs the key, in and out of production', () => {
    for (const NODE_ENV of ['development', 'production']) {
      expect(() => load({ NODE_ENV, PAYMENTS: 'paystack' })).toThrowError(
        new ConfigError(PAYSTACK_NEEDS_KEY),
      );
      expect(load({ NODE_ENV, PAYMENTS: 'paystack', PAYSTACK_SECRET_KEY: 'k' }).paymentsMode).toBe(
        'paystack',
      );
    }
  });

  it('an unknown PAYMENTS value is refused with the variable named', () => {
    expect(() => load({ PAYMENTS: 'stripe' })).toThrowError(/Invalid configuration: PAYMENTS/);
  });
});

describe('sample data', () => {
  it('is loaded by default outside production, and can be turned off', () => {
    expect(load({ NODE_ENV: 'development' }).seedSampleData).toBe(true);
    expect(load({ NODE_ENV: 'development', SEED_SAMPLE_DATA: 'false' }).seedSampleData).toBe(false);
  });

  it('is off by default in production', () => {
    expect(load({ NODE_ENV: 'production', PAYMENTS: 'test' }).seedSampleData).toBe(false);
    expect(load({ NODE_ENV: 'production', PAYMENTS: 'test', SEED_SAMPLE_DATA: 'false' }).seedSampleData).toBe(
      false,
    );
  });

  it('asked for explicitly in production, it is refused', () => {
    for (const value of ['true', '1', 'yes', 'on']) {
      expect(() => load({ NODE_ENV: 'production', PAYMENTS: 'test', SEED_SAMPLE_DATA: value })).toThrowError(
        new ConfigError(PRODUCTION_REFUSES_SAMPLE_DATA),
      );
    }
  });
});
