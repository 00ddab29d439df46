import type { PaystackClient } from './paystackClient';
import {
  type Bank,
  type PaymentBanking,
  PaymentProviderError,
  type ResolvedAccount,
  type SubaccountInput,
} from './types';

/** Paystack keeps the bank list stable; one fetch a day is plenty and spares every form load a round trip. */
export const BANK_LIST_TTL_MS = 24 * 60 * 60 * 1000;

type PaystackBank = { id: number; name: string; code: string; active?: boolean; is_deleted?: boolean | null };

/**
 * Banking half on Paystack: GET /bank?country=nigeria (cached for a day, one request in flight at a
 * time), GET /bank/resolve, POST /subaccount or PUT /subaccount/:code. Failures throw
 * PaymentProviderError; a number Paystack cannot resolve is `null`, not an error.
 */
export function createPaystackBanking(client: PaystackClient, now: () => number = Date.now): PaymentBanking {
  let cached: { banks: Bank[]; at: number } | null = null;
  let inFlight: Promise<Bank[]> | null = null;

  async function fetchBanks(): Promise<Bank[]> {
    const answer = await client.request<PaystackBank[]>('GET', '/bank?country=nigeria&perPage=100');
    if (!Array.isArray(answer.data)) throw new PaymentProviderError('Paystack bank list was not a list');
    const banks = answer.data
      .filter(
        (b) =>
          b.active !== false && !b.is_deleted && typeof b.code === 'string' && typeof b.name === 'string',
      )
      .map((b) => ({ id: Number(b.id), name: b.name, code: b.code }));
    cached = { banks, at: now() };
    return banks;
  }

  return {
    mode: 'paystack',

    async listBanks() {
      if (cached && now() - cached.at < BANK_LIST_TTL_MS) return cached.banks;
      inFlight ??= fetchBanks().finally(() => {
        inFlight = null;
      });
      return inFlight;
    },

    async resolveAccount(accountNumber, bankCode): Promise<ResolvedAccount | null> {
      const query = new URLSearchParams({ account_number: accountNumber, bank_code: bankCode });
      try {
        const answer = await client.request<{ account_number: string; account_name: string }>(
          'GET',
          `/bank/resolve?${query}`,
        );
        if (!answer.data?.account_name) return null;
        return {
          accountNumber: answer.data.account_number ?? accountNumber,
          accountName: answer.data.account_name,
          bankCode,
        };
      } catch (error) {
        // Paystack answers 422 (sometimes 400) "Could not resolve account name" for unknown numbers.
        if (error instanceof PaymentProviderError && (error.status === 422 || error.status === 400))
          return null;
        throw error;
      }
    },

    async upsertSubaccount(input: SubaccountInput) {
      const body = {
        business_name: input.businessName,
        settlement_bank: input.bankCode,
        account_number: input.accountNumber,
        percentage_charge: input.percentageCharge,
      };
      const answer = input.existingCode
        ? await client.request<{ subaccount_code: string }>(
            'PUT',
            `/subaccount/${encodeURIComponent(input.existingCode)}`,
            body,
          )
        : await client.request<{ subaccount_code: string }>('POST', '/subaccount', body);
      const code = answer.data?.subaccount_code ?? input.existingCode;
      if (!code) throw new PaymentProviderError('Paystack did not return a subaccount code');
      return { subaccountCode: code };
    },
  };
}
