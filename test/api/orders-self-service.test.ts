import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scanResponse } from '../../contract/checkin';
import { orderResponse } from '../../contract/orders';
import { events, ticketTypes } from '../../server/db/schema';
import { authed, outbox } from '../helpers/accounts';
import { buyTickets } from '../helpers/checkin';
import { eventWithTypes, type Person, person } from '../helpers/checkout';
import { testDatabases } from '../helpers/databases';
import { buildTestApp, type TestApp } from '../helpers/testApp';

/**
 * Self-service on a buyer's own order (issue #23): give back a free order's seats before the event
 * starts (seats on sale again, tickets refused at the door), and have the tickets emailed again.
 */
describe.each(testDatabases)('Buyer self-service on $name', (database) => {
  let t: TestApp;
  let organiser: Person;
  let buyer: Person;
  let stranger: Person;
  let eventId: string;
  let freeId: string;
  let paidId: string;

  beforeAll(async () => {
    t = await buildTestApp(database, { env: { RATE_LIMITS: 'on' } });
    organiser = await person(t.deps.db, 'organiser');
    buyer = await person(t.deps.db, 'buyer');
    stranger = await person(t.deps.db, 'stranger');
    const made = await eventWithTypes(t.deps.db, organiser.id, [
      { name: 'Free RSVP', priceKobo: 0, capacity: 10 },
      { name: 'Regular', priceKobo: 500_000 },
    ]);
    eventId = made.event.id;
    freeId = made.types[0]!.id;
    paidId = made.types[1]!.id;
  }, 120_000);
  afterAll(async () => t?.close());

  const soldOf = async (id: string) =>
    (await t.deps.db.select({ sold: ticketTypes.sold }).from(ticketTypes).where(eq(ticketTypes.id, id)))[0]!
      .sold;
  const giveBack = (token: string, orderId: string) =>
    authed(t, 'POST', `/api/orders/${orderId}/give-back`, token);

  it('gives back a free order: seats on sale again, its tickets refused at the door, once', async () => {
    const order = await buyTickets(t, buyer, eventId, { [freeId]: 3 });
    expect(await soldOf(freeId)).toBe(3);
    expect((await giveBack(stranger.token, order._id)).statusCode).toBe(403);
    // The organiser reads the order but does not give it back for the buyer.
    expect((await giveBack(organiser.token, order._id)).statusCode).toBe(403);
    const res = await giveBack(buyer.token, order._id);
    expect(res.statusCode, res.body).toBe(200);
    const after = orderResponse.parse(res.json()).order;
    expect(after.status).toBe('cancelled');
    expect(after.statusMessage).toMatch(/gave these tickets back/);
    expect(await soldOf(freeId)).toBe(0);
    const scan = await authed(t, 'POST', `/api/checkin/${eventId}`, organiser.token, {
      code: order.tickets[0]!.code,
    });
    expect(scanResponse.parse(scan.json()).result).toBe('cancelled');
    const again = await giveBack(buyer.token, order._id);
    expect(again.statusCode).toBe(409);
    expect(await soldOf(freeId)).toBe(0);
  });

  it('refuses a paid order (that is the organiser’s refund) and a started event', async () => {
    const paid = await buyTickets(t, buyer, eventId, { [paidId]: 1 });
    const refused = await giveBack(buyer.token, paid._id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/ask the organiser for a refund/);
    const free = await buyTickets(t, buyer, eventId, { [freeId]: 1 });
    await t.deps.db.update(events).set({ startDate: '2020-01-01' }).where(eq(events.id, eventId));
    try {
      const late = await giveBack(buyer.token, free._id);
      expect(late.statusCode).toBe(409);
      expect(late.json().message).toMatch(/event has started/);
    } finally {
      await t.deps.db.update(events).set({ startDate: '2031-03-14' }).where(eq(events.id, eventId));
    }
  });

  it('emails the tickets again to the buyer, to nobody else, within a limit', async () => {
    const order = await buyTickets(t, buyer, eventId, { [freeId]: 1 });
    const before = (await outbox(t)).filter((m) => m.to === buyer.email).length;
    const sent = await authed(t, 'POST', `/api/orders/${order._id}/resend`, buyer.token);
    expect(sent.statusCode, sent.body).toBe(200);
    expect((await outbox(t)).filter((m) => m.to === buyer.email).length).toBe(before + 1);
    expect((await authed(t, 'POST', `/api/orders/${order._id}/resend`, stranger.token)).statusCode).toBe(403);
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++)
      statuses.push((await authed(t, 'POST', `/api/orders/${order._id}/resend`, buyer.token)).statusCode);
    expect(statuses.at(-1)).toBe(429);
  });
});
