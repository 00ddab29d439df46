import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { event as eventSchema } from '../../contract/events';
import { orderResponse } from '../../contract/orders';
import { salesChartsResponse } from '../../contract/organiserCharts';
import { payoutStatementResponse } from '../../contract/payoutStatement';
import { authed } from '../helpers/accounts';
import { buyerOf, eventWithTypes, type Person, person } from '../helpers/checkout';
import { testDatabases } from '../helpers/databases';
import type { FakeCheckout } from '../helpers/fakePaystackCheckout';
import { paystackApp } from '../helpers/paystackApp';
import { INDEX_HTML } from '../helpers/spaPage';
import type { TestApp } from '../helpers/testApp';

/**
 * Who pays the service fee (decision 066). Absorbed: the buyer is charged the ticket prices and not a
 * kobo more, everywhere a price appears (the event, the order, Paystack's charge, the search engines'
 * data), and Gatepass's fee comes out of the organiser's share (the split, the statement, the charts).
 */
describe.each(testDatabases)('All-in prices (the organiser absorbs the fee) on $name', (database) => {
  let t: TestApp;
  let close: () => Promise<void>;
  let ledger: FakeCheckout;
  let organiser: Person;
  let eventId: string;
  let typeId: string;
  let spaDir: string;

  beforeAll(async () => {
    spaDir = await mkdtemp(path.join(tmpdir(), 'gatepass-spa-'));
    await writeFile(path.join(spaDir, 'index.html'), INDEX_HTML);
    const app = await paystackApp(database, { spaDir });
    ({ t, ledger, organiser, close } = app);
    const { event, types } = await eventWithTypes(t.deps.db, organiser.id, [
      { name: 'Regular', priceKobo: 1_000_000, capacity: 20 },
    ]);
    eventId = event.id;
    typeId = types[0]!.id;
  });
  afterAll(async () => {
    await close?.();
    if (spaDir) await rm(spaDir, { recursive: true, force: true });
  });

  async function buy(seats: number) {
    const buyer = await person(t.deps.db);
    const created = await authed(t, 'POST', '/api/orders', buyer.token, {
      eventId,
      items: { [typeId]: seats },
      buyer: buyerOf(buyer),
    });
    expect(created.statusCode, created.body).toBe(201);
    const reserved = orderResponse.parse(created.json()).order;
    const pay = await authed(t, 'POST', `/api/orders/${reserved._id}/pay`, buyer.token, {
      acceptTerms: true,
      emailUpdates: false,
    });
    const reference = pay.json().reference as string;
    ledger.pay(reference);
    await authed(t, 'POST', `/api/orders/${reserved._id}/verify`, buyer.token);
    const paid = orderResponse.parse(
      (await authed(t, 'GET', `/api/orders/${reserved._id}`, buyer.token)).json(),
    );
    return { reserved, paid: paid.order, charged: ledger.transactions.get(reference)! };
  }

  it('the organiser chooses; a stranger cannot; bad input changes nothing', async () => {
    const bad = await authed(t, 'PUT', `/api/events/${eventId}/fee-mode`, organiser.token, {
      feeMode: 'split',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/buyer or absorbed/);
    const stranger = await person(t.deps.db);
    expect(
      (await authed(t, 'PUT', `/api/events/${eventId}/fee-mode`, stranger.token, { feeMode: 'absorbed' }))
        .statusCode,
    ).toBe(403);
    const shown = eventSchema.parse(
      (await t.app.inject({ method: 'GET', url: `/api/events/${eventId}` })).json(),
    );
    expect(shown.feeMode).toBe('buyer');
    const ok = await authed(t, 'PUT', `/api/events/${eventId}/fee-mode`, organiser.token, {
      feeMode: 'absorbed',
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().event.feeMode).toBe('absorbed');
  });

  it('absorbed: the buyer is charged the price alone, Paystack splits the fee from the organiser', async () => {
    const { reserved, paid, charged } = await buy(2);
    expect(reserved).toMatchObject({ subtotal: 20_000, fees: 0, total: 20_000, feesIncluded: true });
    expect(paid.status).toBe('paid');
    expect(charged.amount).toBe(2_000_000);
    // Gatepass's 1.5 % (₦300) goes to the main account; the subaccount settles ₦19,700.
    expect(charged.body).toMatchObject({ transaction_charge: 30_000, bearer: 'account' });
    const page = await t.app.inject({ method: 'GET', url: `/event-details/${eventId}` });
    const ld = JSON.parse(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(page.body)![1]!);
    expect((Array.isArray(ld) ? ld[0] : ld).offers[0].price).toBe('10000.00');
  });

  it('orders keep the mode they were made with; the buyer pays the fee again once switched back', async () => {
    expect(
      (await authed(t, 'PUT', `/api/events/${eventId}/fee-mode`, organiser.token, { feeMode: 'buyer' }))
        .statusCode,
    ).toBe(200);
    const { reserved, charged } = await buy(1);
    expect(reserved).toMatchObject({ subtotal: 10_000, fees: 150, total: 10_150, feesIncluded: false });
    expect(charged.amount).toBe(1_015_000);
    const page = await t.app.inject({ method: 'GET', url: `/event-details/${eventId}` });
    const ld = JSON.parse(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(page.body)![1]!);
    expect((Array.isArray(ld) ? ld[0] : ld).offers[0].price).toBe('10150.00');
  });

  it('the statement and the money breakdown take the absorbed fee from the organiser', async () => {
    const statement = payoutStatementResponse.parse(
      (await authed(t, 'GET', `/api/events/${eventId}/statement`, organiser.token)).json(),
    );
    // ₦20,000 all-in (fee ₦300 inside) and ₦10,000 + ₦150 on top.
    expect(statement.live).toMatchObject({
      orders: 2,
      ticketsAtPrice: 30_000,
      serviceFees: 150,
      buyersPaid: 30_150,
      gatepassFee: 450,
      toOrganiser: 29_700,
    });
    const charts = salesChartsResponse.parse(
      (await authed(t, 'GET', `/api/events/${eventId}/sales/charts`, organiser.token)).json(),
    );
    expect(charts.money).toMatchObject({ gross: 30_000, gatepassFee: 450, organiserReceives: 29_700 });
  });
});
