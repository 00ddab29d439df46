import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { myTeamEventsResponse, TEAM_MESSAGES, teamResponse } from '../../contract/team';
import { eventTeam, payoutAccounts, users } from '../../server/db/schema';
import { OWNER_PAYOUT_NEEDED } from '../../server/modules/organiser/ticketService';
import { authed, lastMailTo } from '../helpers/accounts';
import { eventWithTypes, type Person, people } from '../helpers/checkout';
import { testDatabases } from '../helpers/databases';
import { paidTicket } from '../helpers/organiser';
import { invitationTokenFor, joinTeam } from '../helpers/team';
import { buildTestApp, type TestApp } from '../helpers/testApp';

/** Invitations (expiry, revoke, the right account), removal, the activity log and payouts (decision 043). */
describe.each(testDatabases)('event team on $name', (database) => {
  let t: TestApp;
  let owner: Person;
  let eventId: string;

  beforeAll(async () => {
    t = await buildTestApp(database);
    [owner] = (await people(t.deps.db, 1, 'owner')) as [Person];
    eventId = (await eventWithTypes(t.deps.db, owner.id, [{ name: 'Regular', priceKobo: 0 }])).event.id;
  }, 120_000);
  afterAll(async () => t?.close());

  const invite = (email: string, role: string, token = owner.token) =>
    authed(t, 'POST', `/api/events/${eventId}/team/invitations`, token, { email, role });
  const team = async () =>
    teamResponse.parse((await authed(t, 'GET', `/api/events/${eventId}/team`, owner.token)).json());
  const accept = (token: string, as: Person) => authed(t, 'POST', '/api/team/accept', as.token, { token });

  it('the invitation mail carries the link with its token in the fragment; the row keeps only its hash', async () => {
    const [helper] = (await people(t.deps.db, 1, 'helper')) as [Person];
    expect((await invite(helper.email, 'door')).statusCode).toBe(201);
    const mail = await lastMailTo(t, helper.email, 'help run');
    expect(mail.text).toContain('Door supervisor');
    expect(mail.text).toMatch(/\/team\/accept#token=[A-Za-z0-9_-]{43}/);
    const token = await invitationTokenFor(t, helper.email);
    const rows = await t.deps.db.select().from(eventTeam).where(eq(eventTeam.email, helper.email));
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(token);
    const pending = (await team()).invitations.find((i) => i.email === helper.email)!;
    expect(pending.role).toBe('door');
    expect(Date.parse(pending.expiresAt) - Date.parse(pending.invitedAt)).toBeGreaterThan(6.9 * 86_400_000);
    expect(pending.expired).toBe(false);
  });

  it('accepting needs the invited, verified account; a wrong, unknown, revoked or expired link changes nothing', async () => {
    const [invited, other] = (await people(t.deps.db, 2, 'member')) as [Person, Person];
    await invite(invited.email, 'finance');
    const token = await invitationTokenFor(t, invited.email);

    const wrong = await accept(token, other);
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().message).toBe(TEAM_MESSAGES.wrongAccount);
    const unknown = await accept('x'.repeat(43), invited);
    expect(unknown.statusCode).toBe(404);
    expect((await authed(t, 'POST', '/api/team/accept', invited.token, { token: '' })).statusCode).toBe(400);
    expect((await authed(t, 'POST', '/api/team/accept', undefined, { token })).statusCode).toBe(401);

    await t.deps.db.update(users).set({ emailVerifiedAt: null }).where(eq(users.id, invited.id));
    const unverified = await accept(token, invited);
    expect(unverified.statusCode).toBe(403);
    expect(unverified.json().message).toBe(TEAM_MESSAGES.verifyFirst);
    await t.deps.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, invited.id));

    await t.deps.db
      .update(eventTeam)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(eventTeam.email, invited.email));
    const expired = await accept(token, invited);
    expect(expired.statusCode).toBe(410);
    expect(expired.json().message).toBe(TEAM_MESSAGES.invitationExpired);
    expect((await team()).invitations.find((i) => i.email === invited.email)!.expired).toBe(true);
    expect((await authed(t, 'GET', `/api/events/${eventId}/sales`, invited.token)).statusCode).toBe(403);

    // Inviting again replaces the expired invitation: the old link is dead, the new one works once.
    await invite(invited.email, 'finance');
    const fresh = await invitationTokenFor(t, invited.email);
    expect((await accept(token, invited)).statusCode).toBe(410);
    const ok = await accept(fresh, invited);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ eventId, role: 'finance' });
    expect((await accept(fresh, invited)).statusCode).toBe(200);
    expect((await accept(fresh, other)).statusCode).toBe(409);
    expect((await authed(t, 'GET', `/api/events/${eventId}/sales`, invited.token)).statusCode).toBe(200);
    const mine = myTeamEventsResponse.parse(
      (await authed(t, 'GET', '/api/team/events', invited.token)).json(),
    );
    expect(mine.events).toEqual([expect.objectContaining({ eventId, role: 'finance' })]);
    expect((await invite(invited.email, 'co_organiser')).statusCode).toBe(409);
  });

  it('a revoked invitation cannot be accepted; a removed member loses access at once', async () => {
    const [revokee, member] = (await people(t.deps.db, 2, 'revoke')) as [Person, Person];
    await invite(revokee.email, 'co_organiser');
    const token = await invitationTokenFor(t, revokee.email);
    const pending = (await team()).invitations.find((i) => i.email === revokee.email)!;
    expect(
      (await authed(t, 'DELETE', `/api/events/${eventId}/team/${pending.id}`, owner.token)).statusCode,
    ).toBe(200);
    const revoked = await accept(token, revokee);
    expect(revoked.statusCode).toBe(410);
    expect(revoked.json().message).toBe(TEAM_MESSAGES.invitationRevoked);
    expect(
      (await authed(t, 'DELETE', `/api/events/${eventId}/team/${pending.id}`, owner.token)).statusCode,
    ).toBe(409);

    await joinTeam(t, owner.token, eventId, member, 'door');
    expect((await authed(t, 'GET', `/api/events/${eventId}/checkins`, member.token)).statusCode).toBe(200);
    const row = (await team()).members.find((m) => m.email === member.email)!;
    expect(row.role).toBe('door');
    await authed(t, 'DELETE', `/api/events/${eventId}/team/${row.id}`, owner.token);
    expect((await authed(t, 'GET', `/api/events/${eventId}/checkins`, member.token)).statusCode).toBe(403);
    expect((await team()).members.some((m) => m.email === member.email)).toBe(false);
    // Removed, they can be invited again.
    await joinTeam(t, owner.token, eventId, member, 'finance');
    expect((await authed(t, 'GET', `/api/events/${eventId}/checkins`, member.token)).statusCode).toBe(403);
    expect((await authed(t, 'GET', `/api/events/${eventId}/sales`, member.token)).statusCode).toBe(200);
  });

  it('bad invitations are 400 and change nothing; the owner cannot invite themself; members cannot invite', async () => {
    const before = JSON.stringify(await team());
    for (const body of [
      { email: 'not-an-email', role: 'door' },
      { email: 'x@example.ng', role: 'owner' },
      { email: 'x@example.ng' },
      { role: 'door' },
    ]) {
      const res = await authed(t, 'POST', `/api/events/${eventId}/team/invitations`, owner.token, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toBeTruthy();
    }
    expect((await invite(owner.email.toUpperCase(), 'door')).statusCode).toBe(409);
    const [co] = (await people(t.deps.db, 1, 'co')) as [Person];
    await joinTeam(t, owner.token, eventId, co, 'co_organiser');
    const byCo = await invite('friend@example.ng', 'co_organiser', co.token);
    expect(byCo.statusCode).toBe(403);
    const after = await team();
    expect(after.invitations).toEqual(JSON.parse(before).invitations);
    expect((await authed(t, 'DELETE', `/api/events/${eventId}/team/not-an-id`, owner.token)).statusCode).toBe(
      404,
    );
  });

  it('what members do is recorded (who, what, on what, when) and shown to the owner; the owner is not', async () => {
    const [co] = (await people(t.deps.db, 1, 'actor')) as [Person];
    await joinTeam(t, owner.token, eventId, co, 'co_organiser');
    const before = (await team()).activity.length;
    const saved = await authed(t, 'POST', `/api/events/${eventId}/discounts`, co.token, {
      code: 'TEAM15',
      kind: 'percent',
      percentOff: 15,
    });
    expect(saved.statusCode, saved.body).toBe(201);
    const discountId = saved.json().discount._id;
    await authed(t, 'DELETE', `/api/events/${eventId}/discounts/${discountId}`, co.token);
    await authed(t, 'GET', `/api/events/${eventId}/sales.csv`, co.token);
    // Refused or the owner's own: not recorded.
    await authed(t, 'POST', `/api/events/${eventId}/team/invitations`, co.token, {
      email: 'a@b.ng',
      role: 'door',
    });
    await authed(t, 'POST', `/api/events/${eventId}/discounts`, owner.token, {
      code: 'OWN5',
      kind: 'percent',
      percentOff: 5,
    });
    const log = (await team()).activity;
    expect(log.length - before).toBe(3);
    expect(log.slice(0, 3).map((a) => [a.action, a.target, a.role])).toEqual([
      ['Exported sales (CSV)', null, 'co_organiser'],
      ['Deleted a discount code', discountId, 'co_organiser'],
      ['Created a discount code', null, 'co_organiser'],
    ]);
    expect(log[0]!.actor).toContain(co.email);
    expect(Date.now() - Date.parse(log[0]!.at)).toBeLessThan(60_000);
    expect((await authed(t, 'GET', `/api/events/${eventId}/team`, co.token)).statusCode).toBe(403);
  });

  it('payouts stay the owner’s: a co-organiser cannot set an account from the ticket form', async () => {
    const [co] = (await people(t.deps.db, 1, 'payco')) as [Person];
    await joinTeam(t, owner.token, eventId, co, 'co_organiser');
    const withBank = await authed(
      t,
      'POST',
      '/api/tickets/create',
      co.token,
      paidTicket(eventId, { bank: '058', accountNumber: '2034567891' }),
    );
    expect(withBank.statusCode).toBe(403);
    const noBank = paidTicket(eventId);
    const noAccount = await authed(t, 'POST', '/api/tickets/create', co.token, noBank);
    expect(noAccount.statusCode).toBe(400);
    expect(noAccount.json().message).toBe(OWNER_PAYOUT_NEEDED);
    expect(
      (await authed(t, 'GET', '/api/payments/payout-account', co.token)).json().payoutAccount,
    ).toBeNull();
    // Once the owner has one (set under their own Payouts), the co-organiser's paid type is paid out to it.
    await t.deps.db.insert(payoutAccounts).values({
      userId: owner.id,
      bankCode: '058',
      bankName: 'Guaranty Trust Bank',
      accountNumber: '2034567891',
      accountName: 'OWNER',
      providerMode: 'test',
    });
    const paid = await authed(t, 'POST', '/api/tickets/create', co.token, paidTicket(eventId));
    expect(paid.statusCode, paid.body).toBe(201);
    const coAccount = await authed(t, 'GET', '/api/payments/payout-account', co.token);
    expect(coAccount.json().payoutAccount).toBeNull();
  });
});
