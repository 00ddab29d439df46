import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Order, orderResponse } from '../../contract/orders';
import { salesChartsResponse } from '../../contract/organiserCharts';
import { payoutStatementResponse, STATEMENT_CSV_COLUMNS } from '../../contract/payoutStatement';
import { paymentAttempts } from '../../server/db/schema';
import { authed } from '../helpers/accounts';
import { buyerOf, eventWithTypes, type Person, person } from '../helpers/checkout';
import { testDatabases } from '../helpers/databases';
import type { FakePaystack } from '../helpers/fakePaystack';
import { type FakeCheckout, fakePaystackFee } from '../helpers/fakePaystackCheckout';
import { paystackApp } from '../helpers/paystackApp';
import type { TestApp } from '../helpers/testApp';

let keys = 0;
const key = () => `statement-${Date.now().toString(36)}-${++keys}`;
const kobo = (naira: number) => Math.round(naira * 100);

/**
 * The money to the kobo (issue #33): Paystack's fee is recorded from its own answers (verify and the
 * charge.success webhook), the split gives Gatepass exactly its service fee, and the payout statement
 * of an event sums every order so that, read against the fake Paystack's own ledger (what it took,
 * kept and gave back), nothing is missing or counted twice.
 */
describe.each(testDatabases)('Payout statement against the fake Paystack on $name', (database) => {
  let t: TestApp;
  let fake: FakePaystack;
  let ledger: FakeCheckout;
  let organiser: Person;
  let eventId: string;
  let typeId: string;
  const references: string[] = [];

  beforeAll(async () => {
    ({ t, fake, ledger, organiser } = await paystackApp(database));
    const { event, types } = await eventWithTypes(t.deps.db, organiser.id, [
      { name: 'Regular', priceKobo: 1_000_000, capacity: 50 },
    ]);
    eventId = event.id;
    typeId = types[0]!.id;
    const code = await authed(t, 'POST', `/api/events/${eventId}/discounts`, organiser.token, {
      code: 'HALF',
      kind: 'percent',
      percentOff: 50,
    });
    expect(code.statusCode, code.body).toBe(201);
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  const webhook = (body: string, signature: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/payments/webhook',
      payload: body,
      headers: { 'content-type': 'application/json', 'x-paystack-signature': signature },
    });
  const until = async (check: () => Promise<boolean>) => {
    for (let i = 0; i < 100; i += 1) {
      if (await check()) return;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error('condition not reached');
  };

  /** A buyer reserves `seats` (with HALF when `discount`) and pays on Paystack; confirmed by verify or the webhook. */
  async function paid(seats: number, opts: { discount?: boolean; by: 'verify' | 'webhook' }): Promise<Order> {
    const buyer = await person(t.deps.db);
    const created = await authed(t, 'POST', '/api/orders', buyer.token, {
      eventId,
      items: { [typeId]: seats },
      buyer: buyerOf(buyer),
    });
    expect(created.statusCode, created.body).toBe(201);
    const orderId = orderResponse.parse(created.json()).order._id;
    if (opts.discount) {
      const d = await authed(t, 'POST', `/api/orders/${orderId}/discount`, buyer.token, { code: 'HALF' });
      expect(d.statusCode, d.body).toBe(200);
    }
    const pay = await authed(t, 'POST', `/api/orders/${orderId}/pay`, buyer.token, {
      acceptTerms: true,
      emailUpdates: false,
    });
    const reference = pay.json().reference as string;
    references.push(reference);
    ledger.pay(reference);
    if (opts.by === 'verify') {
      await authed(t, 'POST', `/api/orders/${orderId}/verify`, buyer.token);
    } else {
      const { body, signature } = ledger.chargeSuccess(reference);
      expect((await webhook(body, signature)).statusCode).toBe(200);
      await until(async () => {
        const [a] = await t.deps.db
          .select()
          .from(paymentAttempts)
          .where(eq(paymentAttempts.reference, reference));
        return a?.status === 'success';
      });
    }
    const order = orderResponse.parse(
      (await authed(t, 'GET', `/api/orders/${orderId}`, buyer.token)).json(),
    ).order;
    expect(order.status).toBe('paid');
    return order;
  }

  const refund = async (order: Order, body: object) => {
    const res = await authed(t, 'POST', `/api/orders/${order._id}/refunds`, organiser.token, {
      reason: 'Changed plans',
      requestKey: key(),
      ...body,
    });
    expect(res.statusCode, res.body).toBe(201);
  };

  it('records Paystack’s fee from verify and from the webhook, and splits exactly the service fee to Gatepass', async () => {
    const a = await paid(2, { by: 'verify' });
    const b = await paid(1, { discount: true, by: 'webhook' });
    for (const [order, reference] of [
      [a, references[0]!],
      [b, references[1]!],
    ] as const) {
      const [attempt] = await t.deps.db
        .select()
        .from(paymentAttempts)
        .where(eq(paymentAttempts.reference, reference));
      const charged = ledger.transactions.get(reference)!;
      expect(attempt!.providerFeeKobo).toBe(fakePaystackFee(charged.amount));
      // Gatepass's share is the order's service fee, Paystack's fee borne by the main account.
      expect(charged.body).toMatchObject({ transaction_charge: kobo(order.fees), bearer: 'account' });
    }
    // Paystack's price on ₦20,300: 1.5 % (₦304.50) + ₦100.
    expect(fakePaystackFee(2_030_000)).toBe(40_450);
  });

  it('the statement sums every order and agrees with what Paystack took, kept and gave back', async () => {
    const c = await paid(2, { by: 'verify' });
    await refund(c, { tickets: [c.tickets[0]!.code] }); // one seat of two
    const d = await paid(1, { by: 'verify' });
    await refund(d, { tickets: [d.tickets[0]!.code] }); // every seat: the whole order, fee included
    const e = await paid(3, { discount: true, by: 'webhook' });
    await refund(e, { amountNaira: 1_000 }); // an amount alone: the seats stay

    const res = await authed(t, 'GET', `/api/events/${eventId}/statement`, organiser.token);
    expect(res.statusCode, res.body).toBe(200);
    const { live, test } = payoutStatementResponse.parse(res.json());
    expect(test.orders).toBe(0);

    // What Paystack's own ledger says happened to this event's payments.
    const ours = references.map((r) => ledger.transactions.get(r)!);
    const took = ours.reduce((s, x) => s + x.amount, 0);
    const kept = ours.reduce((s, x) => s + (x.fees ?? 0), 0);
    const gaveBack = ledger.refunds.reduce((s, r) => s + (r.amount ?? 0), 0);
    expect(live.orders).toBe(5);
    expect(kobo(live.buyersPaid)).toBe(took);
    expect(kobo(live.paystackFee)).toBe(kept);
    expect(live.paystackFeeUnrecorded).toBe(0);
    expect(kobo(live.refunded)).toBe(gaveBack);

    // By hand: 9 seats at ₦10,000; HALF took ₦5,000 off b's one seat and ₦15,000 off e's three.
    expect(live.ticketsAtPrice).toBe(90_000);
    expect(live.discounts).toBe(20_000);
    // 1.5 % of what each seat costs after its discount: 5 seats at ₦10,000 and 4 at ₦5,000.
    expect(live.serviceFees).toBe(5 * 150 + 4 * 75);
    expect(live.otherPayments).toBe(0);
    expect(live.buyersPaid).toBe(90_000 - 20_000 + 1_050);
    // c: one ₦10,000 seat back; d: everything it paid (₦10,150); e: ₦1,000.
    expect(live.refunded).toBe(10_000 + 10_150 + 1_000);
    // Gatepass keeps the fee of every order but d's (given back whole, ₦150 of fee with it).
    expect(live.gatepassFee).toBe(1_050 - 150);
    expect(live.promoterCommission).toBe(0);
    expect(live.kept).toBe(live.buyersPaid - live.refunded);
    expect(live.toOrganiser).toBe(live.kept - live.gatepassFee - live.promoterCommission);
    expect(live.toOrganiser).toBe(90_000 - 20_000 - 10_000 - 10_000 - 1_000);

    // The Sales tab's money reads the same Paystack fee.
    const charts = salesChartsResponse.parse(
      (await authed(t, 'GET', `/api/events/${eventId}/sales/charts`, organiser.token)).json(),
    );
    expect(charts.money.paystackFee).toBe(live.paystackFee);
    expect(charts.money.paystackFeeUnrecorded).toBe(0);
  });

  it('a promoter’s commission comes out of the organiser’s share, and a refund takes it back', async () => {
    const before = payoutStatementResponse.parse(
      (await authed(t, 'GET', `/api/events/${eventId}/statement`, organiser.token)).json(),
    ).live;
    const add = await authed(t, 'POST', `/api/events/${eventId}/promoters`, organiser.token, {
      name: 'Kemi Adeyemi',
      email: `kemi-${Date.now().toString(36)}@example.ng`,
      commission: { kind: 'percent', value: 10 },
    });
    expect(add.statusCode, add.body).toBe(201);
    const code = (add.json().promoters as { code: string }[]).at(-1)!.code;
    const buyer = await person(t.deps.db);
    const created = await authed(t, 'POST', '/api/orders', buyer.token, {
      eventId,
      items: { [typeId]: 2 },
      buyer: buyerOf(buyer),
    });
    const order = orderResponse.parse(created.json()).order;
    const pay = await authed(t, 'POST', `/api/orders/${order._id}/pay`, buyer.token, {
      acceptTerms: true,
      emailUpdates: false,
      refs: [code],
    });
    expect(pay.statusCode, pay.body).toBe(200);
    references.push(pay.json().reference as string);
    ledger.pay(pay.json().reference as string);
    await authed(t, 'POST', `/api/orders/${order._id}/verify`, buyer.token);
    const read = async () =>
      payoutStatementResponse.parse(
        (await authed(t, 'GET', `/api/events/${eventId}/statement`, organiser.token)).json(),
      ).live;
    // 10 % of ₦20,000 of tickets: ₦2,000, not of the ₦300 fee.
    const after = await read();
    expect(after.promoterCommission - before.promoterCommission).toBe(2_000);
    expect(after.toOrganiser - before.toOrganiser).toBe(20_000 - 2_000);
    const paid = orderResponse.parse(
      (await authed(t, 'GET', `/api/orders/${order._id}`, buyer.token)).json(),
    ).order;
    await refund(paid, { tickets: [paid.tickets[0]!.code] }); // half the tickets back: half the commission
    const refunded = await read();
    expect(refunded.promoterCommission - before.promoterCommission).toBe(1_000);
    expect(refunded.kept).toBe(refunded.gatepassFee + refunded.promoterCommission + refunded.toOrganiser);
  });

  it('statement.csv: one row per order, then a total equal to the JSON, every row adding up', async () => {
    const json = payoutStatementResponse.parse(
      (await authed(t, 'GET', `/api/events/${eventId}/statement`, organiser.token)).json(),
    );
    const res = await authed(t, 'GET', `/api/events/${eventId}/statement.csv`, organiser.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="payout-statement.csv"');
    const [header, ...rows] = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(header).toBe(STATEMENT_CSV_COLUMNS.join(','));
    const cells = rows.map((r) => r.split(','));
    const total = cells.find((r) => r[0] === 'Total')!;
    const orderRows = cells.filter((r) => r[0]!.startsWith('GP-'));
    expect(orderRows).toHaveLength(json.live.orders);
    const col = (name: (typeof STATEMENT_CSV_COLUMNS)[number]) => STATEMENT_CSV_COLUMNS.indexOf(name);
    const k = (s: string) => kobo(Number(s));
    for (const name of STATEMENT_CSV_COLUMNS.slice(3)) {
      expect(
        orderRows.reduce((s, r) => s + k(r[col(name)]!), 0),
        name,
      ).toBe(k(total[col(name)]!));
    }
    for (const r of orderRows) {
      const v = (name: (typeof STATEMENT_CSV_COLUMNS)[number]) => k(r[col(name)]!);
      expect(v('Buyers paid (NGN)')).toBe(
        v('Tickets at price (NGN)') -
          v('Discount (NGN)') +
          v('Service fee (NGN)') +
          v('Other payments (NGN)'),
      );
      expect(v('Buyers paid (NGN)') - v('Refunded (NGN)')).toBe(
        v('Gatepass fee (NGN)') + v('Promoter commission (NGN)') + v('To the organiser (NGN)'),
      );
    }
    expect(k(total[col('To the organiser (NGN)')]!)).toBe(kobo(json.live.toOrganiser));
    expect(k(total[col('Paystack fee (NGN)')]!)).toBe(kobo(json.live.paystackFee));
  });
});
