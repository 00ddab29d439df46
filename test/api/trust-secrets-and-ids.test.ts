import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readOrderResponse } from '../../contract/orders';
import { authed } from '../helpers/accounts';
import { buyTickets } from '../helpers/checkin';
import { eventWithTypes, type Person, people } from '../helpers/checkout';
import { testDatabases } from '../helpers/databases';
import { joinTeam } from '../helpers/team';
import { buildTestApp, type TestApp } from '../helpers/testApp';

/**
 * The reproductions of issue 30 items 1 and 7 (decision 048):
 * 1. a finance member read every ticket's signed code and share token from GET /api/orders/:id and
 *    claimed the buyer's ticket with the token; now the team reads name, type, status and reference,
 *    the code and link go to the buyer and the ticket's holder only, and a claim needs the link;
 * 7. DELETE /api/events/:eventId/access-codes/:id with a malformed id answered 500 ("Failed query"):
 *    every id in a path is parsed as a UUID by the contract and a malformed one is the route's 404.
 */
describe.each(testDatabases)('codes to whom they belong, malformed ids 404, on $name', (database) => {
  let t: TestApp;
  let owner: Person;
  let finance: Person;
  let co: Person;
  let buyer: Person;
  let eventId: string;
  let typeId: string;
  let hiddenTypeId: string;

  beforeAll(async () => {
    t = await buildTestApp(database);
    [owner, finance, co, buyer] = (await people(t.deps.db, 4, 'secrets')) as [Person, Person, Person, Person];
    const { event, types } = await eventWithTypes(t.deps.db, owner.id, [
      { name: 'Regular', priceKobo: 0 },
      { name: 'Sponsors', priceKobo: 0, hidden: true },
    ]);
    eventId = event.id;
    typeId = types[0]!.id;
    hiddenTypeId = types[1]!.id;
    await joinTeam(t, owner.token, eventId, finance, 'finance');
    await joinTeam(t, owner.token, eventId, co, 'co_organiser');
  }, 120_000);
  afterAll(async () => t?.close());

  it("a finance member cannot take a buyer's ticket: no code, no share token, nothing to claim", async () => {
    const order = await buyTickets(t, buyer, eventId, { [typeId]: 2 });
    const [first] = order.tickets;
    expect(first!.code.length).toBeGreaterThan(40);

    for (const member of [finance, co, owner]) {
      const read = await authed(t, 'GET', `/api/orders/${order._id}`, member.token);
      expect(read.statusCode, read.body).toBe(200);
      const seen = readOrderResponse.parse(read.json()).order;
      // What every organiser role sees: name, type, status, reference.
      expect(seen.tickets.map((x) => [x.attendeeName, x.ticketName, x.revoked, x.reference])).toEqual(
        order.tickets.map((x) => [x.attendeeName, x.ticketName, x.revoked, x.reference]),
      );
      for (const ticket of order.tickets) {
        expect(read.body).not.toContain(ticket.code);
        expect(read.body).not.toContain(ticket.shareToken);
      }
      expect(seen.tickets.every((x) => x.code === undefined && x.shareToken === undefined)).toBe(true);
    }

    // The buyer still has both; the link still claims for whoever holds it.
    const mine = readOrderResponse.parse(
      (await authed(t, 'GET', `/api/orders/${order._id}`, buyer.token)).json(),
    );
    expect(mine.order.tickets.map((x) => x.code)).toEqual(order.tickets.map((x) => x.code));
    expect(mine.order.tickets.map((x) => x.shareToken)).toEqual(order.tickets.map((x) => x.shareToken));

    // The buyer's ticket is still the buyer's: the old code admits, nothing was reissued.
    const scan = await authed(t, 'POST', `/api/checkin/${eventId}`, owner.token, { code: first!.code });
    expect(scan.statusCode, scan.body).toBe(200);
    expect(scan.json().result).toBe('checked_in');
  });

  it('the team still edits an attendee, naming the ticket by its reference', async () => {
    const order = await buyTickets(t, buyer, eventId, { [typeId]: 1 });
    const reference = order.tickets[0]!.reference;
    const edit = await t.app.inject({
      method: 'PATCH',
      url: `/api/orders/${order._id}/tickets/${reference}`,
      headers: { authorization: `Bearer ${co.token}` },
      payload: { firstName: 'Kemi', lastName: 'Bello', email: 'kemi.bello@example.ng' },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const edited = readOrderResponse.parse(edit.json()).order;
    expect(edited.tickets[0]!.attendeeName).toBe('Kemi Bello');
    expect(edited.tickets[0]!.code).toBeUndefined();
    expect(edit.body).not.toContain(order.tickets[0]!.code);
  });

  it.each(['not-a-uuid', '1.5', '..', '__proto__', 'constructor', '%E2%82%A6', 'a'.repeat(80)])(
    'DELETE /api/events/:eventId/access-codes/%s is 404, never 500, and deletes nothing',
    async (id) => {
      const made = await authed(t, 'POST', `/api/events/${eventId}/access-codes`, owner.token, {
        code: `KEEP${Math.random().toString(36).slice(2, 8).toUpperCase()}`,
        ticketTypeIds: [hiddenTypeId],
      });
      expect(made.statusCode, made.body).toBe(201);
      const res = await authed(t, 'DELETE', `/api/events/${eventId}/access-codes/${id}`, owner.token);
      expect(res.statusCode, res.body).toBe(404);
      // '..' is a dot segment: the URL resolves to another address before routing, also a 404.
      if (id !== '..') expect(res.json().message).toBe('Access code not found');
      const list = await authed(t, 'GET', `/api/events/${eventId}/access-codes`, owner.token);
      expect(list.json().accessCodes.map((a: { id: string }) => a.id)).toContain(made.json().accessCode.id);
    },
  );
});
