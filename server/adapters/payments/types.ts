/**
 * The payment provider behind every money call: Paystack when PAYSTACK_SECRET_KEY is set, otherwise
 * the built-in test-mode provider (clearly labelled in the UI). Routes and services only ever see
 * this interface, so tests run either implementation against local servers, never the internet.
 *
 * Two halves, built and wired separately (`deps.banking` and `deps.payments`) so the organiser tools
 * and checkout can grow without colliding:
 * - PaymentBanking (organiser tools): listBanks, resolveAccount, upsertSubaccount
 * - PaymentTransactions (checkout): initializeTransaction, verifyTransaction, refund, verifyWebhookSignature
 * Amounts here are always integer kobo.
 */

export type PaymentMode = 'paystack' | 'test';

export type Bank = { name: string; code: string; id: number };

export type ResolvedAccount = { accountNumber: string; accountName: string; bankCode: string };

export type SubaccountInput = {
  businessName: string;
  bankCode: string;
  accountNumber: string;
  /** Gatepass's share as a percentage (1.5 means 1.5 %), as Paystack's percentage_charge expects. */
  percentageCharge: number;
  /** Set to update an existing subaccount instead of creating one. */
  existingCode?: string | null;
};

/**
 * A dynamic split on one transaction (Paystack's `split` on initialize, decision 064): each
 * subaccount's share in kobo ('flat'); the main account (Gatepass) keeps the rest and bears the fees.
 */
export type PaymentSplit = {
  type: 'flat';
  bearer_type: 'account';
  subaccounts: { subaccount: string; share: number }[];
};

export type InitializeInput = {
  email: string;
  amountKobo: number;
  reference: string;
  callbackUrl: string;
  /** The organiser's subaccount alone (their percentage split); ignored when `split` is given. */
  subaccount?: string | null;
  /**
   * With a subaccount: Gatepass's share in kobo for this payment (Paystack's `transaction_charge`,
   * which overrides the subaccount's percentage), so the organiser's subaccount settles exactly the
   * ticket money and Gatepass exactly its service fee. Gatepass bears Paystack's own fee from that
   * share (`bearer: 'account'`).
   */
  transactionChargeKobo?: number | null;
  split?: PaymentSplit | null;
  metadata?: Record<string, unknown>;
};

export type VerifiedTransaction = {
  reference: string;
  status: 'success' | 'failed' | 'abandoned' | 'pending' | 'reversed' | 'unknown';
  amountKobo: number;
  currency: string;
  paidAt: string | null;
  /** The provider's transaction id, needed for refunds. */
  transactionId: string | null;
  /**
   * What the provider kept of this payment, in kobo, as it reports it (Paystack's `data.fees` on
   * verify and on the charge.success webhook); null when the answer did not say.
   */
  feesKobo: number | null;
};

/** One refund as the provider reports it; `failed` ones gave nothing back. */
export type ProviderRefund = { amountKobo: number; status: string };

export interface PaymentBanking {
  readonly mode: PaymentMode;
  listBanks(): Promise<Bank[]>;
  /** null when the provider cannot resolve the number (unknown account or bank). */
  resolveAccount(accountNumber: string, bankCode: string): Promise<ResolvedAccount | null>;
  /** Creates or updates the organiser's split subaccount; returns its code. */
  upsertSubaccount(input: SubaccountInput): Promise<{ subaccountCode: string }>;
}

export interface PaymentTransactions {
  readonly mode: PaymentMode;
  initializeTransaction(input: InitializeInput): Promise<{ authorizationUrl: string; reference: string }>;
  verifyTransaction(reference: string): Promise<VerifiedTransaction>;
  refund(input: {
    reference: string;
    transactionId: string | null;
    amountKobo?: number;
  }): Promise<{ status: string }>;
  /**
   * The refunds the provider holds for one transaction, so a refund request whose answer was lost (a
   * timeout, a crash) is never sent twice. null when the provider keeps no such list (test mode moves
   * no money, so asking it again is harmless).
   */
  listRefunds(input: { reference: string; transactionId: string | null }): Promise<ProviderRefund[] | null>;
  /** Constant-time check of the webhook signature over the raw request bytes. */
  verifyWebhookSignature(rawBody: Buffer, signature: string | undefined): boolean;
}

/** Thrown by an adapter when the provider is unreachable or answers an error; routes map it to 502. */
export class PaymentProviderError extends Error {
  constructor(
    message: string,
    readonly status: number | null = null,
  ) {
    super(message);
  }
}

export type PaymentProvider = PaymentBanking & PaymentTransactions;
