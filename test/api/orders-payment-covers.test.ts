import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Order, orderResponse } from '../../contract/orders';
import {
  discountCodes,
  issuedTickets,
  orders,
  paymentAttempts,
  testPayments,
  ticketTypes,
} from '../../server/db/schema';
import { loadTicketSigner } from '../../server/modules/issued-tickets/signing';
import { sweepOnce } from '../../server/modules/orders/sweeper';
import { buyerOf, eventWithTypes, type Person, person } from '../helpers/checkout';
import { testDatabases } from '../helpers/databases';
import { type FakePaystack, startFakePaystack } from '../helpers/fakePaystack';
import { addCheckoutRoutes, type FakeCheckout } from '../helpers/fakePaystackCheckout';
import { buildTestApp, type TestApp } from '../helpers/testApp';

/**
 * The attack read off the API: start paying for a small order, change what the order holds (more
 * seats, or a discount on or off), then let the first payment complete. Each way of changing the
 * order is tried against each way a payment is confirmed; the first payment must never buy what
 * the order holds now. It is refunded in full, the order stays reserved, and paying the new total
 * still completes it.
 */

const PRICE = 100_000; // ₦1,000 in kobo
const MORE = 8;

type Harness = {
  t: TestApp;
  ledger: FakeCheckout | null;
  organiser: Person;
};

type Change = 'PUT items' | 'POST /api/orders again' | 'discount applied' | 'discount removed';
type Path = 'webhook' | 'verify on return' | 'sweeper' | 'test-mode page';

const CHANGES: Change[] = ['PUT items', 'POST /api/orders again', 'discount applied', 'discount removed'];
const PATHS: Path[] = ['webhook', 'verify on return', 'sweeper', 'test-mode page'];

