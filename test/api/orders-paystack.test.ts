import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Order, orderResponse } from '../../contract/orders';
import { createPaystackTransactions } from '../../server/adapters/payments/paystackTransactions';
import {
  issuedTickets,
  mailOutbox,
  orderEvents,
  orders,
  paymentAttempts,
  ticketTypes,
} from '../../server/db/schema';
import { loadTicketSigner } from '../../server/modules/issued-tickets/signing';
import { sweepOnce } from '../../server/modules/orders/sweeper';
import { buyerOf, eventWithTypes, type Person, people, person } from '../helpers/checkout';
import { testDatabases } from '../helpers/databases';
import { type FakePaystack, startFakePaystack } from '../helpers/fakePaystack';
import { addCheckoutRoutes, type FakeCheckout, sign } from '../helpers/fakePaystackCheckout';
import { paystackApp } from '../helpers/paystackApp';
import type { TestApp } from '../helpers/testApp';

describe('Paystack transactions adapter against the fake Paystack server', () => {
  let fake: FakePaystack;
  let ledger: FakeCheckout;
  beforeAll(async () => {
    fake = await startFakePaystack();
    ledger = addCheckoutRoutes(fake);
  });
  afterAll(async () => fake?.close());

  it('initializes in kobo with our reference, callback, channels and subaccount; verifies; refunds', async () => {
    const p = createPaystackTransactions({ secretKey: fake.secret, baseUrl: fake.url });
    const started = await p.initializeTransaction({
      email: 'ada@example.ng',
      amountKobo: 10_150_000,
      reference: 'GP-ABC.123',
      callbackUrl: 'http://app.test/orders/1',
      subaccount: 'ACCT_x',
    });
    expect(started).toEqual({
      authorizationUrl: 'https://checkout.paystack.test/GP-ABC.123',
      reference: 'GP-ABC.123',
    });
    const sent = fake.requestsTo('/transaction/initialize')[0]!.body as Record<string, unknown>;
    expect(sent).toMatchObject({
      amount: 10_150_000,
      currency: 'NGN',
      reference: 'GP-ABC.123',
      callback_url: 'http://app.test/orders/1',
      subaccount: 'ACCT_x',
      channels: ['card', 'bank', 'ussd', 'bank_transfer'],
    });
    expect((await p.verifyTransaction('GP-ABC.123')).status).toBe('unknown'); // Paystack says 'ongoing'
    ledger.pay('GP-ABC.123');
    const verified = await p.verifyTransaction('GP-ABC.123');
    expect(verified).toMatchObject({ status: 'success', amountKobo: 10_150_000, currency: 'NGN' });
    expect(
      await p.refund({
        reference: 'GP-ABC.123',
        transactionId: verified.transactionId,
        amountKobo: 10_150_000,
      }),
    ).toEqual({
      status: 'pending',
    });
    expect(ledger.refunds).toMatchObject([{ transaction: verified.transactionId, amount: 10_150_000 }]);
    // The provider's list for that payment, amounts arriving as strings, read as kobo.
    expect(await p.listRefunds({ reference: 'GP-ABC.123', transactionId: verified.transactionId })).toEqual([
      { amountKobo: 10_150_000, status: 'pending' },
    ]);
    expect(await p.listRefunds({ reference: 'GP-OTHER', transactionId: '1' })).toEqual([]);
    await expect(p.verifyTransaction('unknown-ref')).rejects.toThrow(/Paystack refused/);
    const wrongKey = createPaystackTransactions({ secretKey: 'sk_wrong', baseUrl: fake.url });
    await expect(wrongKey.verifyTransaction('GP-ABC.123')).rejects.not.toThrow(/sk_wrong/);
  });

  it('webhook signatures: HMAC-SHA512 of the raw bytes with the secret, nothing else', () => {
    const p = createPaystackTransactions({ secretKey: fake.secret, baseUrl: fake.url });
    const body = Buffer.from('{"event":"charge.success","data":{"reference":"x"}}');
    expect(p.verifyWebhookSignature(body, sign(body.toString(), fake.secret))).toBe(true);
    expect(p.verifyWebhookSignature(body, sign(body.toString(), 'other'))).toBe(false);
    expect(p.verifyWebhookSignature(Buffer.from(`${body} `), sign(body.toString(), fake.secret))).toBe(false);
    expect(p.verifyWebhookSignature(body, undefined)).toBe(false);
    expect(p.verifyWebhookSignature(body, 'abc')).toBe(false);
  });
});

