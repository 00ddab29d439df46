import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loginResponse, sessionList, userResponse } from '../../contract/users';
import { events, orders, sessions, ticketTypes, users } from '../../server/db/schema';
import { sha256 } from '../../server/modules/auth/tokens';
import { renderPoster } from '../../server/seed/posters';
import { SAMPLE_ORGANISER } from '../../server/seed/sample-events';
import { authed, post, signedInAccount } from '../helpers/accounts';
import { testDatabases } from '../helpers/databases';
import { buildTestApp, type TestApp } from '../helpers/testApp';

const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

describe.each(testDatabases)('accounts: sessions, settings and deletion on $name', (database) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(database, { seed: true, env: { RATE_LIMITS: 'off' } });
  });
  afterAll(async () => t?.close());

  const loginAs = async (email: string, password: string, userAgent?: string) => {
    const res = await post(
      t,
      '/api/users/login',
      { email, password },
      undefined,
      userAgent ? { 'user-agent': userAgent } : {},
    );
    expect(res.statusCode, res.body).toBe(200);
    return loginResponse.parse(res.json()).token;
  };

  /** An event of `organiserId` with one ticket type; `sold` tickets sold and optionally a paid order. */
  async function eventOf(organiserId: string, opts: { sold?: number; order?: 'paid' | 'reserved' } = {}) {
    const [event] = await t.deps.db
      .insert(events)
      .values({
        organiserId,
        eventName: 'Lekki Sunset Jazz',
        category: 'Music',
        startDate: '2030-01-10',
        endDate: '2030-01-10',
        startTime: '18:00',
        endTime: '22:00',
        eventLocation: 'physical',
        country: 'Nigeria',
        state: 'Lagos',
        location: 'Lekki Phase 1',
      })
      .returning({ id: events.id });
    await t.deps.db.insert(ticketTypes).values({
      eventId: event!.id,
      ticketName: 'Regular',
      priceKobo: 500_000,
      ticketType: 'paid',
      ticketStock: 'limited',
      capacity: 100,
      sold: opts.sold ?? 0,
    });
    if (opts.order) {
      await t.deps.db.insert(orders).values({
        eventId: event!.id,
        buyerFirstName: 'Tunde',
        buyerLastName: 'Bakare',
        buyerEmail: 'tunde@example.ng',
        status: opts.order,
        totalKobo: 500_000,
      });
    }
    return event!.id;
  }

  describe('the bearer token', () => {
    it('a revoked or expired session is 401; another session of the same user still works', async () => {
      const a = await signedInAccount(t);
      const second = await loginAs(a.email, a.password);
      await t.deps.db.execute(
        sql`update sessions set revoked_at = now() where token_hash = ${sha256(a.token)}`,
      );
      const revoked = await authed(t, 'GET', '/api/users/me', a.token);
      expect(revoked.statusCode).toBe(401);
      expect(revoked.json()).toEqual({ message: 'Your session has expired. Please sign in again.' });
      expect((await authed(t, 'GET', '/api/users/me', second)).statusCode).toBe(200);

      await t.deps.db.execute(
        sql`update sessions set expires_at = now() - interval '1 second' where user_id = ${a.user.id}`,
      );
      expect((await authed(t, 'GET', '/api/users/me', second)).statusCode).toBe(401);
    });

    it('malformed Authorization headers are treated as signed out, never a 500', async () => {
      for (const authorization of ['Bearer', 'Basic abc', `Bearer ${'x'.repeat(5000)}`, 'Bearer a b']) {
        const res = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: { authorization } });
        expect(res.statusCode, authorization.slice(0, 20)).toBe(401);
      }
    });

    it('other modules see the signed-in user: an organiser’s own drafts are listed only for them', async () => {
      const a = await signedInAccount(t);
      const [draft] = await t.deps.db
        .insert(events)
        .values({
          organiserId: a.user.id,
          eventName: 'Draft Gala',
          category: 'Music',
          startDate: '2030-02-01',
          endDate: '2030-02-01',
          startTime: '18:00',
          endTime: '20:00',
          eventLocation: 'online',
          url: 'https://meet.example/gala',
        })
        .returning({ id: events.id });
      const anonymous = await t.app.inject({ method: 'GET', url: `/api/events/${draft!.id}` });
      expect(anonymous.statusCode).toBe(404);
      const owner = await authed(t, 'GET', `/api/events/${draft!.id}`, a.token);
      expect(owner.statusCode).toBe(200);
    });

    it('sessions ended more than 30 days ago are cleared at the next sign-in', async () => {
      const a = await signedInAccount(t);
      await t.deps.db.execute(
        sql`update sessions set expires_at = now() - interval '31 days' where user_id = ${a.user.id}`,
      );
      await loginAs(a.email, a.password);
      const rows = await t.deps.db.select().from(sessions).where(eq(sessions.userId, a.user.id));
      expect(rows).toHaveLength(1);
      expect(rows[0]!.expiresAt.getTime()).toBeGreaterThan(Date.now());
    });

    it('updates last_seen_at at most once a minute, after the answer', async () => {
      const a = await signedInAccount(t);
      const lastSeen = async () =>
        (
          await t.deps.db
            .select({ at: sessions.lastSeenAt })
            .from(sessions)
            .where(eq(sessions.userId, a.user.id))
        )[0]!.at;
      const first = await lastSeen();
      await authed(t, 'GET', '/api/users/me', a.token);
      // Written off the request path (decision 056): give a deferred write the time to land.
      await new Promise((r) => setTimeout(r, 150));
      expect((await lastSeen()).getTime()).toBe(first.getTime());
      await t.deps.db.execute(
        sql`update sessions set last_seen_at = now() - interval '2 minutes' where user_id = ${a.user.id}`,
      );
      const old = await lastSeen();
      await authed(t, 'GET', '/api/users/me', a.token);
      await vi.waitFor(async () =>
        expect((await lastSeen()).getTime()).toBeGreaterThan(old.getTime() + 60_000),
      );
      // Written by this process within the minute: the next requests write nothing, even when the
      // stored time is made old again behind its back.
      await t.deps.db.execute(
        sql`update sessions set last_seen_at = now() - interval '3 minutes' where user_id = ${a.user.id}`,
      );
      const older = await lastSeen();
      await authed(t, 'GET', '/api/users/me', a.token);
      await new Promise((r) => setTimeout(r, 150));
      expect((await lastSeen()).getTime()).toBe(older.getTime());
    });

    it("writes concurrent requests' last_seen_at together, each session's own", async () => {
      const accounts = await Promise.all(Array.from({ length: 4 }, () => signedInAccount(t)));
      const ids = accounts.map((a) => a.user.id);
      await t.deps.db.execute(
        sql`update sessions set last_seen_at = now() - interval '5 minutes' where user_id in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})`,
      );
      const other = await signedInAccount(t);
      await t.deps.db.execute(
        sql`update sessions set last_seen_at = now() - interval '5 minutes' where user_id = ${other.user.id}`,
      );
      const seen = async (userId: string) =>
        (
          await t.deps.db
            .select({ at: sessions.lastSeenAt })
            .from(sessions)
            .where(eq(sessions.userId, userId))
        )[0]!.at;
      const untouched = await seen(other.user.id);
      const answers = await Promise.all(accounts.map((a) => authed(t, 'GET', '/api/users/me', a.token)));
      expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
      await vi.waitFor(async () => {
        for (const id of ids) expect(Date.now() - (await seen(id)).getTime()).toBeLessThan(60_000);
      });
      // A session that made no request is not written.
      expect((await seen(other.user.id)).getTime()).toBe(untouched.getTime());
    });

    it.runIf(database.kind === 'postgres')(
      'answers without waiting for the last_seen_at write (its row locked by another transaction)',
      async () => {
        const a = await signedInAccount(t);
        await t.deps.db.execute(
          sql`update sessions set last_seen_at = now() - interval '2 minutes' where user_id = ${a.user.id}`,
        );
        // Before decision 056 the request awaited its UPDATE, which waits for this lock: it never
        // answered while the transaction was open.
        const status = await t.deps.db.transaction(async (tx) => {
          await tx
            .select({ id: sessions.id })
            .from(sessions)
            .where(eq(sessions.userId, a.user.id))
            .for('update');
          const res = await Promise.race([
            authed(t, 'GET', '/api/users/me', a.token),
            new Promise<null>((r) => setTimeout(() => r(null), 5_000)),
          ]);
          return res?.statusCode ?? 'no answer within 5 s';
        });
        expect(status).toBe(200);
      },
    );
  });

  describe('GET /api/users/sessions and DELETE /api/users/sessions/:sessionId', () => {
    it('lists live sessions with device, last seen and the current flag; signs one out', async () => {
      const a = await signedInAccount(t);
      const laptop = await loginAs(a.email, a.password, CHROME_WINDOWS);
      const phone = await loginAs(a.email, a.password, SAFARI_IPHONE);
      await authed(t, 'POST', '/api/users/logout', a.token);

      const res = await authed(t, 'GET', '/api/users/sessions', laptop);
      expect(res.statusCode).toBe(200);
      const list = sessionList.parse(res.json()).sessions;
      expect(list).toHaveLength(2);
      const current = list.find((s) => s.current)!;
      const other = list.find((s) => !s.current)!;
      expect(current.device).toBe('Chrome on Windows');
      expect(other.device).toMatch(/^Mobile Safari on iOS/);
      expect(Date.parse(current.lastSeenAt)).not.toBeNaN();

      const end = await authed(t, 'DELETE', `/api/users/sessions/${other.id}`, laptop);
      expect(end.statusCode).toBe(200);
      expect(end.json().message).toBe('Session signed out.');
      expect((await authed(t, 'GET', '/api/users/me', phone)).statusCode).toBe(401);
      expect((await authed(t, 'GET', '/api/users/me', laptop)).statusCode).toBe(200);

      const again = await authed(t, 'DELETE', `/api/users/sessions/${other.id}`, laptop);
      expect(again.statusCode).toBe(404);
      expect(again.json().message).toBe('Session not found.');
      expect((await authed(t, 'DELETE', '/api/users/sessions/not-a-uuid', laptop)).statusCode).toBe(404);
    });

    it('cannot end another user’s session; needs a token', async () => {
      const a = await signedInAccount(t);
      const b = await signedInAccount(t);
      const bList = sessionList.parse(
        (await authed(t, 'GET', '/api/users/sessions', b.token)).json(),
      ).sessions;
      const res = await authed(t, 'DELETE', `/api/users/sessions/${bList[0]!.id}`, a.token);
      expect(res.statusCode).toBe(404);
      expect((await authed(t, 'GET', '/api/users/me', b.token)).statusCode).toBe(200);
      expect((await authed(t, 'GET', '/api/users/sessions')).statusCode).toBe(401);
      expect((await authed(t, 'DELETE', `/api/users/sessions/${bList[0]!.id}`)).statusCode).toBe(401);
    });
  });

  describe('PUT /api/users/me/settings', () => {
    it('saves the inactivity timeout; rejects values other than 5, 10, 15', async () => {
      const a = await signedInAccount(t);
      const ok = await authed(t, 'PUT', '/api/users/me/settings', a.token, { inactivityMinutes: 15 });
      expect(ok.statusCode).toBe(200);
      expect(ok.json().message).toBe('Settings saved.');
      expect(userResponse.parse(ok.json()).user.inactivityMinutes).toBe(15);
      const me = userResponse.parse((await authed(t, 'GET', '/api/users/me', a.token)).json()).user;
      expect(me.inactivityMinutes).toBe(15);
      const bad = await authed(t, 'PUT', '/api/users/me/settings', a.token, { inactivityMinutes: 7 });
      expect(bad.statusCode).toBe(400);
      expect(
        (await authed(t, 'PUT', '/api/users/me/settings', undefined, { inactivityMinutes: 5 })).statusCode,
      ).toBe(401);
    });

    it('concurrent sessions off ends every other session, and a later sign-in ends the earlier ones', async () => {
      const a = await signedInAccount(t);
      const second = await loginAs(a.email, a.password);
      const off = await authed(t, 'PUT', '/api/users/me/settings', a.token, { concurrentSessions: false });
      expect(off.statusCode).toBe(200);
      expect(userResponse.parse(off.json()).user.concurrentSessions).toBe(false);
      expect((await authed(t, 'GET', '/api/users/me', second)).statusCode).toBe(401);
      expect((await authed(t, 'GET', '/api/users/me', a.token)).statusCode).toBe(200);

      const third = await loginAs(a.email, a.password);
      expect((await authed(t, 'GET', '/api/users/me', a.token)).statusCode).toBe(401);
      expect((await authed(t, 'GET', '/api/users/me', third)).statusCode).toBe(200);
      const list = sessionList.parse((await authed(t, 'GET', '/api/users/sessions', third)).json()).sessions;
      expect(list).toHaveLength(1);

      // Back on: sessions pile up again.
      await authed(t, 'PUT', '/api/users/me/settings', third, { concurrentSessions: true });
      const fourth = await loginAs(a.email, a.password);
      expect((await authed(t, 'GET', '/api/users/me', third)).statusCode).toBe(200);
      expect((await authed(t, 'GET', '/api/users/me', fourth)).statusCode).toBe(200);
    });
  });

  describe('DELETE /api/users/me', () => {
    it('needs the right password', async () => {
      const a = await signedInAccount(t);
      const res = await authed(t, 'DELETE', '/api/users/me', a.token, { password: 'Wrong#2026' });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Password is incorrect.');
      const empty = await authed(t, 'DELETE', '/api/users/me', a.token, { password: '' });
      expect(empty.statusCode).toBe(400);
      expect(empty.json().message).toBe('Password is required');
      expect(
        (await authed(t, 'DELETE', '/api/users/me', undefined, { password: a.password })).statusCode,
      ).toBe(401);
    });

    it('is refused with 409 while the user has upcoming events with sold tickets (the sample organiser)', async () => {
      const token = await loginAs(SAMPLE_ORGANISER.email, SAMPLE_ORGANISER.password);
      const res = await authed(t, 'DELETE', '/api/users/me', token, { password: SAMPLE_ORGANISER.password });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(
        "You can't delete your account while you have upcoming events with ticket sales. Cancel those events (their buyers are refunded) or wait until they are over, then try again.",
      );
      expect((await authed(t, 'GET', '/api/users/me', token)).statusCode).toBe(200);
    });

    it('is refused for a paid order even when no ticket count is recorded', async () => {
      const a = await signedInAccount(t);
      await eventOf(a.user.id, { order: 'paid' });
      const res = await authed(t, 'DELETE', '/api/users/me', a.token, { password: a.password });
      expect(res.statusCode).toBe(409);
    });

    it('is refused when a ticket type has sold tickets', async () => {
      const a = await signedInAccount(t);
      await eventOf(a.user.id, { sold: 2 });
      expect((await authed(t, 'DELETE', '/api/users/me', a.token, { password: a.password })).statusCode).toBe(
        409,
      );
    });

    it('otherwise deletes the user, their sessions and their unsold events (with abandoned orders)', async () => {
      const a = await signedInAccount(t);
      const other = await loginAs(a.email, a.password);
      const eventId = await eventOf(a.user.id, { order: 'reserved' });
      const res = await authed(t, 'DELETE', '/api/users/me', a.token, { password: a.password });
      expect(res.statusCode).toBe(200);
      expect(res.json().message).toBe('Your account has been deleted.');

      expect((await authed(t, 'GET', '/api/users/me', a.token)).statusCode).toBe(401);
      expect((await authed(t, 'GET', '/api/users/me', other)).statusCode).toBe(401);
      expect(await t.deps.db.select().from(users).where(eq(users.id, a.user.id))).toEqual([]);
      expect(await t.deps.db.select().from(sessions).where(eq(sessions.userId, a.user.id))).toEqual([]);
      expect(await t.deps.db.select().from(events).where(eq(events.id, eventId))).toEqual([]);
      const login = await post(t, '/api/users/login', { email: a.email, password: a.password });
      expect(login.statusCode).toBe(401);
      // The email and username are free again.
      expect(
        (await post(t, '/api/users/register', { ...a, token: undefined, user: undefined })).statusCode,
      ).toBe(201);
    });

    it('removes the posters of the deleted events, resized copies included', async () => {
      const a = await signedInAccount(t);
      const eventId = await eventOf(a.user.id);
      const poster = await renderPoster('Lekki Sunset Jazz', 'Sax by the lagoon', {
        from: '#111827',
        to: '#2563eb',
        accent: '#22d3ee',
        motif: 'grid',
      });
      const key = await t.deps.storage.put('posters', 'webp', poster);
      await t.deps.db.update(events).set({ imageKey: key }).where(eq(events.id, eventId));
      // Served once at a card's width, so a resized copy exists too.
      const shown = await t.app.inject({ method: 'GET', url: `/api/images/${key}?w=320` });
      expect(shown.statusCode).toBe(200);
      expect(await t.deps.storage.getVariant(key, 'w320')).not.toBeNull();

      const res = await authed(t, 'DELETE', '/api/users/me', a.token, { password: a.password });
      expect(res.statusCode).toBe(200);
      expect(await t.deps.storage.get(key)).toBeNull();
      expect(await t.deps.storage.getVariant(key, 'w320')).toBeNull();
      expect((await t.app.inject({ method: 'GET', url: `/api/images/${key}?w=320` })).statusCode).toBe(404);
    });
  });
});
