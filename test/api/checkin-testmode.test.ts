import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { offlineListResponse, scanResponse, syncResponse } from '../../contract/checkin';
import type { Order } from '../../contract/orders';
import { orders } from '../../server/db/schema';
import { authed } from '../helpers/accounts';
import { buyTickets, ticketIdOf } from '../helpers/checkin';
import { eventWithTypes, type Person, person } from '../helpers/checkout';
import { testDatabases } from '../helpers/databases';
import { buildTestApp, type TestApp } from '../helpers/testApp';

/**
 * A production door admits only real tickets: an order settled through the test-mode provider is
 * refused at the scanner (online, and through an offline scan's upload) and marked in the offline
 * list so the device refuses it too. The app is built with `isProduction: true` (and the test-mode
 * provider explicitly allowed, which is how a production server comes to have such orders at all).
 */
describe.each(testDatabases)('Test-mode tickets at a production door on $name', (database) => {
  let t: TestApp;
  let organiser: Person;
  let eventId: string;
  let testOrder: Order;
  let paidOrder: Order;

  beforeAll(async () => {
    t = await buildTestApp(database, { env: { PAYMENTS: 'test' }, config: { isProduction: true } });
    expect(t.deps.config.isProduction).toBe(true);
    organiser = await person(t.deps.db, 'organiser');
    const buyer = await person(t.deps.db, 'buyer');
    const made = await eventWithTypes(t.deps.db, organiser.id, [{ name: 'Regular', priceKobo: 500_000 }]);
    eventId = made.event.id;
    const typeId = made.types[0]!.id;
    testOrder = await buyTickets(t, buyer, eventId, { [typeId]: 2 });
    paidOrder = await buyTickets(t, buyer, eventId, { [typeId]: 1 });
    // The second order stands for one paid through Paystack: the same tickets, test mode off.
    await t.deps.db.update(orders).set({ testMode: false }).where(eq(orders.id, paidOrder._id));
  }, 180_000);
  afterAll(async () => t?.close());

  const scan = (code: string) => authed(t, 'POST', `/api/checkin/${eventId}`, organiser.token, { code });

  it('refuses a test-mode ticket with a clear verdict and admits nobody; a real ticket still enters', async () => {
    const refused = await scan(testOrder.tickets[0]!.code);
    expect(refused.statusCode, refused.body).toBe(200);
    const body = scanResponse.parse(refused.json());
    expect(body.result).toBe('test_mode');
    expect(body.message).toMatch(/^Test-mode ticket — not valid for entry/);
    expect(body.counts.checkedIn).toBe(0);
    const read = await authed(t, 'GET', `/api/orders/${testOrder._id}`, organiser.token);
    expect(read.json().order?.tickets?.[0]?.checkedInAt ?? null).toBeNull();

    const real = scanResponse.parse((await scan(paidOrder.tickets[0]!.code)).json());
    expect(real.result).toBe('checked_in');
    expect(real.counts.checkedIn).toBe(1);
  });

  it('an offline scan of a test-mode ticket uploaded later is refused too', async () => {
    const nonce = randomUUID();
    const synced = await authed(t, 'POST', `/api/checkin/${eventId}/sync`, organiser.token, {
      deviceId: randomUUID(),
      scans: [{ nonce, code: testOrder.tickets[1]!.code, scannedAt: new Date().toISOString() }],
    });
    expect(synced.statusCode, synced.body).toBe(200);
    const answer = syncResponse.parse(synced.json());
    expect(answer.results).toEqual([expect.objectContaining({ nonce, result: 'test_mode' })]);
    expect(answer.counts.checkedIn).toBe(1);
  });

  it('the offline list marks test-mode tickets so the device refuses them', async () => {
    const res = await authed(t, 'GET', `/api/checkin/${eventId}/list`, organiser.token);
    expect(res.statusCode, res.body).toBe(200);
    const list = offlineListResponse.parse(res.json());
    const status = (id: string) => list.tickets.find((x) => x.id === id)?.status;
    for (const ticket of testOrder.tickets) expect(status(ticketIdOf(ticket.code))).toBe('test_mode');
    expect(status(ticketIdOf(paidOrder.tickets[0]!.code))).toBe('valid');
  });
});