describe.each(testDatabases)('Checkout with Paystack (fake server) on $name', (database) => {
  let t: TestApp;
  let fake: FakePaystack;
  let ledger: FakeCheckout;
  let organiser: Person;
  beforeAll(async () => {
    ({ t, fake, ledger, organiser } = await paystackApp(database));
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  const as = (p: Person | null, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      ...(payload ? { payload } : {}),
      headers: p ? { authorization: `Bearer ${p.token}` } : {},
    });
  const webhook = (body: string, signature?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/payments/webhook',
      payload: body,
      headers: {
        'content-type': 'application/json',
        ...(signature ? { 'x-paystack-signature': signature } : {}),
      },
    });
  const orderRow = async (id: string) => (await t.deps.db.select().from(orders).where(eq(orders.id, id)))[0]!;
  /** The webhook is answered first and handled after: wait until the handling has landed. */
  const until = async (check: () => Promise<boolean>) => {
    for (let i = 0; i < 100; i += 1) {
      if (await check()) return;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error('condition not reached');
  };

  async function payable(buyer: Person, capacity = 10) {
    const { event, types } = await eventWithTypes(t.deps.db, organiser.id, [
      { name: 'Regular', priceKobo: 1_000_000, capacity },
    ]);
    const res = await as(buyer, 'POST', '/api/orders', {
      eventId: event.id,
      items: { [types[0]!.id]: 2 },
      buyer: buyerOf(buyer),
    });
    const order = orderResponse.parse(res.json()).order;
    const pay = await as(buyer, 'POST', `/api/orders/${order._id}/pay`, {
      acceptTerms: true,
      emailUpdates: false,
    });
    expect(pay.statusCode, pay.body).toBe(200);
    return {
      event,
      types,
      order,
      reference: pay.json().reference as string,
      url: pay.json().authorizationUrl as string,
    };
  }

  it('pay initializes with Paystack: kobo amount, the attempt reference, callback to /orders/{id}, the organiser subaccount', async () => {
    const buyer = await person(t.deps.db);
    const { order, reference, url } = await payable(buyer);
    expect(url).toBe(`https://checkout.paystack.test/${reference}`);
    const tx = ledger.transactions.get(reference)!;
    expect(tx.amount).toBe(2_030_000);
    expect(tx.body).toMatchObject({
      callback_url: `http://gatepass.test/orders/${order._id}`,
      subaccount: 'ACCT_organiser1',
      email: buyer.email,
    });
    expect((await orderRow(order._id)).testMode).toBe(false);
  });

  it('bad webhook signature → 401 and nothing changes', async () => {
    const buyer = await person(t.deps.db);
    const { order, reference } = await payable(buyer);
    ledger.pay(reference);
    const { body } = ledger.chargeSuccess(reference);
    expect((await webhook(body, sign(body, 'sk_not_ours'))).statusCode).toBe(401);
    expect((await webhook(body)).statusCode).toBe(401);
    const tampered = ledger.chargeSuccess(reference);
    expect((await webhook(tampered.body.replace('2030000', '2030001'), tampered.signature)).statusCode).toBe(
      401,
    );
    await new Promise((r) => setTimeout(r, 200));
    expect((await orderRow(order._id)).status).toBe('reserved');
    expect(
      await t.deps.db.select().from(issuedTickets).where(eq(issuedTickets.orderId, order._id)),
    ).toHaveLength(0);
  });

  it('the same valid webhook 20 times (and the return verify) → paid once, one ticket set, one email', async () => {
    const buyer = await person(t.deps.db);
    const { order, reference } = await payable(buyer);
    ledger.pay(reference);
    const { body, signature } = ledger.chargeSuccess(reference);
    const answers = await Promise.all([
      ...Array.from({ length: 20 }, () => webhook(body, signature)),
      as(buyer, 'POST', `/api/orders/${order._id}/verify`),
    ]);
    expect(answers.slice(0, 20).every((a) => a.statusCode === 200)).toBe(true);
    await until(async () => (await orderRow(order._id)).status === 'paid');
    const mails = () => t.deps.db.select().from(mailOutbox).where(eq(mailOutbox.to, buyer.email));
    await until(async () => (await mails()).length > 0);
    // Give any duplicate handling time to land, then count.
    await new Promise((r) => setTimeout(r, 1000));
    expect(
      await t.deps.db.select().from(issuedTickets).where(eq(issuedTickets.orderId, order._id)),
    ).toHaveLength(2);
    const paidTransitions = await t.deps.db
      .select()
      .from(orderEvents)
      .where(sql`${orderEvents.orderId} = ${order._id} and ${orderEvents.toStatus} = 'paid'`);
    expect(paidTransitions).toHaveLength(1);
    expect(await mails()).toHaveLength(1);
    const final = orderResponse.parse((await as(buyer, 'GET', `/api/orders/${order._id}`)).json()).order;
    expect(final).toMatchObject({ status: 'paid', testMode: false });
  });

  it('the return to /orders/{id} verifies with Paystack (no webhook needed); pending stays reserved', async () => {
    const buyer = await person(t.deps.db);
    const { order, reference } = await payable(buyer);
    const early = orderResponse.parse(
      (await as(buyer, 'POST', `/api/orders/${order._id}/verify`)).json(),
    ).order;
    expect(early).toMatchObject({ status: 'reserved', payment: 'pending' });
    ledger.pay(reference);
    const paid = orderResponse.parse(
      (await as(buyer, 'POST', `/api/orders/${order._id}/verify`)).json(),
    ).order;
    expect(paid.status).toBe('paid');
    expect(paid.tickets).toHaveLength(2);
  });

  it('amount mismatch → not paid', async () => {
    const buyer = await person(t.deps.db);
    const { order, reference } = await payable(buyer);
    ledger.pay(reference, 100);
    const { body, signature } = ledger.chargeSuccess(reference);
    expect((await webhook(body, signature)).statusCode).toBe(200);
    const after = orderResponse.parse(
      (await as(buyer, 'POST', `/api/orders/${order._id}/verify`)).json(),
    ).order;
    expect(after.status).toBe('reserved');
    expect(after.payment).toBe('failed');
    const [attempt] = await t.deps.db
      .select()
      .from(paymentAttempts)
      .where(eq(paymentAttempts.reference, reference));
    expect(attempt!.status).toBe('failed');
  });

  it('late payment, seats gone: refund_due, POST /refund, then refund.processed (string amount) → refunded', async () => {
    const [buyer, rival] = await people(t.deps.db, 2);
    const { order, event, types, reference } = await payable(buyer!, 2);
    await t.deps.db
      .update(orders)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(orders.id, order._id));
    await as(buyer!, 'GET', `/api/orders/${order._id}`);
    const taken = await as(rival!, 'POST', '/api/orders', {
      eventId: event.id,
      items: { [types[0]!.id]: 2 },
      buyer: buyerOf(rival!),
    });
    expect(taken.statusCode).toBe(201);
    ledger.pay(reference);
    const { body, signature } = ledger.chargeSuccess(reference);
    await webhook(body, signature);
    await until(async () => (await orderRow(order._id)).status === 'refund_due');
    await until(async () =>
      ledger.refunds.some((r) => String(r.transaction) === String(ledger.transactions.get(reference)!.id)),
    );
    const refund = ledger.webhook('refund.processed', {
      status: 'processed',
      transaction_reference: reference,
      amount: '2030000',
      currency: 'NGN',
    });
    expect((await webhook(refund.body, refund.signature)).statusCode).toBe(200);
    await until(async () => (await orderRow(order._id)).status === 'refunded');
    const [sold] = await t.deps.db
      .select({ sold: ticketTypes.sold })
      .from(ticketTypes)
      .where(eq(ticketTypes.id, types[0]!.id));
    expect(sold!.sold).toBe(2);
    expect(
      (await t.deps.db.select().from(mailOutbox).where(eq(mailOutbox.to, buyer!.email))).map(
        (m) => m.subject,
      ),
    ).toEqual(['Refund for your Afrobeats Night Lagos order']);
  });

  it('transfer.* and unknown events are acknowledged and ignored', async () => {
    for (const event of ['transfer.success', 'transfer.failed', 'subscription.create']) {
      const { body, signature } = ledger.webhook(event, { reference: 'whatever', amount: 5 });
      const res = await webhook(body, signature);
      expect(res.statusCode).toBe(200);
    }
  });

  it('the sweeper re-verifies a payment whose webhook was lost', async () => {
    const buyer = await person(t.deps.db);
    const { order, reference } = await payable(buyer);
    ledger.pay(reference);
    await t.deps.db
      .update(paymentAttempts)
      .set({ createdAt: sql`now() - interval '5 minutes'` })
      .where(eq(paymentAttempts.reference, reference));
    // The app's own loop sweeps once a minute; run one sweep now with the app's dependencies.
    await sweepOnce({
      ...t.deps,
      signer: await loadTicketSigner(t.deps.db, undefined),
      log: { info() {}, warn() {}, error() {} },
    });
    const after: Order = orderResponse.parse(
      (await as(buyer, 'GET', `/api/orders/${order._id}`)).json(),
    ).order;
    expect(after.status).toBe('paid');
  });
});
