import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ONSALE_MESSAGES } from '../../contract/onsale';
import { loadTicketSigner } from '../../server/modules/issued-tickets/signing';
import { passesOf } from '../../server/modules/onsale/gate';
import { authed } from '../helpers/accounts';
import { people, person } from '../helpers/checkout';
import { testDatabases } from '../helpers/databases';
import { buy, joinQueue, myPlace, roomEvent } from '../helpers/onsale';
import { buildTestApp, type TestApp } from '../helpers/testApp';

/**
 * The waiting room's pass at checkout (decision 059): while the room is on, a new order needs the
 * pass an admitted buyer was handed, for that event and that account, before it expires; an expired
 * turn is lost (joining again queues at the back); sold out is said to everyone, and seats that come
 * back go to those admitted.
 */
describe.each(testDatabases)('the waiting room at checkout, on $name', (database) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp(database, { env: { ONSALE_PASS_SECONDS: '60' } });
  }, 120_000);
  afterAll(async () => t?.close());

  it('sells nothing before the on-sale time, room or not', async () => {
    const organiser = await person(t.deps.db, 'organiser');
    const withRoom = await roomEvent(t.deps.db, organiser.id, { opensInSeconds: 600 });
    const without = await roomEvent(t.deps.db, organiser.id, { opensInSeconds: 600, mode: 'off' });
    const buyer = await person(t.deps.db);
    for (const { event, types } of [withRoom, without]) {
      const early = await buy(t, event.id, types[0]!.id, buyer);
      expect(early.status).toBe(409);
      expect(early.message).toMatch(/^Tickets go on sale at \d{4}-\d\d-\d\d \d\d:\d\d \(Lagos time\)\.$/);
    }
  });

  it('needs a pass while the room is on: none, another account’s or another event’s is refused; one’s own buys', async () => {
    const organiser = await person(t.deps.db, 'organiser');
    const { event, types } = await roomEvent(t.deps.db, organiser.id, { opensInSeconds: -60, rate: 100 });
    const other = await roomEvent(t.deps.db, organiser.id, { opensInSeconds: -60, rate: 100 });
    const [ada, bayo] = await people(t.deps.db, 2);
    const typeId = types[0]!.id;

    const none = await buy(t, event.id, typeId, ada!);
    expect(none).toMatchObject({ status: 403, message: ONSALE_MESSAGES.passNeeded });

    const adaTurn = await joinQueue(t, event.id, ada!);
    expect(adaTurn.state).toBe('admitted');
    expect(adaTurn.pass).toMatch(/^v1\.\d+\./);
    const bayoTurn = await joinQueue(t, event.id, bayo!);
    const elsewhere = await joinQueue(t, other.event.id, ada!);

    expect(await buy(t, event.id, typeId, ada!, bayoTurn.pass)).toMatchObject({
      status: 403,
      message: ONSALE_MESSAGES.passInvalid,
    });
    expect(await buy(t, event.id, typeId, ada!, elsewhere.pass)).toMatchObject({
      status: 403,
      message: ONSALE_MESSAGES.passInvalid,
    });
    // A tampered expiry breaks the MAC.
    const [v, exp, sig] = adaTurn.pass!.split('.');
    expect(await buy(t, event.id, typeId, ada!, `${v}.${Number(exp) + 3600}.${sig}`)).toMatchObject({
      status: 403,
      message: ONSALE_MESSAGES.passInvalid,
    });
    const bought = await buy(t, event.id, typeId, ada!, adaTurn.pass);
    expect(bought.status).toBe(201);
    // With a live hold the turn is taken: changing quantities needs no pass again.
    expect((await buy(t, event.id, typeId, ada!)).status).toBe(201);
  });

  it('needs no pass with the room off: the flash sale is as it was', async () => {
    const organiser = await person(t.deps.db, 'organiser');
    const { event, types } = await roomEvent(t.deps.db, organiser.id, { opensInSeconds: -60, mode: 'off' });
    expect((await buy(t, event.id, types[0]!.id, await person(t.deps.db))).status).toBe(201);
  });

  it('loses the turn when the pass expires: checkout refuses it, and joining again queues at the back', async () => {
    const organiser = await person(t.deps.db, 'organiser');
    const { event, types } = await roomEvent(t.deps.db, organiser.id, { opensInSeconds: -3600, rate: 100 });
    const [late, next] = await people(t.deps.db, 2);
    const turn = await joinQueue(t, event.id, late!);
    expect(turn.state).toBe('admitted');
    await joinQueue(t, event.id, next!);
    // Its 60 s passed: the turn started 61 s ago.
    await t.deps.db.execute(
      sql`update onsale_queue set admitted_at = now() - interval '61 seconds'
        where event_id = ${event.id}::uuid and user_id = ${late!.id}::uuid`,
    );
    const after = await myPlace(t, event.id, late!);
    expect(after).toMatchObject({ state: 'expired', pass: null });
    // A pass whose expiry has passed, signed with the server's own key, is refused as expired.
    const signer = await loadTicketSigner(t.deps.db, undefined);
    const stale = passesOf(signer).issue(event.id, late!.id, new Date(Date.now() - 1000));
    expect(await buy(t, event.id, types[0]!.id, late!, stale)).toMatchObject({
      status: 403,
      message: ONSALE_MESSAGES.passExpired,
    });
    // Joining again: a new place behind everyone, and a fresh turn when the front reaches it.
    const again = await joinQueue(t, event.id, late!);
    expect(again.place).toBe(3);
    expect(again.state).toBe('admitted');
  });

  it('says sold out to everyone, and a seat that comes back goes to someone admitted', async () => {
    const organiser = await person(t.deps.db, 'organiser');
    const { event, types } = await roomEvent(t.deps.db, organiser.id, {
      opensInSeconds: -3600,
      rate: 100,
      capacity: 1,
    });
    const [first, second, third] = await people(t.deps.db, 3);
    const turn = await joinQueue(t, event.id, first!);
    const order = await buy(t, event.id, types[0]!.id, first!, turn.pass);
    expect(order.status).toBe(201);
    expect((await joinQueue(t, event.id, second!)).state).toBe('soldOut');
    expect((await joinQueue(t, event.id, third!)).state).toBe('soldOut');
    const room = (await t.app.inject({ method: 'GET', url: `/api/onsale/${event.id}/room` })).json();
    expect(room).toMatchObject({ soldOut: true });
    // The hold is let go: the seat is back, the next in line is admitted and buys it.
    expect((await authed(t, 'DELETE', `/api/orders/${order.orderId}`, first!.token)).statusCode).toBe(200);
    const back = await myPlace(t, event.id, second!);
    expect(back.state).toBe('admitted');
    expect((await buy(t, event.id, types[0]!.id, second!, back.pass)).status).toBe(201);
    expect((await myPlace(t, event.id, third!)).state).toBe('soldOut');
  });
});
