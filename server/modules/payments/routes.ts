import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBody } from '../../../contract/common';
import { koboToNaira } from '../../../contract/money';
import {
  paymentReferenceParams,
  testPaymentDecisionResponse,
  testPaymentResponse,
} from '../../../contract/orders';
import { providerFeesKobo } from '../../adapters/payments/paystackTransactions';
import { isTestTransactions } from '../../adapters/payments/transactions';
import { HttpError } from '../../http/errors';
import { findEvent, findOrder } from '../orders/data';
import type { CheckoutDeps } from '../orders/deps';
import { confirmAttempt, refundProcessed } from './service';

type PaystackEvent = {
  event?: string;
  data?: {
    id?: number | string;
    reference?: string;
    transaction_reference?: string;
    status?: string;
    amount?: number | string;
    currency?: string;
    paid_at?: string | null;
    fees?: number | string | null;
    transaction?: { reference?: string; id?: number | string };
  };
};

/**
 * POST /api/payments/webhook: Paystack's notifications. The signature is an HMAC-SHA512 of the
 * exact bytes sent, so this route keeps the raw body (its own JSON parser, scoped to this plugin)
 * and checks it before reading anything. Bad signature → 401, nothing changes. A good one → 200 at
 * once; the work runs after the answer (Paystack retries slow endpoints), and every path it takes
 * is idempotent.
 */
export const paymentWebhookRoutes =
  (deps: CheckoutDeps): FastifyPluginAsync =>
  async (app) => {
    app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
      done(null, body),
    );

    app.post('/payments/webhook', async (request, reply) => {
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const signature = request.headers['x-paystack-signature'];
      if (!deps.payments.verifyWebhookSignature(raw, typeof signature === 'string' ? signature : undefined)) {
        return reply.code(401).send({ message: 'Invalid signature' });
      }
      let payload: PaystackEvent;
      try {
        payload = JSON.parse(raw.toString('utf8')) as PaystackEvent;
      } catch {
        return reply.code(400).send({ message: 'Body is not JSON' });
      }
      reply.code(200).send({ received: true });
      handleEvent(deps, payload).catch((error) =>
        deps.log.error(
          { event: payload.event, err: String(error) },
          'webhook handling failed; the sweeper re-verifies',
        ),
      );
      return reply;
    });
  };

/** What each Paystack event means to us; anything else (transfer.* payouts, disputes...) is ignored. */
export async function handleEvent(deps: CheckoutDeps, payload: PaystackEvent) {
  const data = payload.data ?? {};
  if (payload.event === 'charge.success' && typeof data.reference === 'string') {
    const amount = Number(data.amount);
    await confirmAttempt(deps, {
      reference: data.reference,
      status: data.status === 'success' ? 'success' : 'unknown',
      amountKobo: Number.isSafeInteger(amount) ? amount : -1,
      currency: typeof data.currency === 'string' ? data.currency : '',
      paidAt: data.paid_at ?? null,
      transactionId: data.id === undefined ? null : String(data.id),
      feesKobo: providerFeesKobo(data.fees),
    });
  }
  if (payload.event === 'refund.processed') {
    const reference = data.transaction_reference ?? data.transaction?.reference;
    const amount = Number(data.amount); // refunds' amounts may arrive as strings
    if (typeof reference === 'string') {
      await refundProcessed(deps, reference, Number.isSafeInteger(amount) ? amount : undefined);
    }
  }
}

/** The test-mode provider's page calls (no auth: the unguessable reference is the key, as on Paystack's page). */
export const testPaymentRoutes =
  (deps: CheckoutDeps): FastifyPluginAsync =>
  async (app) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const payments = deps.payments;
    const notFound = () => new HttpError(404, 'Payment not found');

    r.get(
      '/payments/test/:reference',
      { schema: { params: paymentReferenceParams, response: { 200: testPaymentResponse, 404: errorBody } } },
      async (request) => {
        if (!isTestTransactions(payments)) throw notFound();
        const row = await payments.find(request.params.reference);
        if (!row) throw notFound();
        const event = await findEventOfOrder(deps, row.orderId);
        return {
          reference: row.reference,
          orderId: row.orderId,
          amount: koboToNaira(row.amountKobo),
          email: row.email,
          eventName: event?.eventName ?? '',
          status: row.status === 'reversed' ? 'success' : row.status,
          callbackUrl: row.callbackUrl,
        };
      },
    );

    for (const decision of ['approve', 'decline'] as const) {
      r.post(
        `/payments/test/:reference/${decision}`,
        {
          schema: {
            params: paymentReferenceParams,
            response: { 200: testPaymentDecisionResponse, 404: errorBody, 409: errorBody },
          },
        },
        async (request) => {
          if (!isTestTransactions(payments)) throw notFound();
          const row = await payments.decide(
            request.params.reference,
            decision === 'approve' ? 'success' : 'failed',
          );
          if (!row) throw notFound();
          if (row.status !== (decision === 'approve' ? 'success' : 'failed')) {
            throw new HttpError(409, 'This payment has already been decided.');
          }
          // The same path as a verified Paystack payment.
          await confirmAttempt(deps, await payments.verifyTransaction(row.reference));
          return { status: row.status, callbackUrl: row.callbackUrl };
        },
      );
    }
  };

async function findEventOfOrder(deps: CheckoutDeps, orderId: string) {
  const order = await findOrder(deps.db, orderId);
  return order ? findEvent(deps.db, order.eventId) : null;
}
