import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderResponse, testPaymentResponse } from '../../contract/orders';
import { buyerOf, eventWithTypes, type Person, person } from '../helpers/checkout';
import { testDatabases } from '../helpers/databases';
import { buildTestApp, type TestApp } from '../helpers/testApp';

/**
 * Where the payment provider sends the buyer back. The buyer's session lives on the origin they
 * reached the app at; without APP_URL the return follows that origin (the request's Host, forwarded
 * headers only with TRUST_PROXY), so paying from a phone on the organiser's LAN address does not
 * land them signed out on localhost. With APP_URL the return is APP_URL, whatever the request says.
 */
describe.each(testDatabases)('The payment return address on $name', (database) => {
  let direct: TestApp;
  let proxied: TestApp;
  let fixed: TestApp;
  beforeAll(async () => {
    [direct, proxied, fixed] = await Promise.all([
      buildTestApp(database, { env: { PORT: '3000' } }),
      buildTestApp(database, { env: { PORT: '3000', TRUST_PROXY: 'true' } }),
      buildTestApp(database, { env: { PORT: '3000', APP_URL: 'https://tickets.gatepass.ng' } }),
    ]);
  });
  afterAll(async () => Promise.all([direct?.close(), proxied?.close(), fixed?.close()]));

  /** A paid order reserved by a fresh buyer, then paid with the given request headers. */
  async function payWith(t: TestApp, headers: Record<string, string>) {
    const organiser = await person(t.deps.db, 'organiser');
    const buyer: Person = await person(t.deps.db);
    const { event, types } = await eventWithTypes(t.deps.db, organiser.id, [
      { name: 'Regular', priceKobo: 350_000 },
    ]);
    const auth = { authorization: `Bearer ${buyer.token}` };
    const reserve = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: auth,
      payload: { eventId: event.id, items: { [types[0]!.id]: 1 }, buyer: buyerOf(buyer) },
    });
    expect(reserve.statusCode, reserve.body).toBe(201);
    const order = orderResponse.parse(reserve.json()).order;
    const pay = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${order._id}/pay`,
      headers: { ...auth, ...headers },
      payload: { acceptTerms: true, emailUpdates: false },
    });
    expect(pay.statusCode, pay.body).toBe(200);
    const { authorizationUrl, reference } = pay.json() as { authorizationUrl: string; reference: string };
    const page = testPaymentResponse.parse(
      (await t.app.inject({ method: 'GET', url: `/api/payments/test/${reference}` })).json(),
    );
    return { authorizationUrl, callbackUrl: page.callbackUrl, orderId: order._id };
  }

  it('without APP_URL, the return and the test payment page are on the address the buyer used', async () => {
    const paid = await payWith(direct, { host: '192.168.1.20:3000' });
    expect(paid.callbackUrl).toBe(`http://192.168.1.20:3000/orders/${paid.orderId}`);
    expect(paid.authorizationUrl.startsWith('http://192.168.1.20:3000/pay/test/')).toBe(true);
  });

  it('without TRUST_PROXY, forwarded host and scheme headers are ignored', async () => {
    const paid = await payWith(direct, {
      host: 'gatepass.local:3000',
      'x-forwarded-host': 'evil.example',
      'x-forwarded-proto': 'https',
    });
    expect(paid.callbackUrl).toBe(`http://gatepass.local:3000/orders/${paid.orderId}`);
  });

  it('with TRUST_PROXY, the proxy’s forwarded host and scheme are the buyer’s address', async () => {
    const paid = await payWith(proxied, {
      host: '127.0.0.1:3000',
      'x-forwarded-host': 'events.example.ng',
      'x-forwarded-proto': 'https',
    });
    expect(paid.callbackUrl).toBe(`https://events.example.ng/orders/${paid.orderId}`);
    expect(paid.authorizationUrl.startsWith('https://events.example.ng/pay/test/')).toBe(true);
  });

  it('a Host that is not a plain host[:port] is not put into the return URL', async () => {
    for (const host of ['evil.example/phish?x=', 'user@evil.example', 'evil.example:3000:1']) {
      const paid = await payWith(direct, { host });
      expect(paid.callbackUrl, host).toBe(`http://localhost:3000/orders/${paid.orderId}`);
    }
  });

  it('with APP_URL set, the return is APP_URL whatever the request says', async () => {
    const paid = await payWith(fixed, { host: '192.168.1.20:3000', 'x-forwarded-host': 'evil.example' });
    expect(paid.callbackUrl).toBe(`https://tickets.gatepass.ng/orders/${paid.orderId}`);
    expect(paid.authorizationUrl.startsWith('https://tickets.gatepass.ng/pay/test/')).toBe(true);
  });
});
