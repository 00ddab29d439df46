import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Order, orderResponse } from '../../contract/orders';
import { refundResponse } from '../../contract/refunds';
import { orderRefunds, paymentAttempts } from '../../server/db/schema';
import { loadTicketSigner } from '../../server/modules/issued-tickets/signing';
import { sweepOnce } from '../../server/modules/orders/sweeper';
import { authed } from '../helpers/accounts';
import { buyerOf, eventWithTypes, type Person, person } from '../helpers/checkout';
import { testDatabases } from '../helpers/databases';
import { type FakePaystack, fail, ok } from '../helpers/fakePaystack';
import type { FakeCheckout } from '../helpers/fakePaystackCheckout';
import { paystackApp } from '../helpers/paystackApp';
import type { TestApp } from '../helpers/testApp';

let keys = 0;
const key = () => `refund-${Date.now().toString(36)}-${++keys}`;

/**
 * The organiser's refunds through Paystack (a local fake server speaking its JSON, decision 044): the
 * amount goes to POST /refund; a failure is retried by the sweeper; a request whose answer was lost
 * (an error after Paystack accepted it, or a crash after the claim) is checked against GET /refund
 * first, so the money goes back once; refund.processed after a partial refund leaves the payment paid.
 */
describe.each(testDatabases)('Organiser refunds through Paystack (fake server) on $name', (database) => {
  let t: TestApp;
  let fake: FakePaystack;
  let ledger: FakeCheckout;
  let organiser: Person;
  /** What POST /refund was asked, and whether it answers (it still queues the refund when told to fail after). */
  let asked: { amount?: number }[];
  let mode: 'up' | 'down' | 'accept-then-fail';

  beforeAll(async () => {
    ({ t, fake, ledger, organiser } = await paystackApp(database));
    fake.route('POST', '/refund', (req) => {
      const body = req.body as { transaction: string; amount?: number };
      asked.push(body);
      if (mode === 'down') return fail(500, 'Service unavailable');
      const tx = [...ledger.transactions.values()].find((x) => String(x.id) === String(body.transaction));
      ledger.refunds.push({
        transaction: body.transaction,
        transactionId: tx!.id,
        amount: body.amount,
        status: 'pending',
      });
      if (mode === 'accept-then-fail') return fail(502, 'Bad gateway');
      return ok({ status: 'pending', amount: body.amount }, 'Refund has been queued for processing');
    });
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });
  beforeEach(() => {
    asked = [];
    mode = 'up';
  });

  const sweep = async () =>
    sweepOnce({
      ...t.deps,
      signer: await loadTicketSigner(t.deps.db, undefined),
      log: { info() {}, warn() {}, error() {} },
    });
  const refundRow = async (id: string) =>
    (await t.deps.db.select().from(orderRefunds).where(eq(orderRefunds.id, id)))[0]!;

  /** A buyer pays ₦10,000 a seat for two seats on Paystack (fake). */
  async function paidOrder(): Promise<{ buyer: Person; order: Order; reference: string }> {
    const buyer = await person(t.deps.db);
    const { event, types } = await eventWithTypes(t.deps.db, organiser.id, [
      { name: 'Regular', priceKobo: 1_000_000, capacity: 10 },
    ]);
    const created = await authed(t, 'POST', '/api/orders', buyer.token, {
      eventId: event.id,
      items: { [types[0]!.id]: 2 },
      buyer: buyerOf(buyer),
    });
    const orderId = orderResponse.parse(created.json()).order._id;
    const pay = await authed(t, 'POST', `/api/orders/${orderId}/pay`, buyer.token, {
      acceptTerms: true,
      emailUpdates: false,
    });
    const reference = pay.json().reference as string;
    ledger.pay(reference);
    await authed(t, 'POST', `/api/orders/${orderId}/verify`, buyer.token);
    const order = orderResponse.parse(
      (await authed(t, 'GET', `/api/orders/${orderId}`, buyer.token)).json(),
    ).order;
    expect(order.status).toBe('paid');
    return { buyer, order, reference };
  }
  const refundOne = async (order: Order, index: number) => {
    const res = await authed(t, 'POST', `/api/orders/${order._id}/refunds`, organiser.token, {
      tickets: [order.tickets[index]!.code],
      reason: 'Seat broken',
      requestKey: key(),
    });
    expect(res.statusCode, res.body).toBe(201);
    return refundResponse.parse(res.json()).refund;
  };

  it('provider failure leaves the refund failed; the sweeper asks again and it is done, never twice', async () => {
    const { order } = await paidOrder();
    mode = 'down';
    const done = await refundOne(order, 0);
    expect(done.status).toBe('failed');
    expect(done.amountNaira).toBe(10_000);
    expect(asked[0]).toMatchObject({ amount: 1_000_000 });

    await sweep();
    expect(asked.length).toBe(2);
    expect((await refundRow(done.id)).status).toBe('failed');

    mode = 'up';
    await sweep();
    const row = await refundRow(done.id);
    expect(row.status).toBe('processed');
    expect(asked.length).toBe(3);
    await sweep();
    await sweep();
    expect(asked.length).toBe(3);
    expect(row.tries).toBe(3);
  });

  it('an answer lost after Paystack queued the refund: the sweeper finds it in GET /refund and does not ask again', async () => {
    const { order } = await paidOrder();
    mode = 'accept-then-fail';
    const done = await refundOne(order, 0);
    expect(done.status).toBe('failed');
    expect(asked.length).toBe(1);

    mode = 'up';
    await sweep();
    expect((await refundRow(done.id)).status).toBe('processed');
    expect(asked.length).toBe(1); // listed, so never sent a second time
    expect(fake.requestsTo('/refund', 'GET').length).toBeGreaterThan(0);

    // The other seat is refunded later: its own request goes out (the list holds only the first).
    const second = await refundOne(order, 1);
    expect(second.status).toBe('processed');
    expect(asked.length).toBe(2);
  });

  it('a crash after the claim leaves it pending: after 10 minutes the sweeper checks, asks once if Paystack has none', async () => {
    const { order } = await paidOrder();
    const done = await refundOne(order, 0);
    const lost = await refundOne(order, 1);
    expect(asked.length).toBe(2);
    // As if the process died between claiming these and hearing back: both pending, claimed once.
    // Paystack holds the first (queued before the crash) but never got the second.
    ledger.refunds.pop();
    const stale = sql`now() - interval '11 minutes'`;
    for (const id of [done.id, lost.id]) {
      await t.deps.db
        .update(orderRefunds)
        .set({ status: 'pending', tries: 1, updatedAt: stale })
        .where(eq(orderRefunds.id, id));
    }
    // A claim younger than 10 minutes may still be waiting for its answer: left alone.
    await t.deps.db
      .update(orderRefunds)
      .set({ updatedAt: sql`now() - interval '2 minutes'` })
      .where(eq(orderRefunds.id, lost.id));
    await sweep();
    expect((await refundRow(done.id)).status).toBe('processed');
    expect((await refundRow(lost.id)).status).toBe('pending');
    expect(asked.length).toBe(2);

    await t.deps.db.update(orderRefunds).set({ updatedAt: stale }).where(eq(orderRefunds.id, lost.id));
    await sweep();
    expect((await refundRow(lost.id)).status).toBe('processed');
    expect(asked.length).toBe(3); // the lost one asked once more; the one Paystack had, not again
    await sweep();
    expect(asked.length).toBe(3);
  });

  it('refund.processed after a partial refund: that refund is done, the payment stays paid for the next one', async () => {
    const { order, reference } = await paidOrder();
    mode = 'down';
    const first = await refundOne(order, 0);
    expect(first.status).toBe('failed');
    // Paystack processed it after all (our request timed out after it was queued): its webhook says so.
    const tx = ledger.transactions.get(reference)!;
    ledger.refunds.push({ transaction: tx.id, transactionId: tx.id, amount: 1_000_000, status: 'processed' });
    const hook = ledger.webhook('refund.processed', {
      status: 'processed',
      transaction_reference: reference,
      amount: '1000000',
      currency: 'NGN',
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payments/webhook',
      payload: hook.body,
      headers: { 'content-type': 'application/json', 'x-paystack-signature': hook.signature },
    });
    expect(res.statusCode).toBe(200);
    for (let i = 0; i < 100 && (await refundRow(first.id)).status !== 'processed'; i += 1) {
      await new Promise((r) => setTimeout(r, 50));
    }
    expect((await refundRow(first.id)).status).toBe('processed');
    const [attempt] = await t.deps.db
      .select()
      .from(paymentAttempts)
      .where(eq(paymentAttempts.reference, reference));
    expect(attempt!.refundStatus).toBeNull();
    await sweep();
    expect(asked.length).toBe(1);

    mode = 'up';
    const second = await refundOne(order, 1);
    expect(second).toMatchObject({ status: 'processed', orderStatus: 'refunded', refundedNaira: 20_300 });
  });
});
