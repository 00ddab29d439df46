import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { event as eventSchema } from '../../contract/events';
import { orderResponse } from '../../contract/orders';
import { guestlistResponse, manageEventResponse, salesResponse } from '../../contract/organiser';
import { orders } from '../../server/db/schema';
import { authed } from '../helpers/accounts';
import { buyTickets } from '../helpers/checkin';
import { buyerOf, eventWithTypes, type Person, person } from '../helpers/checkout';
import { testDatabases } from '../helpers/databases';
import { buildTestApp, type TestApp } from '../helpers/testApp';

/**
 * Numbers that agree (issue #24): after a mix of orders — paid for real, paid in test mode, free,
 * cancelled, still on hold — every organiser screen's endpoint reports the same tickets and money:
 * Tickets tab (manage), Sales, Guestlist, My events and the event's own figures. Test-mode orders are
 * counted and labelled, never dropped.
 */
describe.each(testDatabases)('Organiser figures agree on $name', (database) => {
  let t: TestApp;
  let organiser: Person;
  let buyer: Person;
  let eventId: string;
  let paidId: string;
  let freeId: string;

  beforeAll(async () => {
    t = await buildTestApp(database);
    organiser = await person(t.deps.db, 'organiser');
    buyer = await person(t.deps.db, 'buyer');
    const made = await eventWithTypes(t.deps.db, organiser.id, [
      { name: 'Regular', priceKobo: 500_000 },
      { name: 'Free RSVP', priceKobo: 0 },
    ]);
    eventId = made.event.id;
    paidId = made.types[0]!.id;
    freeId = made.types[1]!.id;
    // Paid in test mode: 2 Regular.
    await buyTickets(t, buyer, eventId, { [paidId]: 2 });
    // "Paid for real": 3 Regular (settled as test mode by the helper, then marked as a real payment).
    const real = await buyTickets(t, buyer, eventId, { [paidId]: 3 });
    await t.deps.db.update(orders).set({ testMode: false }).where(eq(orders.id, real._id));
    // Free: 4 RSVPs.
    await buyTickets(t, buyer, eventId, { [freeId]: 4 });
    // Cancelled by the organiser: 1 Regular, counted nowhere.
    const gone = await buyTickets(t, buyer, eventId, { [paidId]: 1 });
    expect((await authed(t, 'POST', `/api/orders/${gone._id}/cancel`, organiser.token)).statusCode).toBe(200);
    // Still on hold (not paid): 1 Regular, counted nowhere as sold.
    const other = await person(t.deps.db, 'holder');
    const hold = await authed(t, 'POST', '/api/orders', other.token, {
      eventId,
      items: { [paidId]: 1 },
      buyer: buyerOf(other),
    });
    expect(orderResponse.parse(hold.json()).order.status).toBe('reserved');
  }, 180_000);
  afterAll(async () => t?.close());

  const get = async (url: string) => {
    const res = await authed(t, 'GET', url, organiser.token);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  it('every screen counts the same tickets and money, with the test-mode share labelled', async () => {
    const sales = salesResponse.parse(await get(`/api/events/${eventId}/sales`));
    const manage = manageEventResponse.parse(await get(`/api/events/${eventId}/manage`));
    const guests = guestlistResponse.parse(await get(`/api/events/${eventId}/guestlist`));
    const mine = (await get(`/api/events/user/${organiser.id}`)) as unknown[];
    const card = mine.map((e) => eventSchema.parse(e)).find((e) => e._id === eventId)!;

    // 2 test + 3 real Regular, 4 free: 9 tickets; ₦10,000 of test money and ₦15,000 real.
    expect(sales.totals).toEqual({
      sold: 9,
      revenue: 25_000,
      orders: 3,
      testSold: 2,
      testRevenue: 10_000,
      testOrders: 1,
    });
    const regular = sales.rows.find((r) => r.ticketId === paidId)!;
    expect([regular.sold, regular.testSold, regular.revenue]).toEqual([5, 2, 25_000]);
    // The same figures on every other screen.
    expect([manage.event.sold, manage.event.revenue, manage.event.testSold]).toEqual([9, 25_000, 2]);
    expect([card.sold, card.testSold]).toEqual([9, 2]);
    expect(guests.totals.tickets).toBe(9);
    expect(guests.totals.orders).toBe(3);
    expect(guests.rows.filter((r) => r.testMode).reduce((n, r) => n + r.quantity, 0)).toBe(2);
    // Tickets tab: the same sold per type, and the live hold on its own.
    const tab = new Map(manage.tickets.map((x) => [x._id, [x.sold, x.held]]));
    expect(tab.get(freeId)).toEqual([4, 0]);
    expect(tab.get(paidId)).toEqual([5, 1]);
    expect(sales.rows.reduce((n, r) => n + r.sold, 0)).toBe(sales.totals.sold);
  });
});
