import { and, eq, lte } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { testPayments } from '../../db/schema';
import { paystackLocalFeeKobo } from './paystackPricing';
import type { InitializeInput, PaymentTransactions, VerifiedTransaction } from './types';

export type TestPaymentRow = typeof testPayments.$inferSelect;

/**
 * The built-in provider used when PAYSTACK_SECRET_KEY is unset: a labelled payment page of our own
 * (/pay/test/{reference}, rendered by the SPA) where the buyer presses Pay or Decline. Its ledger is
 * the test_payments table, so verify answers exactly like Paystack would — and the checkout code
 * runs the same confirmation path in both modes. No money moves.
 */
export type TestTransactions = PaymentTransactions & {
  readonly mode: 'test';
  find(reference: string): Promise<TestPaymentRow | null>;
  /** The page's Pay / Decline. Only a pending payment can be decided; returns the row after. */
  decide(reference: string, decision: 'success' | 'failed'): Promise<TestPaymentRow | null>;
};

export function createTestTransactions(opts: { db: Database; appUrl: string }): TestTransactions {
  const { db } = opts;

  async function find(reference: string) {
    const [row] = await db.select().from(testPayments).where(eq(testPayments.reference, reference)).limit(1);
    return row ?? null;
  }

  return {
    mode: 'test',
    find,

    async initializeTransaction(input: InitializeInput) {
      const orderId = typeof input.metadata?.orderId === 'string' ? input.metadata.orderId : null;
      if (!orderId) throw new Error('test-mode payments need metadata.orderId');
      await db.insert(testPayments).values({
        reference: input.reference,
        orderId,
        email: input.email,
        amountKobo: input.amountKobo,
        callbackUrl: input.callbackUrl,
        // Kept on the ledger as Paystack would hold it, so test mode shows who takes what.
        split: input.split ?? null,
      });
      return {
        // On the same site as the return: the buyer's session lives on that origin.
        authorizationUrl: `${originOf(input.callbackUrl, opts.appUrl)}/pay/test/${encodeURIComponent(input.reference)}`,
        reference: input.reference,
      };
    },

    async verifyTransaction(reference: string): Promise<VerifiedTransaction> {
      const row = await find(reference);
      if (!row) {
        return {
          reference,
          status: 'unknown',
          amountKobo: -1,
          currency: '',
          paidAt: null,
          transactionId: null,
          feesKobo: null,
        };
      }
      return {
        reference,
        status: row.status,
        amountKobo: row.amountKobo,
        currency: 'NGN',
        paidAt: row.status === 'success' ? (row.decidedAt?.toISOString() ?? null) : null,
        transactionId: row.reference,
        // What Paystack would have kept (no money moves in test mode): the money screens read alike.
        feesKobo: row.status === 'success' ? paystackLocalFeeKobo(row.amountKobo) : null,
      };
    },

    async refund(input) {
      await db
        .update(testPayments)
        .set({ status: 'reversed' })
        .where(
          and(
            eq(testPayments.reference, input.reference),
            eq(testPayments.status, 'success'),
            // A partial refund (decision 044) leaves the payment standing; a whole one reverses it.
            input.amountKobo === undefined ? undefined : lte(testPayments.amountKobo, input.amountKobo),
          ),
        );
      // Nothing to wait for: no bank is involved.
      return { status: 'processed' };
    },

    async listRefunds() {
      // Test mode keeps no refund list, and a repeated test refund moves no money.
      return null;
    },

    verifyWebhookSignature() {
      // Test mode has no webhooks; nothing signed by Paystack is ever accepted without its key.
      return false;
    },

    async decide(reference, decision) {
      await db
        .update(testPayments)
        .set({ status: decision, decidedAt: new Date() })
        .where(and(eq(testPayments.reference, reference), eq(testPayments.status, 'pending')));
      return find(reference);
    },
  };
}

function originOf(url: string, fallback: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return fallback;
  }
}
