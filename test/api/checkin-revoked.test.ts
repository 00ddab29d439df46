import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createdLinkResponse, linkSessionResponse, offlineListResponse } from '../../contract/checkin';
import { authed } from '../helpers/accounts';
import { buyTickets, ticketIdOf } from '../helpers/checkin';
import { eventWithTypes, type Person, person } from '../helpers/checkout';
import { testDatabases } from '../helpers/databases';
import { buildTestApp, type TestApp } from '../helpers/testApp';

/** Revocations are per event: one event's cancelled tickets never reach another event's door. */
describe.each(testDatabases)('Revoked tickets per event on $name', (database) => {
  let t: TestApp;
  let organiser: Person;
  let buyer: Person;
  let eventId: string;
  let otherEventId: string;
  let otherTypeId: string;

  beforeAll(async () => {
    t = await buildTestApp(database);
    organiser = await person(t.deps.db, 'organiser');
    buyer = await person(t.deps.db, 'buyer');
    const made = await eventWithTypes(t.deps.db, organiser.id, [{ name: 'Regular', priceKobo: 500_000 }]);
    eventId = made.event.id;
    await buyTickets(t, buyer, eventId, { [made.types[0]!.id]: 2 });
    const other = await eventWithTypes(t.deps.db, organiser.id, [{ name: 'Regular' }]);
    otherEventId = other.event.id;
    otherTypeId = other.types[0]!.id;
    await buyTickets(t, buyer, otherEventId, { [otherTypeId]: 1 });
  }, 180_000);
  afterAll(async () => t?.close());

  it('revoked ids reach only their own event’s scanners', async () => {
    const doomed = await buyTickets(t, buyer, otherEventId, { [otherTypeId]: 1 });
    const cancel = await authed(t, 'POST', `/api/orders/${doomed._id}/cancel`, organiser.token);
    expect(cancel.statusCode, cancel.body).toBe(200);
    const here = offlineListResponse.parse(
      (await authed(t, 'GET', `/api/checkin/${eventId}/list`, organiser.token)).json(),
    );
    const there = offlineListResponse.parse(
      (await authed(t, 'GET', `/api/checkin/${otherEventId}/list`, organiser.token)).json(),
    );
    const doomedId = ticketIdOf(doomed.tickets[0]!.code);
    expect(there.revoked).toContain(doomedId);
    expect(here.revoked).not.toContain(doomedId);
    const ids = (l: typeof here) => new Set(l.tickets.map((x) => x.id));
    for (const id of here.revoked) expect(ids(here).has(id)).toBe(true);
    for (const id of there.revoked) expect(ids(there).has(id)).toBe(true);
    expect([...ids(here)].some((id) => ids(there).has(id))).toBe(false);
    // A link of this event cannot read the other event's list at all.
    const { token, pin } = createdLinkResponse.parse(
      (
        await authed(t, 'POST', `/api/events/${eventId}/checkin-links`, organiser.token, {
          label: 'Side door',
        })
      ).json(),
    );
    const session = linkSessionResponse.parse(
      (await authed(t, 'POST', '/api/checkin/links/session', undefined, { token, pin })).json(),
    );
    const foreign = await authed(t, 'GET', `/api/checkin/${otherEventId}/list`, session.sessionToken);
    expect(foreign.statusCode).toBe(403);
    expect(foreign.body).not.toContain(doomedId);
  });
});
