import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { doorSummaryResponse } from '../../contract/team';
import { authed } from '../helpers/accounts';
import { buyTickets } from '../helpers/checkin';
import { eventWithTypes, type Person, people } from '../helpers/checkout';
import { testDatabases } from '../helpers/databases';
import { joinTeam } from '../helpers/team';
import { buildTestApp, type TestApp } from '../helpers/testApp';

/**
 * The door screen (decision 043 amendment): every answer a door supervisor gets from the routes
 * behind it carries no money, not even a field name that would hold some; the same detector finds
 * the money in the owner's management and sales answers, so it is not blind.
 */
const MONEY_KEY = /kobo|amount|revenue|price|fee|payout|gross|refund|naira|earning/i;

function moneyIn(value: unknown, path = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => moneyIn(v, `${path}[${i}]`));
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([k, v]) => [
      // `refunded` on a guest-list line counts seats given back (decision 055), not money.
      ...(MONEY_KEY.test(k) && !(k === 'refunded' && Number.isInteger(v)) ? [`${path}.${k}`] : []),
      ...moneyIn(v, `${path}.${k}`),
    ]);
  return typeof value === 'string' && value.includes('₦') ? [path] : [];
}

describe.each(testDatabases)('door screen on $name', (database) => {
  let t: TestApp;
  let owner: Person;
  let door: Person;
  let co: Person;
  let finance: Person;
  let eventId: string;

  beforeAll(async () => {
    t = await buildTestApp(database);
    const [o, d, c, f, buyer] = (await people(t.deps.db, 5, 'door')) as Person[];
    [owner, door, co, finance] = [o!, d!, c!, f!];
    const { event, types } = await eventWithTypes(t.deps.db, owner.id, [
      { name: 'Regular', priceKobo: 0, purchaseLimit: 10 },
      { name: 'VIP', priceKobo: 500_000 },
    ]);
    eventId = event.id;
    await joinTeam(t, owner.token, eventId, door, 'door');
    await joinTeam(t, owner.token, eventId, co, 'co_organiser');
    await joinTeam(t, owner.token, eventId, finance, 'finance');
    const order = await buyTickets(t, buyer!, eventId, { [types[0]!.id]: 2, [types[1]!.id]: 1 });
    await authed(t, 'POST', `/api/checkin/${eventId}`, owner.token, { code: order.tickets[0]!.code });
  }, 120_000);
  afterAll(async () => t?.close());

  it('the header names the event and the viewer’s role, for the check-in roles only', async () => {
    const mine = doorSummaryResponse.parse(
      (await authed(t, 'GET', `/api/events/${eventId}/door`, door.token)).json(),
    );
    expect(mine).toMatchObject({ event: { id: eventId }, role: 'door' });
    expect(Object.keys(mine.event).sort()).toEqual(['eventName', 'id', 'location', 'startDate', 'startTime']);
    const theirs = await authed(t, 'GET', `/api/events/${eventId}/door`, owner.token);
    expect(theirs.json().role).toBe('organiser');
    expect((await authed(t, 'GET', `/api/events/${eventId}/door`, co.token)).json().role).toBe(
      'co_organiser',
    );
    expect((await authed(t, 'GET', `/api/events/${eventId}/door`, finance.token)).statusCode).toBe(403);
  });

  it('nothing the door supervisor gets from the door screen’s routes carries money', async () => {
    const created = await authed(t, 'POST', `/api/events/${eventId}/checkin-links`, door.token, {
      label: 'Gate B',
    });
    expect(created.statusCode, created.body).toBe(201);
    const reads = [
      `/api/events/${eventId}/door`,
      `/api/events/${eventId}/checkins`,
      `/api/events/${eventId}/checkin-links`,
      `/api/events/${eventId}/checkins/charts`,
      `/api/checkin/${eventId}/search?q=door`,
      `/api/checkin/${eventId}/list`,
      `/api/events/${eventId}/guestlist`,
    ];
    const answers = [created];
    for (const url of reads) {
      const res = await authed(t, 'GET', url, door.token);
      expect(res.statusCode, `${url}: ${res.body.slice(0, 200)}`).toBe(200);
      answers.push(res);
    }
    for (const res of answers) expect(moneyIn(res.json()), res.body.slice(0, 200)).toEqual([]);
    // The detector sees money where there is some: the owner's management and sales answers.
    for (const url of [`/api/events/${eventId}/manage`, `/api/events/${eventId}/sales`]) {
      const res = await authed(t, 'GET', url, owner.token);
      expect(moneyIn(res.json()).length, url).toBeGreaterThan(0);
    }
  });
});
