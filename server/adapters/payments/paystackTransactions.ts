import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  type InitializeInput,
  PaymentProviderError,
  type PaymentTransactions,
  type VerifiedTransaction,
} from './types';

/** The channels a Nigerian buyer pays with; Paystack shows only these on its page. */
export const PAYSTACK_CHANNELS = ['card', 'bank', 'ussd', 'bank_transfer'] as const;

const TIMEOUT_MS = 15_000;
const STATUSES: VerifiedTransaction['status'][] = ['success', 'failed', 'abandoned', 'pending', 'reversed'];

type PaystackEnvelope<T> = { status: boolean; message?: string; data?: T };

/**
 * Checkout's half of Paystack (https://paystack.com/docs/api/transaction): initialize, verify,
 * refund, and the webhook signature. The base URL is configurable so tests and staging talk to a
 * local server speaking Paystack's JSON. The secret key never leaves this file: not in errors, not
 * in logs.
 */
export function createPaystackTransactions(opts: {
  secretKey: string;
  baseUrl: string;
}): PaymentTransactions {
  const baseUrl = opts.baseUrl.replace(/\/$/, '');

  async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    let response: Response;
    try {
      response = await fetch(`${baseUrl}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${opts.secretKey}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch {
      throw new PaymentProviderError('The payment provider could not be reached. Please try again.');
    }
    const json = (await response.json().catch(() => null)) as PaystackEnvelope<T> | null;
    if (!response.ok || !json?.status || json.data === undefined) {
      const message = typeof json?.message === 'string' ? json.message.slice(0, 200) : 'no message';
      throw new PaymentProviderError(
        `The payment provider refused the request (${message})`,
        response.status,
      );
    }
    return json.data;
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
          ...(input.subaccount ? { subaccount: input.subaccount } : {}),
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
      };
    },

    async refund(input) {
      const data = await call<{ status?: string }>('POST', '/refund', {
        transaction: input.transactionId ?? input.reference,
        ...(input.amountKobo === undefined ? {} : { amount: input.amountKobo }),
      });
      return { status: typeof data.status === 'string' ? data.status : 'pending' };
    },

    verifyWebhookSignature(rawBody: Buffer, signature: string | undefined) {
      if (!signature || !/^[0-9a-f]{128}$/i.test(signature)) return false;
      const expected = createHmac('sha512', opts.secretKey).update(rawBody).digest();
      const given = Buffer.from(signature, 'hex');
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}
