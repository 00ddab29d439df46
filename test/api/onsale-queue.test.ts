import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ONSALE_MESSAGES, onsaleRoomResponse } from '../../contract/onsale';
import { authed } from '../helpers/accounts';
import { people, person } from '../helpers/checkout';
import { testDatabases } from '../helpers/databases';
import { joinQueue, myPlace, opensIn, roomEvent } from '../helpers/onsale';
import { spearman } from '../helpers/rankCorrelation';
import { buildTestApp, type TestApp } from '../helpers/testApp';

/**
 * The waiting room's order (decision 059): arrivals before the on-sale time are drawn at random
 * (arriving early is no edge), arrivals after it queue in arrival order behind the draw, one place
 * per verified account, and the front moves at the configured rate.
 */
describe.each(testDatabases)('the on-sale waiting room: who is where, on $name', (database) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp(database, { env: { LOG_LEVEL: process.env.ONSALE_LOG ?? 'silent' } });
  }, 120_000);
  afterAll(async () => t?.close());

  it('draws 200 pre-opening arrivals at random, then queues later arrivals in arrival order behind them', async () => {
    const organiser = await person(t.deps.db, 'organiser');
    const { event } = await roomEvent(t.deps.db, organiser.id, { opensInSeconds: 3600, rate: 1 });
    const early = await people(t.deps.db, 200);
    for (const buyer of early) {
      const answer = await joinQueue(t, event.id, buyer);
      expect(answer.state).toBe('draw');
      expect(answer.place).toBeNull();
    }
    expect((await myPlace(t, event.id, early[0]!)).inDraw).toBeGreaterThan(0);

    await opensIn(t.deps.db, event.id, -3);
    const late = await people(t.deps.db, 40);
    const latePlaces: number[] = [];
    // The first post-opening arrival triggers the draw; the rest follow it in arrival order.
    for (const buyer of late) latePlaces.push((await joinQueue(t, event.id, buyer)).place!);
    const earlyPlaces: number[] = [];
    for (const buyer of early) earlyPlaces.push((await myPlace(t, event.id, buyer)).place!);

    // Every pre-opening arrival has one of places 1..200, each exactly once.
    expect([...earlyPlaces].sort((a, b) => a - b)).toEqual(Array.from({ length: 200 }, (_, i) => i + 1));
    // Arrival order tells nothing about the place: |ρ| for 200 random places is ~0.07 (1/√199);
    // 0.25 is beyond 3.5 standard deviations, so this fails only when the order leaks through.
    const rhoBefore = spearman(
      early.map((_, i) => i),
      earlyPlaces,
    );
    expect(Math.abs(rhoBefore)).toBeLessThan(0.25);
    // After opening: first come, first served, behind everyone in the draw.
    expect(latePlaces).toEqual(Array.from({ length: 40 }, (_, i) => 201 + i));
    expect(
      spearman(
        late.map((_, i) => i),
        latePlaces,
      ),
    ).toBe(1);
  }, 120_000);

  it('gives one place per account: joining again, from any number of tabs, answers the same place', async () => {
    const organiser = await person(t.deps.db, 'organiser');
    const { event } = await roomEvent(t.deps.db, organiser.id, { opensInSeconds: -60, rate: 1 });
    const [first, buyer] = await people(t.deps.db, 2);
    await joinQueue(t, event.id, first!);
    const tabs = await Promise.all(Array.from({ length: 10 }, () => joinQueue(t, event.id, buyer!)));
    expect(new Set(tabs.map((a) => a.place))).toEqual(new Set([2]));
    const rows = await t.deps.db.execute(
      sql`select count(*)::int as n from onsale_queue where event_id = ${event.id}::uuid`,
    );
    expect((rows as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(2);
  });

  it('admits at the configured rate: the front is the seconds since opening times the rate', async () => {
    const organiser = await person(t.deps.db, 'organiser');
    // Opened a moment ago at 1 a second: the 12 join before the front reaches place 1 or 2.
    const { event } = await roomEvent(t.deps.db, organiser.id, { opensInSeconds: -0.01, rate: 1 });
    const buyers = await people(t.deps.db, 12);
    for (const b of buyers) await joinQueue(t, event.id, b);
    // Places 1..12 exist; now say the sale opened 5.2 s ago at 1 a second: places 1–5 are in (6
    // for an answer that came a second later on a busy machine).
    await opensIn(t.deps.db, event.id, -5.2);
    const answers = await Promise.all(buyers.map((b) => myPlace(t, event.id, b)));
    for (const [i, a] of answers.entries()) {
      expect([5, 6]).toContain(a.admitted);
      expect(a.state).toBe(i + 1 <= a.admitted ? 'admitted' : 'waiting');
      expect(a.pass !== null).toBe(a.state === 'admitted');
    }
    expect(answers.slice(0, 5).every((a) => a.state === 'admitted' && a.passExpiresAt !== null)).toBe(true);
    expect(answers.slice(6).every((a) => a.state === 'waiting')).toBe(true);
    // The honest estimate: place 12 at 1 a second, 5.2 s in → its turn is ~6.8 s away.
    expect(answers[11]!.estimateSeconds).toBeGreaterThanOrEqual(5);
    expect(answers[11]!.estimateSeconds).toBeLessThanOrEqual(7);
    // Far from the turn: ask again later, never sooner than 2 s nor later than 35 s.
    for (const a of answers) expect(a.retryAfterSeconds).toBeLessThanOrEqual(35);
  });

  it('refuses a place to an account whose email is not confirmed', async () => {
    const organiser = await person(t.deps.db, 'organiser');
    const { event } = await roomEvent(t.deps.db, organiser.id, { opensInSeconds: 60 });
    const buyer = await person(t.deps.db);
    await t.deps.db.execute(sql`update users set email_verified_at = null where id = ${buyer.id}::uuid`);
    const res = await authed(t, 'POST', `/api/onsale/${event.id}/join`, buyer.token);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: ONSALE_MESSAGES.verifyFirst });
  });

  it('tells the event page whether the room is on, and "closed" to a buyer when it is off', async () => {
    const organiser = await person(t.deps.db, 'organiser');
    const on = await roomEvent(t.deps.db, organiser.id, { opensInSeconds: 60 });
    const off = await roomEvent(t.deps.db, organiser.id, { opensInSeconds: 60, mode: 'off' });
    // 'auto' counts the seats against ONSALE_AUTO_SEATS (5,000 by default).
    const big = await roomEvent(t.deps.db, organiser.id, {
      opensInSeconds: 60,
      mode: 'auto',
      capacity: 6000,
    });
    const small = await roomEvent(t.deps.db, organiser.id, {
      opensInSeconds: 60,
      mode: 'auto',
      capacity: 50,
    });
    const roomOf = async (id: string) =>
      onsaleRoomResponse.parse((await t.app.inject({ method: 'GET', url: `/api/onsale/${id}/room` })).json());
    expect((await roomOf(on.event.id)).on).toBe(true);
    expect((await roomOf(off.event.id)).on).toBe(false);
    expect((await roomOf(big.event.id)).on).toBe(true);
    expect((await roomOf(small.event.id)).on).toBe(false);
    const buyer = await person(t.deps.db);
    expect((await joinQueue(t, off.event.id, buyer)).state).toBe('closed');
    expect((await myPlace(t, on.event.id, buyer)).state).toBe('notJoined');
  });

  it('lets the organiser set the on-sale time and the room, and keeps the time once drawn', async () => {
    const organiser = await person(t.deps.db, 'organiser');
    const { event } = await roomEvent(t.deps.db, organiser.id, { opensInSeconds: 60, mode: 'off' });
    const put = (body: object, token = organiser.token) =>
      authed(t, 'PUT', `/api/events/${event.id}/onsale`, token, body);
    const noTime = await put({ opensAt: null, waitingRoom: 'on', admitPerSecond: null });
    expect(noTime.statusCode).toBe(400);
    expect(noTime.json()).toEqual({ message: ONSALE_MESSAGES.needsTime });
    const stranger = await person(t.deps.db);
    expect(
      (await put({ opensAt: '2030-12-01T10:00', waitingRoom: 'on', admitPerSecond: 20 }, stranger.token))
        .statusCode,
    ).toBe(403);
    const saved = await put({ opensAt: '2030-12-01T10:00', waitingRoom: 'on', admitPerSecond: 20 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      opensAt: '2030-12-01T10:00',
      waitingRoom: 'on',
      admitPerSecond: 20,
      roomOn: true,
    });
    // Opened and drawn: the time is fixed (moving it would rewrite who counted as early).
    await opensIn(t.deps.db, event.id, -3);
    await joinQueue(t, event.id, await person(t.deps.db));
    const moved = await put({ opensAt: '2030-12-02T10:00', waitingRoom: 'on', admitPerSecond: 20 });
    expect(moved.statusCode).toBe(409);
    const got = await authed(t, 'GET', `/api/events/${event.id}/onsale`, organiser.token);
    expect(got.json()).toMatchObject({ queued: 1, roomOn: true });
  });
});
