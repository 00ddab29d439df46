import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { myTicketsResponse } from '../../contract/orders';
import { changedTicketResponse } from '../../contract/ticketChanges';
import { authed } from '../helpers/accounts';
import { buyTickets } from '../helpers/checkin';
import { eventWithTypes, type Person, person } from '../helpers/checkout';
import { testDatabases } from '../helpers/databases';
import { buildTestApp, type TestApp } from '../helpers/testApp';

/**
 * A resale by transfer leaves the seller no way in (issue #32 item 6, decision 053): after the buyer
 * transfers a seat (or its link is claimed), the buyer's ticket list carries no code of it, the
 * buyer cannot open it by code or transfer it again, and sees it as sent to the new holder.
 */
describe.each(testDatabases)('a transfer leaves the seller without the ticket on $name', (database) => {
  let t: TestApp;
  let buyer: Person;
  let friend: Person;
  let claimer: Person;
  let eventId: string;
  let typeId: string;

  beforeAll(async () => {
    t = await buildTestApp(database);
    const organiser = await person(t.deps.db, 'organiser');
    buyer = await person(t.deps.db, 'seller');
    friend = await person(t.deps.db, 'friend');
    claimer = await person(t.deps.db, 'claimer');
    const made = await eventWithTypes(t.deps.db, organiser.id, [{ name: 'Regular', priceKobo: 500_000 }]);
    eventId = made.event.id;
    typeId = made.types[0]!.id;
  }, 120_000);
  afterAll(async () => t?.close());

  const mine = async (who: Person) =>
    myTicketsResponse.parse((await authed(t, 'GET', '/api/tickets/mine', who.token)).json());
  const codesIn = (list: Awaited<ReturnType<typeof mine>>) =>
    [...list.upcoming, ...list.past].map((v) => v.code);

  it('the seller’s list has no code of the sent ticket, only who has it now; the new holder has it', async () => {
    const order = await buyTickets(t, buyer, eventId, { [typeId]: 2 });
    const sent = order.tickets[0]!;
    const kept = order.tickets[1]!;
    const res = await authed(t, 'POST', `/api/tickets/code/${sent.code}/transfer`, buyer.token, {
      firstName: 'Tobi',
      lastName: 'Adeyemi',
      email: friend.email,
    });
    expect(res.statusCode, res.body).toBe(200);

    const friendList = await mine(friend);
    const newCode = friendList.upcoming.find((v) => v.orderId === order._id)!.code;
    expect(newCode).not.toBe(sent.code);

    const sellerList = await mine(buyer);
    expect(codesIn(sellerList)).toEqual([kept.code]);
    expect(JSON.stringify(sellerList)).not.toContain(newCode);
    expect(sellerList.handedOver).toEqual([
      expect.objectContaining({ toName: 'Tobi Adeyemi', ticketName: 'Regular', past: false }),
    ]);

    // No way in by the code either: not readable, no QR, no PDF, no second transfer.
    for (const path of ['', '/qr', '/pdf'])
      expect((await authed(t, 'GET', `/api/tickets/code/${newCode}${path}`, buyer.token)).statusCode).toBe(
        404,
      );
    const again = await authed(t, 'POST', `/api/tickets/code/${newCode}/transfer`, buyer.token, {
      firstName: 'Sola',
      lastName: 'Ade',
      email: 'sola@example.ng',
    });
    expect(again.statusCode).toBe(404);
    // The new holder holds it fully.
    expect((await authed(t, 'GET', `/api/tickets/code/${newCode}`, friend.token)).statusCode).toBe(200);
  });

  it('a claimed link leaves the seller without the ticket as well', async () => {
    const order = await buyTickets(t, buyer, eventId, { [typeId]: 1 });
    const before = (await mine(buyer)).upcoming.find((v) => v.orderId === order._id)!;
    // The link the buyer forwarded: its secret is the ticket's share token.
    const claimed = await authed(t, 'POST', '/api/tickets/shared/claim', claimer.token, {
      token: before.shareToken,
    });
    expect(claimed.statusCode, claimed.body).toBe(200);
    const newCode = changedTicketResponse.parse(claimed.json()).ticket.code;

    const sellerList = await mine(buyer);
    expect(codesIn(sellerList)).not.toContain(before.code);
    expect(JSON.stringify(sellerList)).not.toContain(newCode);
    expect((await authed(t, 'GET', `/api/tickets/code/${newCode}`, buyer.token)).statusCode).toBe(404);
  });
});
