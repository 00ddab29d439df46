import { createPublicKey, randomUUID, verify } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkinsResponse,
  createdLinkResponse,
  linkSessionResponse,
  offlineListResponse,
  scanResponse,
  syncResponse,
} from '../../contract/checkin';
import type { Order } from '../../contract/orders';
import { type GuestlistResponse, guestlistResponse } from '../../contract/organiser';
import { authed } from '../helpers/accounts';
import { buyTickets, ticketIdOf } from '../helpers/checkin';
import { eventWithTypes, type Person, person } from '../helpers/checkout';
import { testDatabases } from '../helpers/databases';
import { buildTestApp, type TestApp } from '../helpers/testApp';

describe.each(testDatabases)('Check-in at the door on $name', (database) => {
  let t: TestApp;
  let organiser: Person;
  let stranger: Person;
  let buyer: Person;
  let eventId: string;
  let regular: string;
  let vip: string;
  let otherEventId: string;
  let otherTypeId: string;
  let order: Order;
  let vipOrder: Order;
  let otherOrder: Order;

  beforeAll(async () => {
    t = await buildTestApp(database, {
      // PIN attempts are rate-limited; a small limit per link shows it without a hundred requests.
      env: { RATE_LIMITS: 'on', RATE_LIMIT_PIN: '5/15m', RATE_LIMIT_PIN_IP: '200/15m' },
    });
    organiser = await person(t.deps.db, 'organiser');
    stranger = await person(t.deps.db, 'stranger');
    buyer = await person(t.deps.db, 'buyer');
    const made = await eventWithTypes(t.deps.db, organiser.id, [
      { name: 'Regular', priceKobo: 500_000 },
      { name: 'VIP', priceKobo: 0 },
    ]);
    eventId = made.event.id;
    regular = made.types[0]!.id;
    vip = made.types[1]!.id;
    const other = await eventWithTypes(t.deps.db, organiser.id, [{ name: 'Regular' }]);
    otherEventId = other.event.id;
    otherTypeId = other.types[0]!.id;
    order = await buyTickets(t, buyer, eventId, { [regular]: 4 });
    vipOrder = await buyTickets(t, buyer, eventId, { [vip]: 1 });
    otherOrder = await buyTickets(t, buyer, otherEventId, { [otherTypeId]: 1 });
    // Migrations and four paid orders: slow on a busy shared machine.
  }, 180_000);
  afterAll(async () => t?.close());

  const scan = (token: string | undefined, code: string, event = eventId, extra: object = {}) =>
    authed(t, 'POST', `/api/checkin/${event}`, token, { code, ...extra });
  const codeOf = (o: Order, i: number) => o.tickets[i]!.code;

  it('admits a valid ticket once, naming the attendee, type and seats; a second scan says when and where', async () => {
    const first = await scan(organiser.token, codeOf(order, 0), eventId, { device: 'Front desk' });
    expect(first.statusCode, first.body).toBe(200);
    const body = scanResponse.parse(first.json());
    expect(body.result).toBe('checked_in');
    expect(body.ticket).toMatchObject({ attendeeName: 'Ngozi Eze', ticketName: 'Regular', orderSeats: 4 });
    expect(body.counts.checkedIn).toBe(1);
    expect(body.counts.total).toBe(5);
    expect(body.counts.perType.find((p) => p.ticketTypeId === regular)).toMatchObject({
      checkedIn: 1,
      total: 4,
    });
    const again = scanResponse.parse((await scan(organiser.token, codeOf(order, 0))).json());
    expect(again.result).toBe('already_checked_in');
    expect(again.checkedInAt).toBe(body.checkedInAt);
    expect(again.checkedInBy).toEqual({ gate: null, device: 'Front desk' });
    expect(again.counts.checkedIn).toBe(1);
    // The ticket itself now says so (the buyer's order view).
    const read = await authed(t, 'GET', `/api/orders/${order._id}`, buyer.token);
    expect(read.json().order.tickets[0].checkedInAt).not.toBeNull();
  });

  it('twenty simultaneous scans of one ticket: exactly one checked in, the rest already checked in', async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => scan(organiser.token, codeOf(order, 1))),
    );
    const results = answers.map((a) => scanResponse.parse(a.json()).result);
    expect(results.filter((r) => r === 'checked_in')).toHaveLength(1);
    expect(results.filter((r) => r === 'already_checked_in')).toHaveLength(19);
  });

  it('undo lets the ticket in again; undoing what is not checked in is a 404', async () => {
    const code = codeOf(order, 2);
    expect(scanResponse.parse((await scan(organiser.token, code)).json()).result).toBe('checked_in');
    const undone = await authed(t, 'DELETE', `/api/checkin/${eventId}/${code}`, organiser.token);
    expect(undone.statusCode, undone.body).toBe(200);
    expect(undone.json().message).toMatch(/undone/);
    expect((await authed(t, 'DELETE', `/api/checkin/${eventId}/${code}`, organiser.token)).statusCode).toBe(
      404,
    );
    expect(scanResponse.parse((await scan(organiser.token, code)).json()).result).toBe('checked_in');
    await authed(t, 'DELETE', `/api/checkin/${eventId}/${code}`, organiser.token);
  });

  it('forged, unknown and other events’ codes admit nobody; a cancelled order is turned away', async () => {
    const bytes = Buffer.from(codeOf(order, 3), 'base64url');
    bytes[3] = (bytes[3] ?? 0) ^ 0xff;
    const forged = scanResponse.parse((await scan(organiser.token, bytes.toString('base64url'))).json());
    expect(forged).toMatchObject({ result: 'unknown' });
    expect(forged.message).toMatch(/forged/i);
    expect(scanResponse.parse((await scan(organiser.token, 'NOT-A-TICKET')).json()).result).toBe('unknown');
    const wrong = scanResponse.parse((await scan(organiser.token, codeOf(otherOrder, 0))).json());
    expect(wrong.result).toBe('wrong_event');
    expect(wrong.ticket).toBeUndefined();

    const extra = await buyTickets(t, buyer, eventId, { [regular]: 1 });
    const cancel = await authed(t, 'POST', `/api/orders/${extra._id}/cancel`, organiser.token);
    expect(cancel.statusCode, cancel.body).toBe(200);
    const cancelled = scanResponse.parse((await scan(organiser.token, codeOf(extra, 0))).json());
    expect(cancelled.result).toBe('cancelled');
    expect(cancelled.counts.total).toBe(5);
  });

  it('only the organiser or a link may scan: 401 without a token (before validation), 403 for others, 404 unknown event', async () => {
    expect((await authed(t, 'POST', `/api/checkin/${eventId}`, undefined, { code: 5 })).statusCode).toBe(401);
    const other = await scan(stranger.token, codeOf(order, 3));
    expect(other.statusCode).toBe(403);
    expect((await authed(t, 'GET', `/api/checkin/${eventId}/list`, stranger.token)).statusCode).toBe(403);
    expect((await scan(organiser.token, codeOf(order, 3), randomUUID())).statusCode).toBe(404);
    expect((await scan(organiser.token, codeOf(order, 3), 'nope')).statusCode).toBe(404);
    const bad = await scan(organiser.token, 'x\u0000y');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/Ticket code/);
  });

  it('door staff links: PIN opens a session for that event only, limited types, counts per gate, revocable', async () => {
    const created = await authed(t, 'POST', `/api/events/${eventId}/checkin-links`, organiser.token, {
      label: 'Gate A',
      ticketTypeIds: [regular],
    });
    expect(created.statusCode, created.body).toBe(201);
    const { token, pin, link } = createdLinkResponse.parse(created.json());
    expect(pin).toMatch(/^\d{6}$/);
    expect(link).toMatchObject({ label: 'Gate A', status: 'active', ticketTypeIds: [regular] });
    expect(
      (await authed(t, 'POST', `/api/events/${eventId}/checkin-links`, stranger.token, { label: 'X' }))
        .statusCode,
    ).toBe(403);

    const info = await t.app.inject({ method: 'GET', url: `/api/checkin/links/${token}` });
    expect(info.json()).toMatchObject({ label: 'Gate A', status: 'active' });
    const wrongPin = String((Number(pin) + 1) % 1_000_000).padStart(6, '0');
    const refused = await authed(t, 'POST', '/api/checkin/links/session', undefined, {
      token,
      pin: wrongPin,
    });
    expect(refused.statusCode).toBe(401);
    const opened = await authed(t, 'POST', '/api/checkin/links/session', undefined, { token, pin });
    expect(opened.statusCode, opened.body).toBe(200);
    const session = linkSessionResponse.parse(opened.json()).sessionToken;

    const admitted = scanResponse.parse((await scan(session, codeOf(order, 3))).json());
    expect(admitted.result).toBe('checked_in');
    expect(admitted.counts.perGate).toContainEqual({ gate: 'Gate A', checkedIn: 1 });
    const vipAtGateA = scanResponse.parse((await scan(session, codeOf(vipOrder, 0))).json());
    expect(vipAtGateA.result).toBe('wrong_event');
    expect(vipAtGateA.message).toMatch(/VIP tickets do not enter at Gate A/);
    // The link's list holds only its types, with the key to check signatures offline.
    const list = offlineListResponse.parse(
      (await authed(t, 'GET', `/api/checkin/${eventId}/list`, session)).json(),
    );
    expect(list.allowedTicketTypeIds).toEqual([regular]);
    expect(list.tickets.every((x) => x.ticketTypeId === regular)).toBe(true);
    // The link cannot be used for another event, nor for the organiser's pages.
    expect((await scan(session, codeOf(otherOrder, 0), otherEventId)).statusCode).toBe(403);
    expect((await authed(t, 'GET', `/api/events/${eventId}/checkins`, session)).statusCode).toBe(401);
    // Door staff may undo only their own gate's check-ins.
    expect(
      (await authed(t, 'DELETE', `/api/checkin/${eventId}/${codeOf(order, 0)}`, session)).statusCode,
    ).toBe(403);

    const links = await authed(t, 'GET', `/api/events/${eventId}/checkin-links`, organiser.token);
    expect(links.json().links[0]).toMatchObject({ label: 'Gate A', checkedIn: 1 });
    const revoked = await authed(
      t,
      'DELETE',
      `/api/events/${eventId}/checkin-links/${link.id}`,
      organiser.token,
    );
    expect(revoked.json().links[0].status).toBe('revoked');
    const afterRevoke = await scan(session, codeOf(order, 3));
    expect(afterRevoke.statusCode).toBe(401);
    const reopen = await authed(t, 'POST', '/api/checkin/links/session', undefined, { token, pin });
    expect(reopen.statusCode).toBe(403);
    expect(reopen.json().message).toMatch(/revoked/);
  });

  it('PIN attempts are rate-limited per link', async () => {
    const { token, pin } = createdLinkResponse.parse(
      (
        await authed(t, 'POST', `/api/events/${eventId}/checkin-links`, organiser.token, { label: 'Gate B' })
      ).json(),
    );
    const wrongPin = String((Number(pin) + 7) % 1_000_000).padStart(6, '0');
    const statuses = [];
    for (let i = 0; i < 6; i++)
      statuses.push(
        (await authed(t, 'POST', '/api/checkin/links/session', undefined, { token, pin: wrongPin }))
          .statusCode,
      );
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    // Even the right PIN waits now: guessing cannot continue in the same window.
    expect(
      (await authed(t, 'POST', '/api/checkin/links/session', undefined, { token, pin })).statusCode,
    ).toBe(429);
  });

  it('offline list: every ticket by id with status, the revoked ids, the key that verifies codes, and no code', async () => {
    const res = await authed(t, 'GET', `/api/checkin/${eventId}/list`, organiser.token);
    expect(res.statusCode, res.body).toBe(200);
    const list = offlineListResponse.parse(res.json());
    expect(list.tickets.filter((x) => x.status === 'valid')).toHaveLength(5);
    expect(list.revoked).toHaveLength(1);
    const sold = order.tickets[0]!;
    const first = list.tickets.find((x) => x.id === ticketIdOf(sold.code))!;
    expect(first.checkedInAt).not.toBeNull();
    // The list is not the keys to the venue: no ticket's code, nor its signature, is anywhere in it.
    for (const o of [order, vipOrder, otherOrder])
      for (const ticket of o.tickets) {
        expect(res.body).not.toContain(ticket.code);
        expect(res.body).not.toContain(ticket.code.slice(-86));
      }
    // What it carries, and nothing else: the guest search's look-ups only as salted hashes (decision 049).
    expect(Object.keys(res.json().tickets[0]).sort()).toEqual([
      'attendeeName',
      'checkedInAt',
      'checkedInBy',
      'id',
      'lookup',
      'orderSeats',
      'status',
      'ticketName',
      'ticketTypeId',
    ]);
    // A scanned code is checked with the list's key alone, and names the ticket the list holds by id.
    const key = createPublicKey({
      key: Buffer.from(list.publicKey.publicKey, 'base64'),
      format: 'der',
      type: 'spki',
    });
    const bytes = Buffer.from(sold.code, 'base64url');
    expect(verify(null, bytes.subarray(0, 33), key, bytes.subarray(33))).toBe(true);
    expect(bytes.subarray(1, 17).toString('hex')).toBe(first.id.replaceAll('-', ''));
  });

  it('sync: retried uploads count once; first scan by time wins and both devices hear of the conflict', async () => {
    const code = codeOf(order, 2); // undone above, so free again
    const deviceA = randomUUID();
    const deviceB = randomUUID();
    // Device B is online and lets the person in now.
    const online = scanResponse.parse(
      (await scan(organiser.token, code, eventId, { deviceId: deviceB, device: 'Phone B' })).json(),
    );
    expect(online.result).toBe('checked_in');
    // Device A had scanned the same ticket ten minutes earlier, offline; it uploads now.
    const earlier = new Date(Date.now() - 10 * 60_000).toISOString();
    const nonce = randomUUID();
    const upload = { deviceId: deviceA, device: 'Phone A', scans: [{ nonce, code, scannedAt: earlier }] };
    const synced = await authed(t, 'POST', `/api/checkin/${eventId}/sync`, organiser.token, upload);
    expect(synced.statusCode, synced.body).toBe(200);
    const a = syncResponse.parse(synced.json());
    expect(a.results).toEqual([
      expect.objectContaining({ nonce, result: 'checked_in', checkedInAt: earlier }),
    ]);
    expect(a.conflicts).toHaveLength(1);
    expect(a.conflicts[0]).toMatchObject({
      reference: expect.stringMatching(/\S/),
      winner: { device: 'Phone A', scannedAt: earlier, nonce },
      loser: { device: 'Phone B' },
    });
    // The ticket named by its printed reference: the code, which admits, never travels back.
    expect(JSON.stringify(a.conflicts)).not.toContain(code);
    const countAfter = a.counts.checkedIn;
    // The same upload again (its answer was lost): same answer, nothing counted twice.
    const retried = syncResponse.parse(
      (await authed(t, 'POST', `/api/checkin/${eventId}/sync`, organiser.token, upload)).json(),
    );
    expect(retried.results[0]).toMatchObject({ nonce, result: 'checked_in' });
    expect(retried.counts.checkedIn).toBe(countAfter);
    expect(retried.conflicts).toHaveLength(1);
    // Device B hears of it on its next sync, even with nothing to upload.
    const b = syncResponse.parse(
      (
        await authed(t, 'POST', `/api/checkin/${eventId}/sync`, organiser.token, {
          deviceId: deviceB,
          scans: [],
        })
      ).json(),
    );
    expect(b.conflicts.map((c) => c.loser.device)).toEqual(['Phone B']);
    // A third device's offline scan, later than A's, loses and is told who was first.
    const deviceC = randomUUID();
    const c = syncResponse.parse(
      (
        await authed(t, 'POST', `/api/checkin/${eventId}/sync`, organiser.token, {
          deviceId: deviceC,
          scans: [{ nonce: randomUUID(), code, scannedAt: new Date(Date.now() - 5 * 60_000).toISOString() }],
        })
      ).json(),
    );
    expect(c.results[0]).toMatchObject({ result: 'already_checked_in', checkedInAt: earlier });
    expect(c.conflicts[0]).toMatchObject({ winner: { nonce } });
    expect(c.counts.checkedIn).toBe(countAfter);
  });

  it('GET /api/events/:id/checkins: who came and when, for the organiser only', async () => {
    const res = await authed(t, 'GET', `/api/events/${eventId}/checkins`, organiser.token);
    expect(res.statusCode, res.body).toBe(200);
    const body = checkinsResponse.parse(res.json());
    expect(body.checkins.length).toBe(body.counts.checkedIn);
    expect(body.checkins.map((c) => c.code)).toContain(codeOf(order, 0));
    expect((await authed(t, 'GET', `/api/events/${eventId}/checkins`, stranger.token)).statusCode).toBe(403);
    expect((await authed(t, 'GET', `/api/events/${eventId}/checkins`)).statusCode).toBe(401);
  });

  it('the guestlist shows who is in, when and at which gate; filters in / not yet; the CSV has the time', async () => {
    const party = await buyTickets(t, buyer, eventId, { [regular]: 2 });
    const created = createdLinkResponse.parse(
      (
        await authed(t, 'POST', `/api/events/${eventId}/checkin-links`, organiser.token, { label: 'Gate B' })
      ).json(),
    );
    const session = linkSessionResponse.parse(
      (
        await authed(t, 'POST', '/api/checkin/links/session', undefined, {
          token: created.token,
          pin: created.pin,
        })
      ).json(),
    ).sessionToken;
    const admitted = scanResponse.parse((await scan(session, codeOf(party, 1))).json());
    expect(admitted.result).toBe('checked_in');
    const at = admitted.checkedInAt!;

    const guestlist = async (query = '', token = organiser.token) =>
      authed(t, 'GET', `/api/events/${eventId}/guestlist${query}`, token);
    const rowOf = (list: GuestlistResponse) => list.rows.find((r) => r.orderId === party._id);
    const all = guestlistResponse.parse((await guestlist()).json());
    expect(rowOf(all)).toMatchObject({ quantity: 2, checkedIn: 1 });
    // Seat 0 not yet in; seat 1 in through Gate B at the scan's time.
    const seat = { id: expect.any(String), reference: expect.any(String), attendeeName: 'Ngozi Eze' };
    expect(rowOf(all)?.tickets).toEqual([
      { ...seat, checkedInAt: null, gate: null },
      { ...seat, checkedInAt: at, gate: 'Gate B' },
    ]);
    // The very first ticket of the event was scanned with the organiser's account: under their name.
    const first = all.rows.find((r) => r.orderId === order._id)?.tickets[0];
    expect(first?.checkedInAt).not.toBeNull();
    expect(first?.gate).toBe(`${organiser.firstName} ${organiser.lastName}`);
    const checkins = checkinsResponse.parse(
      (await authed(t, 'GET', `/api/events/${eventId}/checkins`, organiser.token)).json(),
    );
    expect(all.totals.checkedIn).toBe(checkins.counts.checkedIn);

    // Half in: listed under both filters. The VIP order nobody scanned is 'not yet' only.
    const inside = guestlistResponse.parse((await guestlist('?checkin=in')).json());
    const outside = guestlistResponse.parse((await guestlist('?checkin=out')).json());
    expect(rowOf(inside)).toBeDefined();
    expect(rowOf(outside)).toBeDefined();
    expect(inside.rows.every((r) => r.checkedIn > 0)).toBe(true);
    expect(outside.rows.every((r) => r.checkedIn < r.tickets.length)).toBe(true);
    expect(outside.rows.map((r) => r.orderId)).toContain(vipOrder._id);
    expect(inside.rows.map((r) => r.orderId)).not.toContain(vipOrder._id);
    expect((await guestlist('?checkin=maybe')).statusCode).toBe(400);

    const csv = await guestlist('.csv');
    expect(csv.statusCode).toBe(200);
    expect([...csv.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = csv.rawPayload.subarray(3).toString('utf8').split('\r\n');
    expect(lines[0]).toBe('Ticket Name,Quantity,Purchased By,Order Number,Order Date,Checked In At');
    // Lagos is UTC+1 all year: the same 'YYYY-MM-DD HH:MM' as the Order Date column.
    const lagos = new Date(Date.parse(at) + 3_600_000).toISOString().slice(0, 16).replace('T', ' ');
    const line = lines.find((l) => l.includes(party.reference));
    expect(line).toMatch(
      new RegExp(`^Regular,2,Ngozi Eze,${party.reference},\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d,${lagos}$`),
    );
    const notYet = lines.find((l) => l.includes(vipOrder.reference));
    expect(notYet).toMatch(/,$/);
    const onlyIn = (await guestlist('.csv?checkin=in')).rawPayload.subarray(3).toString('utf8');
    expect(onlyIn).toContain(party.reference);
    expect(onlyIn).not.toContain(vipOrder.reference);

    // Another organiser, and a door staff session, cannot read it.
    expect((await guestlist('', stranger.token)).statusCode).toBe(403);
    expect((await guestlist('.csv', stranger.token)).statusCode).toBe(403);
    expect((await guestlist('', session)).statusCode).toBe(401);
  });
});
