import { createHmac, timingSafeEqual } from 'node:crypto';
import { createPaystackClient } from './paystackClient';
import {
  type InitializeInput,
  PaymentProviderError,
  type PaymentTransactions,
  type VerifiedTransaction,
} from './types';

/** The channels a Nigerian buyer pays with; Paystack shows only these on its page. */
export const PAYSTACK_CHANNELS = ['card', 'bank', 'ussd', 'bank_transfer'] as const;

const STATUSES: VerifiedTransaction['status'][] = ['success', 'failed', 'abandoned', 'pending', 'reversed'];

/**
 * Checkout's half of Paystack (https://paystack.com/docs/api/transaction): initialize, verify,
 * refund, and the webhook signature. Requests go through the shared Paystack client (base URL
 * configurable, so tests and staging talk to a local server speaking Paystack's JSON). The secret
 * key never leaves the client and this file: not in errors, not in logs.
 */
export function createPaystackTransactions(opts: {
  secretKey: string;
  baseUrl: string;
}): PaymentTransactions {
  const client = createPaystackClient({
    secretKey: opts.secretKey,
    baseUrl: opts.baseUrl,
    timeoutMs: 15_000,
  });
  async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    const envelope = await client.request<T>(method, path, body);
    if (envelope.data === undefined || envelope.data === null) {
      throw new PaymentProviderError(
        `Paystack answered ${method} ${path.split('/').slice(0, 3).join('/')} without data`,
      );
    }
    return envelope.data;
  }

  return {
    mode: 'paystack',

    async initializeTransaction(input: InitializeInput) {
      const data = await call<{ authorization_url: string; reference: string }>(
        'POST',
        '/transaction/initialize',
        {
          email: input.email,
          amount: input.amountKobo,
          currency: 'NGN',
          reference: input.reference,
          callback_url: input.callbackUrl,
          channels: PAYSTACK_CHANNELS,
          // A promoter's share needs the dynamic split (organiser and promoter subaccounts, decision
          // 064); otherwise the organiser's own subaccount, Gatepass's share exactly the service fee
          // (decision 065).
          ...(input.split
            ? { split: input.split }
            : input.subaccount
              ? {
                  subaccount: input.subaccount,
                  bearer: 'account',
                  ...(input.transactionChargeKobo == null
                    ? {}
                    : { transaction_charge: input.transactionChargeKobo }),
                }
              : {}),
          ...(input.metadata ? { metadata: input.metadata } : {}),
        },
      );
      if (typeof data.authorization_url !== 'string' || !/^https?:\/\//.test(data.authorization_url)) {
        throw new PaymentProviderError('The payment provider returned no payment page');
      }
      return { authorizationUrl: data.authorization_url, reference: data.reference ?? input.reference };
    },

    async verifyTransaction(reference: string) {
      const data = await call<{
        id?: number | string;
        status?: string;
        reference?: string;
        amount?: number | string;
        currency?: string;
        paid_at?: string | null;
        fees?: number | string | null;
      }>('GET', `/transaction/verify/${encodeURIComponent(reference)}`);
      const status = STATUSES.find((s) => s === data.status) ?? 'unknown';
      const amount = Number(data.amount);
      return {
        reference: data.reference ?? reference,
        status,
        amountKobo: Number.isSafeInteger(amount) ? amount : -1,
        currency: typeof data.currency === 'string' ? data.currency : '',
        paidAt: data.paid_at ?? null,
        transactionId: data.id === undefined || data.id === null ? null : String(data.id),
        feesKobo: providerFeesKobo(data.fees),
      };
    },

    async refund(input) {
      const data = await call<{ status?: string }>('POST', '/refund', {
        transaction: input.transactionId ?? input.reference,
        ...(input.amountKobo === undefined ? {} : { amount: input.amountKobo }),
      });
      return { status: typeof data.status === 'string' ? data.status : 'pending' };
    },

    async listRefunds(input) {
      // GET /refund lists the integration's refunds; `transaction` narrows it to one payment.
      const transaction = encodeURIComponent(input.transactionId ?? input.reference);
      const data = await call<{ amount?: unknown; status?: unknown }[]>(
        'GET',
        `/refund?transaction=${transaction}&perPage=100`,
      );
      if (!Array.isArray(data)) throw new PaymentProviderError('Paystack listed refunds in an unknown shape');
      return data.map((r) => {
        const amount = Number(r.amount); // refunds' amounts may arrive as strings
        if (!Number.isSafeInteger(amount))
          throw new PaymentProviderError('Paystack listed a refund without an amount');
        return { amountKobo: amount, status: typeof r.status === 'string' ? r.status : 'unknown' };
      });
    },

    verifyWebhookSignature(rawBody: Buffer, signature: string | undefined) {
      if (!signature || !/^[0-9a-f]{128}$/i.test(signature)) return false;
      const expected = createHmac('sha512', opts.secretKey).update(rawBody).digest();
      const given = Buffer.from(signature, 'hex');
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}

/** Paystack's `fees` (kobo, sometimes a string): a non-negative whole number, or null when absent. */
export function providerFeesKobo(fees: unknown): number | null {
  if (fees === undefined || fees === null || fees === '') return null;
  const n = Number(fees);
  return Number.isSafeInteger(n) && n >= 0 ? n : null;
}
