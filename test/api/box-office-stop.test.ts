import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALLOWANCE_SEATS } from '../../contract/boxOffice';
import { createdLinkResponse, linkListResponse, linkSessionResponse } from '../../contract/checkin';
import { authed, post } from '../helpers/accounts';
import { type Device, sale, seatsOf, sync, synced } from '../helpers/boxOffice';
import { eventWithTypes, type Person, people } from '../helpers/checkout';
import { testDatabases } from '../helpers/databases';
import { joinTeam } from '../helpers/team';
import { buildTestApp, type TestApp } from '../helpers/testApp';

/**
 * The owner turns a link's selling on or off after making it (decision 062, amendment): a phone
 * lost at the gate, a till closed early. Stopping never loses a sale the device made within the
 * seats it held (the money was taken); it takes no seat beyond them, its unused seats go back on
 * sale, and its next sync is refused until the owner lets it sell again.
 */
describe.each(testDatabases)('Stopping a check-in link from selling on $name', (database) => {
  let t: TestApp;
  let owner: Person;
  let co: Person;
  let finance: Person;

  beforeAll(async () => {
    t = await buildTestApp(database);
    [owner, co, finance] = (await people(t.deps.db, 3, 'stop')) as [Person, Person, Person];
  }, 120_000);
  afterAll(async () => t?.close());

  async function sellingLink(eventId: string) {
    const made = await authed(t, 'POST', `/api/events/${eventId}/checkin-links`, owner.token, {
      label: 'Gate B',
      canSell: true,
    });
    expect(made.statusCode, made.body).toBe(201);
    const { link, token, pin } = createdLinkResponse.parse(made.json());
    const session = await post(t, '/api/checkin/links/session', { token, pin });
    expect(session.statusCode, session.body).toBe(200);
    return { linkId: link.id, sessionToken: linkSessionResponse.parse(session.json()).sessionToken };
  }

  const setSelling = (eventId: string, linkId: string, token: string, body: object) =>
    authed(t, 'PATCH', `/api/events/${eventId}/checkin-links/${linkId}`, token, body);

  it('a stopped link uploads what it sold within its seats, gives the rest back, then is refused until allowed again', async () => {
    const { event, types } = await eventWithTypes(t.deps.db, owner.id, [
      { name: 'Regular', priceKobo: 500_000, capacity: 30 },
    ]);
    const regular = types[0]!.id;
    const { linkId, sessionToken } = await sellingLink(event.id);
    const gate: Device = { id: randomUUID(), token: sessionToken, name: 'Gate B phone' };
    expect((await synced(t, event.id, gate, [], [regular])).allowances[0]?.seats).toBe(ALLOWANCE_SEATS);
    expect((await seatsOf(t, regular)).sold).toBe(ALLOWANCE_SEATS);

    const stop = await setSelling(event.id, linkId, owner.token, { canSell: false });
    expect(stop.statusCode, stop.body).toBe(200);
    expect(linkListResponse.parse(stop.json()).links.find((l) => l.id === linkId)?.canSell).toBe(false);

    // Offline, before it heard: 3 seats within what it held, then 18 more (21 > the 20 it held).
    const within = sale({ [regular]: 3 }, { guestName: 'Kemi Within' });
    const beyond = sale({ [regular]: 18 }, { guestName: 'Tunde Beyond' });
    const answer = await synced(t, event.id, gate, [within, beyond]);
    expect(answer.results.map((r) => [r.id, r.result])).toEqual([
      [within.id, 'recorded'],
      [beyond.id, 'no_seats'],
    ]);
    expect(answer).toMatchObject({ allowances: [], types: [] });
    // The 17 seats it did not use are on sale again: sold counts only the 3 tickets issued.
    expect(await seatsOf(t, regular)).toEqual({ sold: 3, issued: 3, held: 0 });

    // A re-sent upload is still answered (nothing issued twice); an empty sync is refused.
    const again = await synced(t, event.id, gate, [within]);
    expect(again.results[0]?.result).toBe('duplicate');
    const refused = await sync(t, event.id, gate, []);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('The organiser has not allowed this check-in link to sell tickets.');
    expect(await seatsOf(t, regular)).toEqual({ sold: 3, issued: 3, held: 0 });

    // Allowed again: the same device takes a new allowance.
    expect((await setSelling(event.id, linkId, owner.token, { canSell: true })).statusCode).toBe(200);
    const back = await synced(t, event.id, gate, [], [regular]);
    expect(back.allowances[0]).toMatchObject({ seats: ALLOWANCE_SEATS, remaining: ALLOWANCE_SEATS });
    expect((await seatsOf(t, regular)).sold).toBe(3 + ALLOWANCE_SEATS);
  }, 60_000);

  it('only the owner changes it; bad bodies, unknown and revoked links are refused and change nothing', async () => {
    const { event } = await eventWithTypes(t.deps.db, owner.id, [{ name: 'Regular', capacity: 10 }]);
    await joinTeam(t, owner.token, event.id, co, 'co_organiser');
    await joinTeam(t, owner.token, event.id, finance, 'finance');
    const { linkId } = await sellingLink(event.id);
    const byCo = await setSelling(event.id, linkId, co.token, { canSell: false });
    expect(byCo.statusCode).toBe(403);
    expect(byCo.json().message).toBe("Your role on this event's team does not allow this.");
    expect((await setSelling(event.id, linkId, finance.token, { canSell: false })).statusCode).toBe(403);
    const notBoolean = await setSelling(event.id, linkId, owner.token, { canSell: 'no' });
    expect(notBoolean.statusCode).toBe(400);
    expect(notBoolean.json().message).toContain('Say whether the link may sell');
    expect((await setSelling(event.id, randomUUID(), owner.token, { canSell: false })).statusCode).toBe(404);
    expect((await setSelling(event.id, 'not-a-link', owner.token, { canSell: false })).statusCode).toBe(404);
    const links = await authed(t, 'GET', `/api/events/${event.id}/checkin-links`, owner.token);
    expect(linkListResponse.parse(links.json()).links[0]?.canSell).toBe(true);

    await authed(t, 'DELETE', `/api/events/${event.id}/checkin-links/${linkId}`, owner.token);
    const revoked = await setSelling(event.id, linkId, owner.token, { canSell: true });
    expect(revoked.statusCode).toBe(409);
    expect(revoked.json().message).toBe('This link was revoked; make a new one to sell at the door.');
    // Another owner's event: the link is not found there.
    const { event: other } = await eventWithTypes(t.deps.db, owner.id, [{ name: 'Other', capacity: 5 }]);
    expect((await setSelling(other.id, linkId, owner.token, { canSell: true })).statusCode).toBe(404);
  }, 60_000);
});
