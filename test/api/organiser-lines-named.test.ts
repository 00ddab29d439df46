import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guestlistResponse, salesResponse } from '../../contract/organiser';
import { organiserWaitlistResponse } from '../../contract/waitlist';
import { eventDates, issuedTickets, ticketTypes } from '../../server/db/schema';
import { authed } from '../helpers/accounts';
import { buyTickets } from '../helpers/checkin';
import { eventWithTypes, type Person, person } from '../helpers/checkout';
import { testDatabases } from '../helpers/databases';
import { buildTestApp, type TestApp } from '../helpers/testApp';

let keys = 0;
const key = () => `lines-${Date.now().toString(36)}-${++keys}`;

/**
 * What the organiser's lists call each line: a multi-date event's types with their dates (not
 * "Regular, Regular"), each seat with its ticket reference, and an order refunded in full still on the
 * guest list, marked refunded.
 */
describe.each(testDatabases)("the organiser's lines on $name", (database) => {
  let t: TestApp;
  let organiser: Person;
  let eventId: string;
  let nightOne: string;
  let nightTwo: string;

  beforeAll(async () => {
    t = await buildTestApp(database);
    organiser = await person(t.deps.db, 'organiser');
    const made = await eventWithTypes(t.deps.db, organiser.id, [
      { name: 'Regular', priceKobo: 500_000, capacity: 20 },
      { name: 'Regular', priceKobo: 500_000, capacity: 20 },
    ]);
    eventId = made.event.id;
    [nightOne, nightTwo] = made.types.map((x) => x.id) as [string, string];
    const dates = await t.deps.db
      .insert(eventDates)
      .values([
        { eventId, date: '2031-03-14', startTime: '18:00', endTime: '23:00', label: 'Night 1' },
        { eventId, date: '2031-03-15', startTime: '18:00', endTime: '23:00', label: 'Night 2' },
      ])
      .returning();
    await t.deps.db
      .update(ticketTypes)
      .set({ eventDateId: dates[0]!.id })
      .where(eq(ticketTypes.id, nightOne));
    await t.deps.db
      .update(ticketTypes)
      .set({ eventDateId: dates[1]!.id })
      .where(eq(ticketTypes.id, nightTwo));
  }, 240_000);
  afterAll(async () => t?.close());

  const guestlist = async () =>
    guestlistResponse.parse(
      (await authed(t, 'GET', `/api/events/${eventId}/guestlist`, organiser.token)).json(),
    );

  it('names each date’s type with its date on the guest list, Sales and the waiting list', async () => {
    const buyer = await person(t.deps.db);
    await buyTickets(t, buyer, eventId, { [nightOne]: 1, [nightTwo]: 1 });
    const names = (await guestlist()).rows.map((r) => r.ticketName).sort();
    expect(names).toEqual(['Regular · Night 1 · Fri 14 Mar', 'Regular · Night 2 · Sat 15 Mar']);
    const sales = salesResponse.parse(
      (await authed(t, 'GET', `/api/events/${eventId}/sales`, organiser.token)).json(),
    );
    expect(sales.rows.map((r) => r.ticketName).sort()).toEqual(names);
    const waitlist = organiserWaitlistResponse.parse(
      (await authed(t, 'GET', `/api/events/${eventId}/waitlist`, organiser.token)).json(),
    );
    expect(waitlist.types.map((x) => x.ticketName).sort()).toEqual(names);
  });

  it('gives each seat its reference, and keeps an order refunded in full on the list, marked', async () => {
    const buyer = await person(t.deps.db);
    const order = await buyTickets(t, buyer, eventId, { [nightOne]: 2 });
    const before = await guestlist();
    const line = before.rows.find((r) => r.orderId === order._id)!;
    const stored = await t.deps.db
      .select({ id: issuedTickets.id, reference: issuedTickets.reference })
      .from(issuedTickets)
      .where(eq(issuedTickets.orderId, order._id));
    expect(line.tickets.map((x) => x.reference).sort()).toEqual(stored.map((x) => x.reference).sort());
    expect(line).toMatchObject({ quantity: 2, refunded: 0 });

    // One seat back: the line says so.
    const one = await authed(t, 'POST', `/api/orders/${order._id}/refunds`, organiser.token, {
      tickets: [line.tickets[0]!.id],
      reason: 'Cannot come',
      requestKey: key(),
    });
    expect(one.statusCode, one.body).toBe(201);
    expect((await guestlist()).rows.find((r) => r.orderId === order._id)).toMatchObject({
      quantity: 1,
      refunded: 1,
    });

    // The rest: the order ends refunded and stays listed, with no seat and every seat refunded.
    const rest = await authed(t, 'POST', `/api/orders/${order._id}/refunds`, organiser.token, {
      tickets: [line.tickets[1]!.id],
      reason: 'Event moved',
      requestKey: key(),
    });
    expect(rest.statusCode, rest.body).toBe(201);
    const after = await guestlist();
    expect(after.rows.find((r) => r.orderId === order._id)).toMatchObject({
      quantity: 0,
      refunded: 2,
      tickets: [],
    });
    // Not counted as an order or a ticket of the event any more.
    expect(after.totals.orders).toBe(before.totals.orders - 1);
    expect(after.totals.tickets).toBe(before.totals.tickets - 2);
  });
});
