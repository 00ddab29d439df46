import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkinsResponse } from '../../contract/checkin';
import { checkinChartsResponse, salesChartsResponse } from '../../contract/organiserCharts';
import { eventDates, ticketTypes } from '../../server/db/schema';
import { authed } from '../helpers/accounts';
import { buyTickets } from '../helpers/checkin';
import { eventWithTypes, type Person, people } from '../helpers/checkout';
import { testDatabases } from '../helpers/databases';
import { joinTeam } from '../helpers/team';
import { buildTestApp, type TestApp } from '../helpers/testApp';

/**
 * The door screen's "Who came" list (issue #32, walked on a 375 px phone): a guest a door supervisor
 * let in is listed under the supervisor's name, as the Check-in counts and the guest list name that
 * gate, not under "Organiser"; and a multi-date event's type is named with its date.
 */
describe.each(testDatabases)('who came, named, on $name', (database) => {
  let t: TestApp;
  let owner: Person;
  let door: Person;
  let buyer: Person;
  let eventId: string;
  let nightTwo: string;

  beforeAll(async () => {
    t = await buildTestApp(database);
    [owner, door, buyer] = (await people(t.deps.db, 3, 'came')) as [Person, Person, Person];
    const made = await eventWithTypes(t.deps.db, owner.id, [
      { name: 'Regular', priceKobo: 0, purchaseLimit: 4 },
      { name: 'Regular', priceKobo: 0, purchaseLimit: 4 },
    ]);
    eventId = made.event.id;
    const [one, two] = made.types.map((x) => x.id) as [string, string];
    nightTwo = two;
    const dates = await t.deps.db
      .insert(eventDates)
      .values([
        { eventId, date: '2031-03-14', startTime: '18:00', endTime: '23:00', label: '' },
        { eventId, date: '2031-03-15', startTime: '18:00', endTime: '23:00', label: 'Night 2' },
      ])
      .returning();
    await t.deps.db.update(ticketTypes).set({ eventDateId: dates[0]!.id }).where(eq(ticketTypes.id, one));
    await t.deps.db.update(ticketTypes).set({ eventDateId: dates[1]!.id }).where(eq(ticketTypes.id, two));
    await joinTeam(t, owner.token, eventId, door, 'door');
  }, 240_000);
  afterAll(async () => t?.close());

  it('lists the supervisor’s admission under their name, with the type’s date', async () => {
    const order = await buyTickets(t, buyer, eventId, { [nightTwo]: 1 });
    const scan = await authed(t, 'POST', `/api/checkin/${eventId}`, door.token, {
      code: order.tickets[0]!.code,
    });
    expect(scan.statusCode, scan.body).toBe(200);
    const res = await authed(t, 'GET', `/api/events/${eventId}/checkins`, owner.token);
    expect(res.statusCode, res.body).toBe(200);
    const [row] = checkinsResponse.parse(res.json()).checkins;
    expect(row).toMatchObject({
      ticketName: 'Regular · Night 2 · Sat 15 Mar',
      checkedInBy: { gate: `${door.firstName} ${door.lastName}`, device: null },
    });
  });

  it('the check-in and sales charts name each date’s type with its date', async () => {
    const names = ['Regular · Fri 14 Mar', 'Regular · Night 2 · Sat 15 Mar'];
    const checkins = await authed(t, 'GET', `/api/events/${eventId}/checkins/charts`, door.token);
    expect(checkins.statusCode, checkins.body).toBe(200);
    const perType = checkinChartsResponse.parse(checkins.json()).perType.map((x) => x.ticketName);
    expect([...perType].sort()).toEqual(names);
    const sales = await authed(t, 'GET', `/api/events/${eventId}/sales/charts`, owner.token);
    expect(sales.statusCode, sales.body).toBe(200);
    const types = salesChartsResponse.parse(sales.json()).ticketTypes.map((x) => x.ticketName);
    expect([...types].sort()).toEqual(names);
  });
});
