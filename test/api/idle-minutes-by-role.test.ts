import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginResponse, userResponse } from '../../contract/users';
import { eventTeam, sessions } from '../../server/db/schema';
import { IDLE_GRACE_SECONDS } from '../../server/modules/auth/sessionLookup';
import { sha256 } from '../../server/modules/auth/tokens';
import { authed, post, signedInAccount } from '../helpers/accounts';
import { testDatabases } from '../helpers/databases';
import { createEvent } from '../helpers/organiser';
import { buildTestApp, type TestApp } from '../helpers/testApp';

// Decision 053 §5: with no Timeouts choice made, an attendee's session may sit idle 30 minutes and
// an organiser's (owns an event, or sits on a team) 15; a choice made under Timeouts wins either way.
describe.each(testDatabases)('idle minutes by role on $name', (database) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(database);
  });
  afterAll(async () => t?.close());

  const idleFor = (token: string, minutes: number) =>
    t.deps.db
      .update(sessions)
      .set({ lastActiveAt: sql`now() - make_interval(secs => ${minutes * 60})` })
      .where(eq(sessions.tokenHash, sha256(token)));
  const me = (token: string) => authed(t, 'GET', '/api/users/me', token);
  const choose = async (token: string, inactivityMinutes: number) =>
    expect((await authed(t, 'PUT', '/api/users/me/settings', token, { inactivityMinutes })).statusCode).toBe(
      200,
    );

  it('an attendee idle 20 minutes stays signed in, and is told 30 minutes is in force', async () => {
    const a = await signedInAccount(t);
    const user = userResponse.parse((await me(a.token)).json()).user;
    expect(user).toMatchObject({ inactivityMinutes: 30, inactivityChosen: false });
    await idleFor(a.token, 20);
    expect((await me(a.token)).statusCode).toBe(200);
    // ...and not past 30 minutes and the reporting minute.
    await idleFor(a.token, 30 + IDLE_GRACE_SECONDS / 60 + 1);
    expect((await me(a.token)).statusCode).toBe(401);
  });

  it("an event's owner idle 20 minutes is signed out (15 minutes)", async () => {
    const o = await signedInAccount(t);
    await createEvent(t, o.token);
    expect(userResponse.parse((await me(o.token)).json()).user).toMatchObject({
      inactivityMinutes: 15,
      inactivityChosen: false,
    });
    await idleFor(o.token, 14);
    expect((await me(o.token)).statusCode).toBe(200);
    await idleFor(o.token, 20);
    const res = await me(o.token);
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Your session has expired. Please sign in again.');
  });

  it('a team member idle 20 minutes is signed out; a revoked seat makes an attendee again', async () => {
    const owner = await signedInAccount(t);
    const event = await createEvent(t, owner.token);
    const member = await signedInAccount(t);
    const [seat] = await t.deps.db
      .insert(eventTeam)
      .values({
        eventId: event._id,
        email: member.email,
        role: 'door',
        tokenHash: sha256(`seat-${member.email}`),
        expiresAt: sql`now() + interval '7 days'`,
        acceptedAt: sql`now()`,
        userId: member.user.id,
      })
      .returning();
    expect(userResponse.parse((await me(member.token)).json()).user.inactivityMinutes).toBe(15);
    await idleFor(member.token, 20);
    expect((await me(member.token)).statusCode).toBe(401);

    await t.deps.db.update(eventTeam).set({ revokedAt: sql`now()` }).where(eq(eventTeam.id, seat!.id));
    const login = await post(t, '/api/users/login', { email: member.email, password: member.password });
    expect(loginResponse.parse(login.json()).user.inactivityMinutes).toBe(30);
  });

  it('an explicit choice wins over either default', async () => {
    const o = await signedInAccount(t);
    await createEvent(t, o.token);
    await choose(o.token, 30);
    expect(userResponse.parse((await me(o.token)).json()).user).toMatchObject({
      inactivityMinutes: 30,
      inactivityChosen: true,
    });
    await idleFor(o.token, 20);
    expect((await me(o.token)).statusCode).toBe(200);

    const a = await signedInAccount(t);
    await choose(a.token, 10);
    await idleFor(a.token, 20);
    expect((await me(a.token)).statusCode).toBe(401);
  });

  it('offers 30 under Timeouts and still refuses what it does not offer', async () => {
    const a = await signedInAccount(t);
    const bad = await authed(t, 'PUT', '/api/users/me/settings', a.token, { inactivityMinutes: 20 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Timeout must be 5, 10, 15, 30 minutes');
  });
});
