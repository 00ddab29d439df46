import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { offlineListResponse, scanResponse, syncResponse } from '../../contract/checkin';
import { issuedTicketResponse, orderResponse } from '../../contract/orders';
import { guestlistResponse } from '../../contract/organiser';
import { changedTicketResponse } from '../../contract/ticketChanges';
import { events, users } from '../../server/db/schema';
import { authed, outbox } from '../helpers/accounts';
import { buyTickets, ticketIdOf } from '../helpers/checkin';
import { eventWithTypes, type Person, person } from '../helpers/checkout';
import { testDatabases } from '../helpers/databases';
import { buildTestApp, type TestApp } from '../helpers/testApp';

/**
 * A ticket changing hands (issue #23, decision 040): the holder transfers it by email, corrects the
 * name, or forwards its own link (/t#token) which opens it without an account and can be claimed.
 * Each change reissues: the old code stops at the door online and in the offline scanner after its
 * next sync, and the old link stops opening the ticket.
 */
describe.each(testDatabases)('Ticket transfer, name correction and ticket links on $name', (database) => {
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

  const transfer = (token: string, code: string, to: object) =>
    authed(t, 'POST', `/api/tickets/code/${code}/transfer`, token, to);
  const shared = (token: string) =>
    t.app.inject({ method: 'POST', url: '/api/tickets/shared', payload: { token } });
  const scan = (code: string) => authed(t, 'POST', `/api/checkin/${eventId}`, organiser.token, { code });
  /** The door's answer to a code that was replaced by a reissue. */
  const expectReplaced = async (code: string) => {
    const answer = scanResponse.parse((await scan(code)).json());
    expect(answer.result).toBe('cancelled');
    expect(answer.message).toMatch(/This code was replaced/);
  };
  const mailsTo = async (email: string) =>
    (await outbox(t)).filter((m) => m.to.toLowerCase() === email.toLowerCase());

  it('transfers a ticket: the new holder is mailed a new code and link, the old ones stop everywhere', async () => {
    const order = await buyTickets(t, buyer, eventId, { [typeId]: 2 });
    const old = order.tickets[0]!;
    const scannerList = offlineListResponse.parse(
      (await authed(t, 'GET', `/api/checkin/${eventId}/list`, organiser.token)).json(),
    );
    expect(scannerList.revoked).not.toContain(ticketIdOf(old.code));

    // Only a holder may transfer; anyone else gets the unknown-ticket answer.
    const by = { firstName: 'Tobi', lastName: 'Adeyemi', email: friend.email };
    expect((await transfer(stranger.token, old.code, by)).statusCode).toBe(404);
    expect((await transfer(organiser.token, old.code, by)).statusCode).toBe(404);
    const bad = await transfer(buyer.token, old.code, { firstName: '', lastName: 'A', email: 'nope' });
    expect(bad.statusCode).toBe(400);
    const same = await transfer(buyer.token, old.code, { ...by, email: old.attendeeEmail });
    expect(same.statusCode).toBe(400);

    const res = await transfer(buyer.token, old.code, by);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toMatch(/Ticket sent to Tobi Adeyemi/);

    // The new holder's mail carries the ticket's own link; the buyer is told where it went.
    const [toFriend] = await mailsTo(friend.email);
    expect(toFriend?.subject).toMatch(/Your ticket for/);
    const link = /\/t#([0-9a-f]{64})/.exec(toFriend!.text);
    expect(link).not.toBeNull();
    const [notice] = await mailsTo(buyer.email);
    expect(notice?.subject).toMatch(/was transferred/);
    expect(notice?.text).toContain(friend.email);

    // Online: the old code is refused as reissued; the new one admits.
    await expectReplaced(old.code);
    const now = orderResponse.parse(
      (await authed(t, 'GET', `/api/orders/${order._id}`, buyer.token)).json(),
    ).order;
    const moved = now.tickets.find((x) => x.reference !== old.reference && x.attendeeEmail === friend.email);
    expect(moved).toBeDefined();
    expect(now.tickets).toHaveLength(2);

    // Offline: the next sync brings the revocation, and a scan queued offline is refused.
    const relisted = offlineListResponse.parse(
      (await authed(t, 'GET', `/api/checkin/${eventId}/list`, organiser.token)).json(),
    );
    expect(relisted.revoked).toContain(ticketIdOf(old.code));
    const nonce = crypto.randomUUID();
    const synced = await authed(t, 'POST', `/api/checkin/${eventId}/sync`, organiser.token, {
      deviceId: crypto.randomUUID(),
      scans: [{ nonce, code: old.code, scannedAt: new Date().toISOString() }],
    });
    expect(syncResponse.parse(synced.json()).results[0]?.result).toBe('cancelled');

    // The old link is gone; the new one opens the ticket without an account.
    expect((await shared(old.shareToken)).statusCode).toBe(404);
    const opened = await shared(link![1]!);
    expect(opened.statusCode, opened.body).toBe(200);
    const view = issuedTicketResponse.parse(opened.json()).ticket;
    expect(view.attendeeName).toBe('Tobi Adeyemi');
    expect(view.qr).toMatch(/^data:image\/svg\+xml/);
    expect(scanResponse.parse((await scan(moved!.code)).json()).result).toBe('checked_in');

    // The new holder sees it in My Tickets; the old code's page is gone for the buyer's old copy.
    const mine = await authed(t, 'GET', '/api/tickets/mine', friend.token);
    expect(mine.json().upcoming.map((x: { code: string }) => x.code)).toContain(moved!.code);
    const oldView = await authed(t, 'GET', `/api/tickets/code/${old.code}`, buyer.token);
    expect(issuedTicketResponse.parse(oldView.json()).ticket).toMatchObject({
      revoked: true,
      transferRefusal: 'This ticket is no longer valid.',
    });

    // The guest list shows the history.
    const guests = guestlistResponse.parse(
      (await authed(t, 'GET', `/api/events/${eventId}/guestlist`, organiser.token)).json(),
    );
    const line = guests.rows.find((r) => r.orderId === order._id);
    expect(line?.changes).toMatchObject([
      { kind: 'transfer', toEmail: friend.email, toName: 'Tobi Adeyemi' },
    ]);

    // A scanned ticket cannot be transferred on.
    const again = await transfer(friend.token, moved!.code, { ...by, email: stranger.email });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/used at the door/);
  });

  it('corrects a name: a new code for the same address, allowed after a scan; the organiser can stop transfers', async () => {
    const order = await buyTickets(t, buyer, eventId, { [typeId]: 1 });
    const old = order.tickets[0]!;
    expect((await scan(old.code)).statusCode).toBe(200);
    const fixed = await authed(t, 'POST', `/api/tickets/code/${old.code}/name`, buyer.token, {
      firstName: 'Ngozika',
      lastName: 'Eze',
    });
    expect(fixed.statusCode, fixed.body).toBe(200);
    const answer = changedTicketResponse.parse(fixed.json());
    expect(answer.ticket.attendeeName).toBe('Ngozika Eze');
    expect(answer.ticket.attendeeEmail).toBe(old.attendeeEmail);
    expect(answer.ticket.code).not.toBe(old.code);
    expect(answer.ticket.checkedInAt).not.toBeNull();
    await expectReplaced(old.code);
    expect(scanResponse.parse((await scan(answer.ticket.code)).json()).result).toBe('already_checked_in');

    // Transfers off: refused, with the organiser's reason; a name can still be corrected.
    const off = await authed(t, 'PUT', `/api/events/${eventId}/ticket-changes`, organiser.token, {
      transfersEnabled: false,
      closeHours: 0,
    });
    expect(off.statusCode, off.body).toBe(200);
    // Live codes (decision 058) stay as they were: allowed alongside the printed code.
    expect(off.json().event.ticketChanges).toEqual({
      transfersEnabled: false,
      closeHours: 0,
      rotatingCodes: 'allowed',
    });
    expect(
      (
        await authed(
          t,
          'PUT',
          `/api/events/${eventId}/ticket-changes`,
          stranger.token,
          off.json().event.ticketChanges,
        )
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await authed(t, 'PUT', `/api/events/${eventId}/ticket-changes`, organiser.token, {
          transfersEnabled: true,
          closeHours: -1,
        })
      ).statusCode,
    ).toBe(400);
    const fresh = await buyTickets(t, buyer, eventId, { [typeId]: 1 });
    const refused = await transfer(buyer.token, fresh.tickets[0]!.code, {
      firstName: 'Ada',
      lastName: 'Obi',
      email: stranger.email,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/does not allow ticket transfers/);
    const view = issuedTicketResponse.parse(
      (await authed(t, 'GET', `/api/tickets/code/${fresh.tickets[0]!.code}`, buyer.token)).json(),
    ).ticket;
    expect(view.transferRefusal).toMatch(/does not allow/);
    expect(view.nameRefusal).toBeNull();

    // Changes close N hours before the start: an event starting within the window refuses both.
    await authed(t, 'PUT', `/api/events/${eventId}/ticket-changes`, organiser.token, {
      transfersEnabled: true,
      closeHours: 24,
    });
    const soon = new Date(Date.now() + 3 * 3_600_000 + 3_600_000); // Lagos is UTC+1
    const [startDate, startTime] = soon.toISOString().slice(0, 16).split('T') as [string, string];
    const [before] = await t.deps.db
      .select({ startDate: events.startDate, startTime: events.startTime })
      .from(events)
      .where(eq(events.id, eventId));
    await t.deps.db.update(events).set({ startDate, startTime }).where(eq(events.id, eventId));
    try {
      const late = await authed(t, 'POST', `/api/tickets/code/${fresh.tickets[0]!.code}/name`, buyer.token, {
        firstName: 'Late',
        lastName: 'Change',
      });
      expect(late.statusCode).toBe(409);
      expect(late.json().message).toMatch(/closed 24 hours before the event/);
    } finally {
      await t.deps.db.update(events).set(before!).where(eq(events.id, eventId));
      await authed(t, 'PUT', `/api/events/${eventId}/ticket-changes`, organiser.token, {
        transfersEnabled: true,
        closeHours: 0,
      });
    }
  });

  it('opens a ticket by its link without an account, and a signed-in visitor can claim it once', async () => {
    const order = await buyTickets(t, buyer, eventId, { [typeId]: 1 });
    const ticket = order.tickets[0]!;
    expect((await shared('0'.repeat(64))).statusCode).toBe(404);
    expect((await shared('not a token')).statusCode).toBe(400);
    const opened = issuedTicketResponse.parse((await shared(ticket.shareToken)).json()).ticket;
    expect(opened.code).toBe(ticket.code);

    const claim = (token: string) =>
      authed(t, 'POST', '/api/tickets/shared/claim', token, { token: ticket.shareToken });
    // An account that has not confirmed its email cannot take tickets.
    const unverified = await person(t.deps.db, 'unverified');
    await t.deps.db.update(users).set({ emailVerifiedAt: null }).where(eq(users.id, unverified.id));
    expect((await claim(unverified.token)).statusCode).toBe(403);

    const claimed = await claim(stranger.token);
    expect(claimed.statusCode, claimed.body).toBe(200);
    const now = changedTicketResponse.parse(claimed.json()).ticket;
    expect(now.attendeeEmail).toBe(stranger.email);
    expect((await claim(friend.token)).statusCode).toBe(404);
    expect((await shared(ticket.shareToken)).statusCode).toBe(404);
    await expectReplaced(ticket.code);
    const guests = guestlistResponse.parse(
      (await authed(t, 'GET', `/api/events/${eventId}/guestlist`, organiser.token)).json(),
    );
    expect(guests.rows.find((r) => r.orderId === order._id)?.changes).toMatchObject([
      { kind: 'claim', toEmail: stranger.email },
    ]);
  });
});
