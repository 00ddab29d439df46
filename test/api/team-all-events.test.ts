import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { myTeamEventsResponse, TEAM_MESSAGES, teamAcceptResponse, teamResponse } from '../../contract/team';
import { organiserTeam } from '../../server/db/schema';
import { ACCESS_MESSAGES } from '../../server/modules/access/eventAccess';
import { authed, lastMailTo } from '../helpers/accounts';
import { buyTickets } from '../helpers/checkin';
import { eventWithTypes, type Person, people } from '../helpers/checkout';
import { testDatabases } from '../helpers/databases';
import { invitationTokenFor, joinAllEvents, joinTeam } from '../helpers/team';
import { buildTestApp, type TestApp } from '../helpers/testApp';

/**
 * Invitations to all of an owner's events (decision 043 amendment, organiser_team): accepted once,
 * they open every event of that owner, present and future, to the role, and no other organiser's;
 * revoking ends access at the next request; they expire like an event's own. The whole route
 * matrix for all-events members is team-roles.test.ts's second run.
 */
describe.each(testDatabases)('team of all the owner’s events on $name', (database) => {
  let t: TestApp;
  let owner: Person;
  let other: Person;
  let first: string;
  let second: string;
  let othersEvent: string;

  beforeAll(async () => {
    t = await buildTestApp(database);
    [owner, other] = (await people(t.deps.db, 2, 'owner')) as [Person, Person];
    const event = async (who: Person) =>
      (await eventWithTypes(t.deps.db, who.id, [{ name: 'Regular', priceKobo: 0, purchaseLimit: 10 }])).event
        .id;
    first = await event(owner);
    second = await event(owner);
    othersEvent = await event(other);
  }, 120_000);
  afterAll(async () => t?.close());

  const invite = (email: string, role: string, scope = 'all', eventId = first, token = owner.token) =>
    authed(t, 'POST', `/api/events/${eventId}/team/invitations`, token, { email, role, scope });
  const team = async (eventId: string) =>
    teamResponse.parse((await authed(t, 'GET', `/api/events/${eventId}/team`, owner.token)).json());
  const links = (eventId: string, who: Person) =>
    authed(t, 'GET', `/api/events/${eventId}/checkin-links`, who.token);
  const myEvents = async (who: Person) =>
    myTeamEventsResponse.parse((await authed(t, 'GET', '/api/team/events', who.token)).json()).events;

  it('accepting opens every event of the owner, one created later too, and no other organiser’s', async () => {
    const [door] = (await people(t.deps.db, 1, 'door')) as [Person];
    expect((await invite(door.email, 'door')).statusCode).toBe(201);
    const mail = await lastMailTo(t, door.email, 'help run');
    expect(mail.subject).toContain(`all events by ${owner.firstName}`);
    const token = await invitationTokenFor(t, door.email);
    const rows = await t.deps.db.select().from(organiserTeam).where(eq(organiserTeam.email, door.email));
    expect(JSON.stringify(rows)).not.toContain(token);

    const accepted = await authed(t, 'POST', '/api/team/accept', door.token, { token });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const joined = teamAcceptResponse.parse(accepted.json());
    expect(joined).toMatchObject({ eventId: null, role: 'door', scope: 'all' });
    // Accepting again with the same account is idempotent.
    expect((await authed(t, 'POST', '/api/team/accept', door.token, { token })).statusCode).toBe(200);

    const later = (await eventWithTypes(t.deps.db, owner.id, [{ name: 'Later', priceKobo: 0 }])).event.id;
    for (const eventId of [first, second, later]) {
      expect((await links(eventId, door)).statusCode).toBe(200);
      const sales = await authed(t, 'GET', `/api/events/${eventId}/sales`, door.token);
      expect(sales.statusCode).toBe(403);
      expect(sales.json().message).toBe(ACCESS_MESSAGES.notYourRole);
    }
    const elsewhere = await links(othersEvent, door);
    expect(elsewhere.statusCode).toBe(403);
    expect(elsewhere.json().message).toBe(ACCESS_MESSAGES.notYourEvent);

    expect((await myEvents(door)).map((e) => [e.eventId, e.scope]).sort()).toEqual(
      [first, second, later].map((id) => [id, 'all']).sort(),
    );
    // The owner sees the member, labelled, on every event's Team tab.
    for (const eventId of [first, later])
      expect((await team(eventId)).members).toContainEqual(
        expect.objectContaining({ email: door.email, role: 'door', scope: 'all' }),
      );
    expect((await authed(t, 'GET', `/api/events/${othersEvent}/team`, other.token)).json().members).toEqual(
      [],
    );
  });

  it('what an all-events member does is in that event’s activity log', async () => {
    const [door, buyer] = (await people(t.deps.db, 2, 'scan')) as [Person, Person];
    await joinAllEvents(t, owner.token, first, door, 'door');
    const typeId = (await t.deps.db.query.ticketTypes.findFirst({
      where: (tt, { eq }) => eq(tt.eventId, second),
    }))!.id;
    const order = await buyTickets(t, buyer, second, { [typeId]: 1 });
    const scan = await authed(t, 'POST', `/api/checkin/${second}`, door.token, {
      code: order.tickets[0]!.code,
    });
    expect(scan.statusCode, scan.body).toBe(200);
    const activity = (await team(second)).activity;
    expect(activity[0]).toMatchObject({ action: 'Scanned a ticket', role: 'door' });
    expect(activity[0]!.actor).toContain(door.email);
    expect((await team(first)).activity.some((a) => a.actor.includes(door.email))).toBe(false);
  });

  it('revoking ends access on every event at once; the member leaves every Team tab', async () => {
    const [co] = (await people(t.deps.db, 1, 'co')) as [Person];
    await joinAllEvents(t, owner.token, first, co, 'co_organiser');
    expect((await authed(t, 'GET', `/api/events/${second}/manage`, co.token)).statusCode).toBe(200);
    const member = (await team(second)).members.find((m) => m.email === co.email)!;
    // Removed from the second event's Team tab: gone from the first too, and from every event.
    const removed = await authed(t, 'DELETE', `/api/events/${second}/team/${member.id}`, owner.token);
    expect(removed.statusCode, removed.body).toBe(200);
    for (const eventId of [first, second]) {
      const res = await authed(t, 'GET', `/api/events/${eventId}/manage`, co.token);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(ACCESS_MESSAGES.notYourEvent);
      expect((await team(eventId)).members.some((m) => m.email === co.email)).toBe(false);
    }
    expect(await myEvents(co)).toEqual([]);
    const again = await authed(t, 'DELETE', `/api/events/${first}/team/${member.id}`, owner.token);
    expect(again.statusCode).toBe(409);
    // Another organiser cannot end it through their own event.
    const [finance] = (await people(t.deps.db, 1, 'fin')) as [Person];
    await joinAllEvents(t, owner.token, first, finance, 'finance');
    const id = (await team(first)).members.find((m) => m.email === finance.email)!.id;
    expect((await authed(t, 'DELETE', `/api/events/${othersEvent}/team/${id}`, other.token)).statusCode).toBe(
      404,
    );
    expect((await authed(t, 'GET', `/api/events/${first}/sales`, finance.token)).statusCode).toBe(200);
  });

  it('an invitation expires, is listed as expired, gives nothing, and inviting again replaces it', async () => {
    const [late] = (await people(t.deps.db, 1, 'late')) as [Person];
    await invite(late.email, 'finance');
    const token = await invitationTokenFor(t, late.email);
    await t.deps.db
      .update(organiserTeam)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(organiserTeam.email, late.email));
    const expired = await authed(t, 'POST', '/api/team/accept', late.token, { token });
    expect(expired.statusCode).toBe(410);
    expect(expired.json().message).toBe(TEAM_MESSAGES.invitationExpired);
    expect((await team(second)).invitations).toContainEqual(
      expect.objectContaining({ email: late.email, scope: 'all', expired: true }),
    );
    expect((await authed(t, 'GET', `/api/events/${first}/sales`, late.token)).statusCode).toBe(403);

    await invite(late.email, 'finance');
    const fresh = await invitationTokenFor(t, late.email);
    expect((await authed(t, 'POST', '/api/team/accept', late.token, { token })).statusCode).toBe(410);
    expect((await authed(t, 'POST', '/api/team/accept', late.token, { token: fresh })).statusCode).toBe(200);
    // A pending invitation revoked by the owner is dead too.
    const [gone] = (await people(t.deps.db, 1, 'gone')) as [Person];
    await invite(gone.email, 'door');
    const goneToken = await invitationTokenFor(t, gone.email);
    const pending = (await team(first)).invitations.find((i) => i.email === gone.email)!;
    expect(
      (await authed(t, 'DELETE', `/api/events/${first}/team/${pending.id}`, owner.token)).statusCode,
    ).toBe(200);
    const revoked = await authed(t, 'POST', '/api/team/accept', gone.token, { token: goneToken });
    expect(revoked.statusCode).toBe(410);
    expect(revoked.json().message).toBe(TEAM_MESSAGES.invitationRevoked);
  });

  it('refuses bad scopes, members inviting, and inviting someone already on all events; an event’s own role wins', async () => {
    const [member] = (await people(t.deps.db, 1, 'mem')) as [Person];
    const bad = await invite(member.email, 'door', 'everything');
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Choose this event or all your events');
    expect(await t.deps.db.select().from(organiserTeam).where(eq(organiserTeam.email, member.email))).toEqual(
      [],
    );

    await joinAllEvents(t, owner.token, first, member, 'finance');
    const twice = await invite(member.email, 'door');
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(TEAM_MESSAGES.alreadyMember);
    const byMember = await invite(`${member.email}.x`, 'door', 'all', first, member.token);
    expect(byMember.statusCode).toBe(403);

    // On the second event the owner gives them the door as well: that event's own role wins there.
    await joinTeam(t, owner.token, second, member, 'door');
    expect((await authed(t, 'GET', `/api/events/${second}/sales`, member.token)).statusCode).toBe(403);
    expect((await links(second, member)).statusCode).toBe(200);
    expect((await authed(t, 'GET', `/api/events/${first}/sales`, member.token)).statusCode).toBe(200);
    const mine = await myEvents(member);
    expect(mine.find((e) => e.eventId === second)).toMatchObject({ role: 'door', scope: 'event' });
    expect(mine.find((e) => e.eventId === first)).toMatchObject({ role: 'finance', scope: 'all' });
  });
});
