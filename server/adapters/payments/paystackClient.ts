import { PaymentProviderError } from './types';

/**
 * The one way we talk to Paystack: JSON over HTTPS with the secret key as a bearer token. Paystack
 * answers `{ status, message, data }`; a non-2xx answer or `status: false` becomes a
 * PaymentProviderError carrying Paystack's HTTP status (never the key, never the URL: resolve URLs
 * carry account numbers). Shared by the banking half (organiser tools) and the transactions half
 * (checkout).
 */
export type PaystackClientConfig = {
  secretKey: string;
  /** https://api.paystack.co, or a local fake in tests. */
  baseUrl: string;
  timeoutMs?: number;
};

export type PaystackEnvelope<T> = { status: boolean; message: string; data: T };

export type PaystackClient = {
  request<T>(method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown): Promise<PaystackEnvelope<T>>;
};

export function createPaystackClient(config: PaystackClientConfig): PaystackClient {
  const base = config.baseUrl.replace(/\/+$/, '');
  return {
    async request<T>(method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown) {
      let response: Response;
      try {
        response = await fetch(`${base}${path}`, {
          method,
          headers: {
            authorization: `Bearer ${config.secretKey}`,
            accept: 'application/json',
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          },
          body: body === undefined ? undefined : JSON.stringify(body),
          signal: AbortSignal.timeout(config.timeoutMs ?? 10_000),
        });
      } catch (error) {
        const reason = error instanceof Error && error.name === 'TimeoutError' ? 'timed out' : 'unreachable';
        throw new PaymentProviderError(`Paystack ${reason} (${method} ${path.split('?')[0]})`);
      }
      let parsed: Partial<PaystackEnvelope<T>> | null = null;
      try {
        parsed = (await response.json()) as Partial<PaystackEnvelope<T>>;
      } catch {
        parsed = null;
      }
      if (!response.ok || !parsed || parsed.status !== true) {
        const message = typeof parsed?.message === 'string' ? parsed.message : `HTTP ${response.status}`;
        throw new PaymentProviderError(
          `Paystack refused ${method} ${path.split('?')[0]}: ${message}`,
          response.status,
        );
      }
      return parsed as PaystackEnvelope<T>;
    },
  };
}
