import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { outboxList } from '../../contract/dev';
import { newsletterResponse } from '../../contract/newsletter';
import { mailOutbox, newsletterSubscribers } from '../../server/db/schema';
import { testDatabases } from '../helpers/databases';
import { buildTestApp, type TestApp } from '../helpers/testApp';

describe.each(testDatabases)('POST /api/newsletter on $name', (database) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(database, { env: { APP_URL: 'https://gatepass.test' } });
  });
  afterAll(async () => t?.close());
  beforeEach(async () => {
    await t.deps.db.delete(newsletterSubscribers);
    await t.deps.db.delete(mailOutbox);
  });

  const post = (payload: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/newsletter', payload: payload as object });
  const subscribers = () => t.deps.db.select().from(newsletterSubscribers);
  const outbox = async () =>
    outboxList.parse((await t.app.inject({ method: 'GET', url: '/api/dev/outbox' })).json());

  it('subscribes, answers 201 and sends one confirmation email to the subscriber', async () => {
    const res = await post({ name: 'Tunde Bakare', email: 'tunde@example.ng' });
    expect(res.statusCode).toBe(201);
    expect(newsletterResponse.parse(res.json()).created).toBe(true);

    const rows = await subscribers();
    expect(rows.map((r) => [r.name, r.email])).toEqual([['Tunde Bakare', 'tunde@example.ng']]);
    const mails = await outbox();
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toBe('tunde@example.ng');
    expect(mails[0]!.subject).toContain('subscribed');
    expect(mails[0]!.text).toContain('Hi Tunde Bakare');
    expect(mails[0]!.text).toContain('https://gatepass.test/events/all');
  });

  it('subscribing again, in any letter case, is fine: 200, still one row, no second email', async () => {
    expect((await post({ name: 'Tunde', email: 'tunde@example.ng' })).statusCode).toBe(201);
    const again = await post({ name: 'Tunde B', email: 'TUNDE@Example.NG' });
    expect(again.statusCode).toBe(200);
    expect(newsletterResponse.parse(again.json()).created).toBe(false);
    expect(await subscribers()).toHaveLength(1);
    expect(await outbox()).toHaveLength(1);
  });

  it('two subscriptions for the same address at the same time still leave one row', async () => {
    const results = await Promise.all([
      post({ name: 'A', email: 'same@example.ng' }),
      post({ name: 'B', email: 'Same@example.ng' }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 201]);
    expect(await subscribers()).toHaveLength(1);
    expect(await outbox()).toHaveLength(1);
  });

  const failures: [string, Record<string, unknown>, string][] = [
    ['bad email', { name: 'Tunde', email: 'tunde.example.ng' }, 'Invalid email address'],
    ['missing email', { name: 'Tunde' }, 'Invalid email address'],
    ['missing name', { email: 'tunde@example.ng' }, 'Name is required'],
    ['blank name', { name: '  ', email: 'tunde@example.ng' }, 'Name is required'],
  ];

  it.each(failures)(
    '%s → 400 with a clear message, nothing stored or mailed',
    async (_, payload, message) => {
      const res = await post(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
      expect(await subscribers()).toHaveLength(0);
      expect(await outbox()).toHaveLength(0);
    },
  );
});
