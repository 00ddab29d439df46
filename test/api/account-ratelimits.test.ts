import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOO_MANY_ATTEMPTS } from '../../server/modules/ratelimit/limiter';
import { signedInAccount } from '../helpers/accounts';
import { buyerOf, eventWithTypes, type Person, person } from '../helpers/checkout';
import { testDatabases } from '../helpers/databases';
import { createEvent } from '../helpers/organiser';
import { buildTestApp, type TestApp } from '../helpers/testApp';

/**
 * Strangers cannot guess or spam: discount codes per buyer, the contact form and the newsletter per
 * sender address, an organiser's test emails per account — each also per IP. Limits here are small
 * (3 per sender, 5 per IP) so the tests reach them.
 */
describe.each(testDatabases)('rate limits per sender and per address on $name', (database) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(database, {
      seed: true,
      env: {
        RATE_LIMITS: 'on',
        ...Object.fromEntries(
          ['DISCOUNT', 'CONTACT', 'NEWSLETTER', 'TESTMAIL'].flatMap((a) => [
            [`RATE_LIMIT_${a}`, '3/1h'],
            [`RATE_LIMIT_${a}_IP`, '5/1h'],
          ]),
        ),
        RATE_LIMIT_REGISTER_IP: '1000/1h',
        RATE_LIMIT_LOGIN_IP: '1000/15m',
      },
    });
  });
  afterAll(async () => t?.close());

  const send = (method: 'POST', url: string, payload: object, ip: string, token?: string) =>
    t.app.inject({
      method,
      url,
      payload,
      remoteAddress: ip,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
  const expectLimited = (res: Awaited<ReturnType<typeof send>>) => {
    expect(res.statusCode, res.body).toBe(429);
    expect(res.json()).toEqual({ message: TOO_MANY_ATTEMPTS });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  };

  describe('discount codes', () => {
    async function orderOf(buyer: Person, eventId: string, typeId: string) {
      const res = await send(
        'POST',
        '/api/orders',
        { eventId, items: { [typeId]: 1 }, buyer: buyerOf(buyer) },
        '127.0.0.1',
        buyer.token,
      );
      expect(res.statusCode, res.body).toBe(201);
      return res.json().order._id as string;
    }

    it('a buyer trying codes is stopped after the limit, from any address; another buyer is not', async () => {
      const organiser = await person(t.deps.db, 'org');
      const { event, types } = await eventWithTypes(t.deps.db, organiser.id);
      const guesser = await person(t.deps.db);
      const other = await person(t.deps.db);
      const order = await orderOf(guesser, event.id, types[0]!.id);
      const attempt = (code: string, ip: string, who = guesser, id = order) =>
        send('POST', `/api/orders/${id}/discount`, { code }, ip, who.token);
      for (const code of ['AAAA', 'BBBB', 'CCCC']) {
        const res = await attempt(code, '10.2.0.1');
        expect(res.statusCode, res.body).not.toBe(429);
      }
      expectLimited(await attempt('DDDD', '10.2.0.1'));
      // Another address does not give the same buyer new tries.
      expectLimited(await attempt('EEEE', '10.2.0.2'));
      const otherOrder = await orderOf(other, event.id, types[0]!.id);
      expect((await attempt('AAAA', '10.2.0.3', other, otherOrder)).statusCode).not.toBe(429);
    });

    it('many buyers from one address meet the per-address limit', async () => {
      const organiser = await person(t.deps.db, 'org');
      const { event, types } = await eventWithTypes(t.deps.db, organiser.id);
      const results: number[] = [];
      for (let i = 0; i < 6; i++) {
        const buyer = await person(t.deps.db);
        const order = await orderOf(buyer, event.id, types[0]!.id);
        results.push(
          (await send('POST', `/api/orders/${order}/discount`, { code: 'ZZZZ' }, '10.3.0.1', buyer.token))
            .statusCode,
        );
      }
      expect(results.slice(0, 5)).not.toContain(429);
      expect(results[5]).toBe(429);
    });
  });

  describe('contact form', () => {
    const message = (email: string) => ({
      firstName: 'Ada',
      lastName: 'Obi',
      email,
      message: 'Hello, when is the next event?',
      agreement: true,
    });

    it('per sender address: a fourth message from one address is refused, from any IP', async () => {
      for (const ip of ['10.4.0.1', '10.4.0.2', '10.4.0.3']) {
        expect((await send('POST', '/api/contact', message('spammer@example.ng'), ip)).statusCode).toBe(201);
      }
      expectLimited(await send('POST', '/api/contact', message('spammer@example.ng'), '10.4.0.4'));
      expectLimited(await send('POST', '/api/contact', message('SPAMMER@example.ng'), '10.4.0.5'));
    });

    it('per IP: many sender addresses from one IP are refused past its limit', async () => {
      const codes: number[] = [];
      for (let i = 0; i < 6; i++) {
        codes.push(
          (await send('POST', '/api/contact', message(`visitor${i}@example.ng`), '10.5.0.1')).statusCode,
        );
      }
      expect(codes).toEqual([201, 201, 201, 201, 201, 429]);
    });
  });

  describe('newsletter', () => {
    it('per address subscribed and per IP', async () => {
      const body = (email: string) => ({ name: 'Ada', email });
      for (const ip of ['10.6.0.1', '10.6.0.2', '10.6.0.3']) {
        expect([200, 201]).toContain(
          (await send('POST', '/api/newsletter', body('victim@example.ng'), ip)).statusCode,
        );
      }
      expectLimited(await send('POST', '/api/newsletter', body('victim@example.ng'), '10.6.0.4'));

      const codes: number[] = [];
      for (let i = 0; i < 6; i++) {
        codes.push(
          (await send('POST', '/api/newsletter', body(`reader${i}@example.ng`), '10.7.0.1')).statusCode,
        );
      }
      expect(codes).toEqual([201, 201, 201, 201, 201, 429]);
    });
  });

  describe("an organiser's test email", () => {
    it('per organiser account, from any IP; another organiser is not held back', async () => {
      const ada = await signedInAccount(t);
      const eventId = (await createEvent(t, ada.token))._id;
      const test = (ip: string, token = ada.token, id = eventId) =>
        send('POST', `/api/events/${id}/test-email`, { email: 'someone@example.ng' }, ip, token);
      for (const ip of ['10.8.0.1', '10.8.0.2', '10.8.0.3']) {
        expect((await test(ip)).statusCode).toBe(200);
      }
      expectLimited(await test('10.8.0.4'));

      const bola = await signedInAccount(t);
      const bolaEvent = (await createEvent(t, bola.token))._id;
      expect((await test('10.8.0.5', bola.token, bolaEvent)).statusCode).toBe(200);
    });
  });
});
