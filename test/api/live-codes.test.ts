import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { offlineListResponse, scanResponse, syncResponse } from '../../contract/checkin';
import { DOOR_MESSAGES } from '../../contract/doorVerdict';
import { deviceKeyResponse, ticketCheckResponse } from '../../contract/liveCodes';
import { issuedTicketResponse } from '../../contract/orders';
import { makeDeviceKeyPair, signRotatingCode } from '../../contract/rotatingCode';
import { issuedTickets } from '../../server/db/schema';
import { judgeCode } from '../../src/checkin/offline/judge';
import { authed } from '../helpers/accounts';
import { buyTickets, ticketIdOf } from '../helpers/checkin';
import { eventWithTypes, type Person, person } from '../helpers/checkout';
import { testDatabases } from '../helpers/databases';
import { buildTestApp, type TestApp } from '../helpers/testApp';

/**
 * Live codes (decision 058): only the holder binds a phone key; a second phone needs an explicit
 * move, which revokes the first phone's codes; a transfer or name change leaves the new ticket
 * unbound; the door list carries the key; the server judges live codes (fresh, stale, other key) and
 * the organiser's 'required' setting; the check link tells validity without giving the code away.
 */
describe.each(testDatabases)('Live codes bound to the holder’s phone on $name', (database) => {
  let t: TestApp;
  let organiser: Person;
  let buyer: Person;
  let friend: Person;
  let stranger: Person;
  let eventId: string;
  let typeId: string;

  beforeAll(async () => {
    t = await buildTestApp(database);
    organiser = await person(t.deps.db, 'organiser');
    buyer = await person(t.deps.db, 'buyer');
    friend = await person(t.deps.db, 'friend');
    stranger = await person(t.deps.db, 'stranger');
    const made = await eventWithTypes(t.deps.db, organiser.id, [{ name: 'Regular', priceKobo: 500_000 }]);
    eventId = made.event.id;
    typeId = made.types[0]!.id;
  }, 120_000);
  afterAll(async () => t?.close());

  const bind = (token: string, code: string, publicKey: string) =>
    authed(t, 'PUT', `/api/tickets/code/${code}/device-key`, token, { publicKey });
  const move = (token: string, code: string, publicKey: string) =>
    authed(t, 'POST', `/api/tickets/code/${code}/device-key/move`, token, { publicKey });
  const scan = async (code: string) =>
    scanResponse.parse(
      (await authed(t, 'POST', `/api/checkin/${eventId}`, organiser.token, { code })).json(),
    );
  const list = async () =>
    offlineListResponse.parse(
      (await authed(t, 'GET', `/api/checkin/${eventId}/list`, organiser.token)).json(),
    );
  const seconds = () => Date.now() / 1000;

  it('binds only for the holder: the organiser is refused (403), a stranger finds nothing (404)', async () => {
    const order = await buyTickets(t, buyer, eventId, { [typeId]: 1 });
    const code = order.tickets[0]!.code;
    const phone = await makeDeviceKeyPair();
    expect((await bind(organiser.token, code, phone.publicKey)).statusCode).toBe(403);
    expect((await bind(stranger.token, code, phone.publicKey)).statusCode).toBe(404);
    expect(
      (await authed(t, 'PUT', `/api/tickets/code/${code}/device-key`, '', { publicKey: phone.publicKey }))
        .statusCode,
    ).toBe(401);
    // Not a point on the curve: refused with words, never stored.
    const bad = await bind(buyer.token, code, `B${'A'.repeat(86)}`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/P-256/);

    const res = await bind(buyer.token, code, phone.publicKey);
    expect(res.statusCode, res.body).toBe(200);
    const bound = deviceKeyResponse.parse(res.json());
    expect(bound.deviceKey).toHaveLength(44);
    // The same phone again is fine; the ticket page learns which key is bound.
    expect((await bind(buyer.token, code, phone.publicKey)).statusCode).toBe(200);
    const view = issuedTicketResponse.parse(
      (await authed(t, 'GET', `/api/tickets/code/${code}`, buyer.token)).json(),
    );
    expect(view.ticket.live).toMatchObject({ deviceKey: bound.deviceKey, mayBind: true, required: false });
    const asOrganiser = issuedTicketResponse.parse(
      (await authed(t, 'GET', `/api/tickets/code/${code}`, organiser.token)).json(),
    );
    expect(asOrganiser.ticket.live?.mayBind).toBe(false);
  });

  it('a second phone is refused until the holder moves the ticket, which revokes the first phone', async () => {
    const order = await buyTickets(t, buyer, eventId, { [typeId]: 1 });
    const code = order.tickets[0]!.code;
    const ticketId = ticketIdOf(code);
    const first = await makeDeviceKeyPair();
    const second = await makeDeviceKeyPair();
    expect((await bind(buyer.token, code, first.publicKey)).statusCode).toBe(200);
    const refused = await bind(buyer.token, code, second.publicKey);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/another phone/);
    expect((await move(stranger.token, code, second.publicKey)).statusCode).toBe(404);

    const oldCode = await signRotatingCode(first.privateKey, ticketId, seconds());
    const moved = await move(buyer.token, code, second.publicKey);
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().message).toMatch(/no longer work/);
    // The first phone's code is now signed by a key the ticket no longer has.
    const answer = await scan(oldCode);
    expect(answer).toMatchObject({ result: 'unknown', message: DOOR_MESSAGES.liveWrongKey });
    expect(answer.ticket).toBeUndefined();
    // The list carries the new key, compressed.
    const listed = (await list()).tickets.find((x) => x.id === ticketId);
    expect(listed?.deviceKey).toBe(moved.json().deviceKey);
    const fresh = await scan(await signRotatingCode(second.privateKey, ticketId, seconds()));
    expect(fresh).toMatchObject({ result: 'checked_in', codeKind: 'rotating' });
  });

  it('judges live codes online: a fresh one admits once, an old one is refused, the printed code still admits', async () => {
    const order = await buyTickets(t, buyer, eventId, { [typeId]: 3 });
    const [a, b, c] = order.tickets.map((x) => x.code) as [string, string, string];
    const phone = await makeDeviceKeyPair();
    await bind(buyer.token, a, phone.publicKey);
    const stale = await signRotatingCode(phone.privateKey, ticketIdOf(a), seconds() - 90);
    const staleAnswer = await scan(stale);
    expect(staleAnswer).toMatchObject({ result: 'unknown', message: DOOR_MESSAGES.liveStale });
    expect(staleAnswer.ticket?.attendeeName).toBeTruthy();
    const live = await signRotatingCode(phone.privateKey, ticketIdOf(a), seconds());
    expect(await scan(live)).toMatchObject({ result: 'checked_in', codeKind: 'rotating' });
    expect((await scan(live)).result).toBe('already_checked_in');
    // A ticket with no phone linked has nothing to check a live code with.
    const unbound = await signRotatingCode(phone.privateKey, ticketIdOf(b), seconds());
    expect(await scan(unbound)).toMatchObject({ result: 'unknown', message: DOOR_MESSAGES.liveNoKey });
    // Allowed alongside (the default): the printed code admits, and says so.
    expect(await scan(b)).toMatchObject({ result: 'checked_in', codeKind: 'printed' });

    // An offline scan uploaded later is judged at the time the device made it.
    const madeThen = new Date(Date.now() - 5 * 60_000);
    await bind(buyer.token, c, phone.publicKey);
    const thenCode = await signRotatingCode(phone.privateKey, ticketIdOf(c), madeThen.getTime() / 1000);
    const synced = syncResponse.parse(
      (
        await authed(t, 'POST', `/api/checkin/${eventId}/sync`, organiser.token, {
          deviceId: crypto.randomUUID(),
          scans: [{ nonce: crypto.randomUUID(), code: thenCode, scannedAt: madeThen.toISOString() }],
        })
      ).json(),
    );
    expect(synced.results[0]?.result).toBe('checked_in');
  });

  it('an event that requires live codes refuses the printed code and typed reference, not a guest picked by name', async () => {
    const made = await eventWithTypes(t.deps.db, organiser.id, [{ name: 'Strict', priceKobo: 0 }]);
    const strictEvent = made.event.id;
    const settings = await authed(t, 'PUT', `/api/events/${strictEvent}/ticket-changes`, organiser.token, {
      transfersEnabled: true,
      closeHours: 0,
      rotatingCodes: 'required',
    });
    expect(settings.statusCode, settings.body).toBe(200);
    expect(settings.json().event.ticketChanges.rotatingCodes).toBe('required');
    const order = await buyTickets(t, buyer, strictEvent, { [made.types[0]!.id]: 2 });
    const [one, two] = order.tickets as [(typeof order.tickets)[0], (typeof order.tickets)[0]];
    const strictScan = async (code: string) =>
      scanResponse.parse(
        (await authed(t, 'POST', `/api/checkin/${strictEvent}`, organiser.token, { code })).json(),
      );
    expect(await strictScan(one.code)).toMatchObject({
      result: 'unknown',
      message: DOOR_MESSAGES.liveRequired,
    });
    expect(await strictScan(one.reference)).toMatchObject({
      result: 'unknown',
      message: DOOR_MESSAGES.liveRequired,
    });
    expect(await strictScan(ticketIdOf(two.code))).toMatchObject({
      result: 'checked_in',
      codeKind: 'search',
    });
    const phone = await makeDeviceKeyPair();
    await bind(buyer.token, one.code, phone.publicKey);
    const live = await signRotatingCode(phone.privateKey, ticketIdOf(one.code), seconds());
    expect(await strictScan(live)).toMatchObject({ result: 'checked_in', codeKind: 'rotating' });
    const doorList = offlineListResponse.parse(
      (await authed(t, 'GET', `/api/checkin/${strictEvent}/list`, organiser.token)).json(),
    );
    expect(doorList.rotatingCodes).toBe('required');
  });

  it('a transfer and a name change leave the new ticket unbound, for the new holder’s phone', async () => {
    const order = await buyTickets(t, buyer, eventId, { [typeId]: 2 });
    const [toGive, toRename] = order.tickets.map((x) => x.code) as [string, string];
    const phone = await makeDeviceKeyPair();
    await bind(buyer.token, toGive, phone.publicKey);
    await bind(buyer.token, toRename, phone.publicKey);

    const sent = await authed(t, 'POST', `/api/tickets/code/${toGive}/transfer`, buyer.token, {
      firstName: 'Tobi',
      lastName: 'Adeyemi',
      email: friend.email,
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const [given] = await t.deps.db
      .select()
      .from(issuedTickets)
      .where(eq(issuedTickets.attendeeEmail, friend.email));
    expect(given?.deviceKey).toBeNull();
    // The old phone's live code names the revoked ticket: refused.
    const oldLive = await signRotatingCode(phone.privateKey, ticketIdOf(toGive), seconds());
    expect((await scan(oldLive)).result).toBe('cancelled');
    // The buyer may not bind the given ticket; its new holder binds their own phone.
    const friendsPhone = await makeDeviceKeyPair();
    expect((await bind(buyer.token, given!.code, phone.publicKey)).statusCode).toBe(404);
    expect((await bind(friend.token, given!.code, friendsPhone.publicKey)).statusCode).toBe(200);

    const renamed = await authed(t, 'POST', `/api/tickets/code/${toRename}/name`, buyer.token, {
      firstName: 'Ada',
      lastName: 'Okafor',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().ticket.live).toMatchObject({ deviceKey: null, mayBind: true });
  });

  it('the door device and the server judge a live code alike: fresh, old, another phone', async () => {
    const order = await buyTickets(t, buyer, eventId, { [typeId]: 1 });
    const code = order.tickets[0]!.code;
    const ticketId = ticketIdOf(code);
    const phone = await makeDeviceKeyPair();
    const other = await makeDeviceKeyPair();
    await bind(buyer.token, code, phone.publicKey);
    const doorList = await list();
    const device = async (c: string, now = Date.now()) =>
      (await judgeCode({ code: c, eventId, list: doorList, queued: [], verify: async () => false, now }))
        .outcome;
    const cases = [
      await signRotatingCode(other.privateKey, ticketId, seconds()),
      await signRotatingCode(phone.privateKey, ticketId, seconds() - 90),
    ];
    for (const c of cases) {
      const [here, there] = [await device(c), await scan(c)];
      expect(here.result).toBe(there.result);
      expect(here.message).toBe(there.message);
    }
    const fresh = await signRotatingCode(phone.privateKey, ticketId, seconds());
    expect(await device(fresh)).toMatchObject({ result: 'checked_in', codeKind: 'rotating' });
    expect(await scan(fresh)).toMatchObject({ result: 'checked_in', codeKind: 'rotating' });
  });

  it('the check link says valid, unused and transferable, and carries no code', async () => {
    const order = await buyTickets(t, buyer, eventId, { [typeId]: 1 });
    const code = order.tickets[0]!.code;
    const view = issuedTicketResponse.parse(
      (await authed(t, 'GET', `/api/tickets/code/${code}`, buyer.token)).json(),
    );
    const token = view.ticket.live!.checkToken;
    const check = async (tok: string) =>
      t.app.inject({ method: 'POST', url: '/api/tickets/check', payload: { token: tok } });
    const first = await check(token);
    expect(first.statusCode, first.body).toBe(200);
    expect(ticketCheckResponse.parse(first.json())).toMatchObject({
      valid: true,
      unused: true,
      transferRefusal: null,
      liveCode: false,
    });
    for (const secret of [
      code,
      order.tickets[0]!.reference,
      view.ticket.shareToken,
      view.ticket.attendeeName,
    ])
      expect(first.body).not.toContain(secret);
    expect((await check('0'.repeat(32))).statusCode).toBe(404);
    expect((await check('nope')).statusCode).toBe(400);

    await scan(code);
    const used = ticketCheckResponse.parse((await check(token)).json());
    expect(used).toMatchObject({ valid: true, unused: false });
    expect(used.transferRefusal).toMatch(/used at the door/);
  });
});