describe.each(testDatabases)('A payment covers only what it was started for, on $name', (database) => {
  let fake: FakePaystack;
  let paystack: Harness;
  let testMode: Harness;

  beforeAll(async () => {
    fake = await startFakePaystack();
    const ledger = addCheckoutRoutes(fake);
    const withPaystack = await buildTestApp(database, {
      env: { APP_URL: 'http://gatepass.test', PAYSTACK_SECRET_KEY: fake.secret, PAYSTACK_BASE_URL: fake.url },
    });
    paystack = { t: withPaystack, ledger, organiser: await person(withPaystack.deps.db, 'organiser') };
    const inTestMode = await buildTestApp(database, { env: { APP_URL: 'http://gatepass.test' } });
    testMode = { t: inTestMode, ledger: null, organiser: await person(inTestMode.deps.db, 'organiser') };
  });
  afterAll(async () => {
    await paystack?.t.close();
    await testMode?.t.close();
    await fake?.close();
  });

  const as = (
    h: Harness,
    p: Person | null,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
  ) =>
    h.t.app.inject({
      method,
      url,
      ...(payload ? { payload } : {}),
      headers: p ? { authorization: `Bearer ${p.token}` } : {},
    });

  const until = async (check: () => Promise<boolean>) => {
    for (let i = 0; i < 100; i += 1) {
      if (await check()) return;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error('condition not reached');
  };

  const orderRow = async (h: Harness, id: string) =>
    (await h.t.deps.db.select().from(orders).where(eq(orders.id, id)))[0]!;
  const attemptRow = async (h: Harness, reference: string) =>
    (await h.t.deps.db.select().from(paymentAttempts).where(eq(paymentAttempts.reference, reference)))[0]!;
  const liveTickets = async (h: Harness, orderId: string) =>
    h.t.deps.db
      .select()
      .from(issuedTickets)
      .where(and(eq(issuedTickets.orderId, orderId), isNull(issuedTickets.revokedAt)));

  async function pay(h: Harness, buyer: Person, order: { _id: string }) {
    const res = await as(h, buyer, 'POST', `/api/orders/${order._id}/pay`, {
      acceptTerms: true,
      emailUpdates: false,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().reference as string;
  }

  /** The buyer completes payment `reference` by `path`, and the server has finished handling it. */
  async function confirm(h: Harness, path: Path, buyer: Person, orderId: string, reference: string) {
    if (path === 'test-mode page') {
      const res = await as(h, null, 'POST', `/api/payments/test/${reference}/approve`);
      expect(res.statusCode, res.body).toBe(200);
      return;
    }
    const ledger = h.ledger!;
    ledger.pay(reference);
    if (path === 'webhook') {
      const { body, signature } = ledger.chargeSuccess(reference);
      const res = await h.t.app.inject({
        method: 'POST',
        url: '/api/payments/webhook',
        payload: body,
        headers: { 'content-type': 'application/json', 'x-paystack-signature': signature },
      });
      expect(res.statusCode).toBe(200);
      // Handled after the answer: wait until the attempt is settled one way or the other.
      await until(async () => {
        const attempt = await attemptRow(h, reference);
        const order = await orderRow(h, orderId);
        return attempt.status !== 'pending' && (order.status === 'paid' || attempt.refundStatus !== null);
      });
      return;
    }
    if (path === 'verify on return') {
      const res = await as(h, buyer, 'POST', `/api/orders/${orderId}/verify`);
      expect(res.statusCode, res.body).toBe(200);
      return;
    }
    // The sweeper asks about attempts pending for more than 30 seconds.
    await h.t.deps.db
      .update(paymentAttempts)
      .set({ createdAt: sql`now() - interval '5 minutes'` })
      .where(eq(paymentAttempts.reference, reference));
    await sweepOnce({
      ...h.t.deps,
      signer: await loadTicketSigner(h.t.deps.db, undefined),
      log: { info() {}, warn() {}, error() {} },
    } as Parameters<typeof sweepOnce>[0]);
  }

  /** Reserve 1 seat, start paying, change the order by `change`; returns the first payment's reference. */
  async function attack(h: Harness, change: Change) {
    const buyer = await person(h.t.deps.db);
    const { event, types } = await eventWithTypes(h.t.deps.db, h.organiser.id, [
      { name: 'Regular', priceKobo: PRICE, capacity: 20 },
    ]);
    const typeId = types[0]!.id;
    await h.t.deps.db
      .insert(discountCodes)
      .values({ eventId: event.id, code: 'HALF', kind: 'percent', percentOff: 50 });
    const reserved = await as(h, buyer, 'POST', '/api/orders', {
      eventId: event.id,
      items: { [typeId]: 1 },
      buyer: buyerOf(buyer),
    });
    expect(reserved.statusCode, reserved.body).toBe(201);
    const order = orderResponse.parse(reserved.json()).order;
    if (change === 'discount removed') {
      const on = await as(h, buyer, 'POST', `/api/orders/${order._id}/discount`, { code: 'HALF' });
      expect(on.statusCode, on.body).toBe(200);
    }
    const first = await pay(h, buyer, order);
    const before = (await orderRow(h, order._id)).totalKobo;

    let changed: Order;
    if (change === 'PUT items') {
      const res = await as(h, buyer, 'PUT', `/api/orders/${order._id}/items`, { items: { [typeId]: MORE } });
      expect(res.statusCode, res.body).toBe(200);
      changed = orderResponse.parse(res.json()).order;
    } else if (change === 'POST /api/orders again') {
      const res = await as(h, buyer, 'POST', '/api/orders', {
        eventId: event.id,
        items: { [typeId]: MORE },
        buyer: buyerOf(buyer),
      });
      expect(res.statusCode, res.body).toBe(201);
      changed = orderResponse.parse(res.json()).order;
      expect(changed._id).toBe(order._id);
    } else if (change === 'discount applied') {
      const res = await as(h, buyer, 'POST', `/api/orders/${order._id}/discount`, { code: 'HALF' });
      expect(res.statusCode, res.body).toBe(200);
      changed = orderResponse.parse(res.json()).order;
    } else {
      const res = await as(h, buyer, 'DELETE', `/api/orders/${order._id}/discount`);
      expect(res.statusCode, res.body).toBe(200);
      changed = orderResponse.parse(res.json()).order;
    }
    expect((await orderRow(h, order._id)).totalKobo).not.toBe(before);
    // The started payment no longer counts: the return page offers to pay again.
    expect(changed.payment).toBe('failed');
    return { buyer, orderId: order._id, typeId, first, seats: changed.items[0]!.quantity };
  }

  for (const change of CHANGES) {
    for (const path of PATHS) {
      it(`${change} after pay, then the first payment confirmed by ${path}: refunded, no tickets; the new total pays`, async () => {
        const h = path === 'test-mode page' ? testMode : paystack;
        const { buyer, orderId, typeId, first, seats } = await attack(h, change);

        await confirm(h, path, buyer, orderId, first);

        const after = await orderRow(h, orderId);
        expect(after.status).toBe('reserved');
        expect(await liveTickets(h, orderId)).toHaveLength(0);
        // The money that arrived for the old order goes back in full.
        const old = await attemptRow(h, first);
        expect(old.status).toBe('success');
        expect(old.refundStatus).not.toBeNull();
        if (h.ledger) {
          const paid = h.ledger.transactions.get(first)!;
          await until(async () => h.ledger!.refunds.some((r) => String(r.transaction) === String(paid.id)));
          expect(h.ledger.refunds.find((r) => String(r.transaction) === String(paid.id))!.amount).toBe(
            old.amountKobo,
          );
        } else {
          const [ledgerRow] = await h.t.deps.db
            .select()
            .from(testPayments)
            .where(eq(testPayments.reference, first));
          expect(ledgerRow!.status).toBe('reversed');
        }
        // The seats are still held for the buyer (nothing sold twice, nothing lost).
        const [type] = await h.t.deps.db.select().from(ticketTypes).where(eq(ticketTypes.id, typeId));
        expect(type!.sold).toBe(seats);

        // Paying what the order holds now completes it, with exactly its seats.
        const second = await pay(h, buyer, { _id: orderId });
        expect((await attemptRow(h, second)).amountKobo).toBe(after.totalKobo);
        await confirm(h, path, buyer, orderId, second);
        await until(async () => (await orderRow(h, orderId)).status === 'paid');
        expect(await liveTickets(h, orderId)).toHaveLength(seats);
        expect((await attemptRow(h, second)).refundStatus).toBeNull();
      });
    }
  }

  it('the organiser cancels an order paid after an earlier payment was refunded: the payment that paid goes back', async () => {
    const h = testMode;
    const { buyer, orderId, first, seats } = await attack(h, 'PUT items');
    await confirm(h, 'test-mode page', buyer, orderId, first);
    const second = await pay(h, buyer, { _id: orderId });
    await confirm(h, 'test-mode page', buyer, orderId, second);
    expect(await liveTickets(h, orderId)).toHaveLength(seats);
    // The first (refunded) payment is listed before the second: cancelling must not pick it.
    const cancelled = await as(h, h.organiser, 'POST', `/api/orders/${orderId}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(orderResponse.parse(cancelled.json()).order.status).toBe('refunded');
    expect((await attemptRow(h, second)).refundStatus).toBe('processed');
    const [ledgerRow] = await h.t.deps.db
      .select()
      .from(testPayments)
      .where(eq(testPayments.reference, second));
    expect(ledgerRow!.status).toBe('reversed');
    expect(await liveTickets(h, orderId)).toHaveLength(0);
  });

  it('a free order (total 0) still completes at once, with no payment attempt', async () => {
    const h = testMode;
    const buyer = await person(h.t.deps.db);
    const { event, types } = await eventWithTypes(h.t.deps.db, h.organiser.id, [
      { name: 'Community', priceKobo: 0, capacity: 5 },
    ]);
    const reserved = await as(h, buyer, 'POST', '/api/orders', {
      eventId: event.id,
      items: { [types[0]!.id]: 2 },
      buyer: buyerOf(buyer),
    });
    const order = orderResponse.parse(reserved.json()).order;
    const res = await as(h, buyer, 'POST', `/api/orders/${order._id}/pay`, {
      acceptTerms: true,
      emailUpdates: false,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(orderResponse.parse(res.json()).order).toMatchObject({ status: 'paid' });
    expect(await liveTickets(h, order._id)).toHaveLength(2);
    expect(
      await h.t.deps.db.select().from(paymentAttempts).where(eq(paymentAttempts.orderId, order._id)),
    ).toHaveLength(0);
  });

  it('a 100 % discount applied after pay makes the order free: paying again completes at once, the first payment is refunded when it lands', async () => {
    const h = testMode;
    const buyer = await person(h.t.deps.db);
    const { event, types } = await eventWithTypes(h.t.deps.db, h.organiser.id, [
      { name: 'Regular', priceKobo: PRICE, capacity: 5 },
    ]);
    await h.t.deps.db
      .insert(discountCodes)
      .values({ eventId: event.id, code: 'FREE', kind: 'percent', percentOff: 100 });
    const reserved = await as(h, buyer, 'POST', '/api/orders', {
      eventId: event.id,
      items: { [types[0]!.id]: 1 },
      buyer: buyerOf(buyer),
    });
    const order = orderResponse.parse(reserved.json()).order;
    const first = await pay(h, buyer, order);
    expect(
      (await as(h, buyer, 'POST', `/api/orders/${order._id}/discount`, { code: 'FREE' })).statusCode,
    ).toBe(200);
    const free = await as(h, buyer, 'POST', `/api/orders/${order._id}/pay`, {
      acceptTerms: true,
      emailUpdates: false,
    });
    expect(orderResponse.parse(free.json()).order).toMatchObject({ status: 'paid', total: 0 });
    await as(h, null, 'POST', `/api/payments/test/${first}/approve`);
    expect((await attemptRow(h, first)).refundStatus).toBe('processed');
    expect((await orderRow(h, order._id)).status).toBe('paid');
    expect(await liveTickets(h, order._id)).toHaveLength(1);
  });
});
