import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createdLinkResponse,
  guestSearchResponse,
  linkSessionResponse,
  offlineListResponse,
  scanResponse,
  syncResponse,
} from '../../contract/checkin';
import { issuedTicketResponse, type Order } from '../../contract/orders';
import { formatTicketReference, REFERENCE_ALPHABET, REFERENCE_LENGTH } from '../../contract/ticketReference';
import { authed } from '../helpers/accounts';
import { buyTickets, ticketIdOf } from '../helpers/checkin';
import { eventWithTypes, type Person, person } from '../helpers/checkout';
import { testDatabases } from '../helpers/databases';
import { buildTestApp, type TestApp } from '../helpers/testApp';

/**
 * A door that never turns a paying guest away (decision 035): every ticket has a short reference,
 * typed in place of its QR online and in offline uploads, and the guest list can be searched at the
 * door. Same verdict, same one admission; no signed code ever handed to a door that typed a reference.
 */
describe.each(testDatabases)('Ticket references and guest search at the door on $name', (database) => {
  let t: TestApp;
  let organiser: Person;
  let buyer: Person;
  let stranger: Person;
  let eventId: string;
  let regularId: string;
  let vipId: string;
  let order: Order;
  let vipOrder: Order;
  let otherOrder: Order;

  beforeAll(async () => {
    t = await buildTestApp(database);
    organiser = await person(t.deps.db, 'organiser');
    buyer = await person(t.deps.db, 'buyer');
    stranger = await person(t.deps.db, 'stranger');
    const made = await eventWithTypes(t.deps.db, organiser.id, [{ name: 'Regular' }, { name: 'VIP' }]);
    eventId = made.event.id;
    regularId = made.types[0]!.id;
    vipId = made.types[1]!.id;
    order = await buyTickets(t, buyer, eventId, { [regularId]: 3 });
    vipOrder = await buyTickets(t, buyer, eventId, { [vipId]: 1 });
    const other = await eventWithTypes(t.deps.db, stranger.id, [{ name: 'Regular' }]);
    otherOrder = await buyTickets(t, buyer, other.event.id, { [other.types[0]!.id]: 1 });
  }, 180_000);
  afterAll(async () => t?.close());

  const scan = (token: string, code: string) => authed(t, 'POST', `/api/checkin/${eventId}`, token, { code });
  const search = (token: string, q: string, event = eventId) =>
    authed(t, 'GET', `/api/checkin/${event}/search?q=${encodeURIComponent(q)}`, token);

  it('gives every ticket its own ten-character reference, on the ticket and its page', async () => {
    const refs = [...order.tickets, ...vipOrder.tickets].map((x) => x.reference);
    expect(new Set(refs).size).toBe(refs.length);
    for (const r of refs) {
      expect(r).toHaveLength(REFERENCE_LENGTH);
      for (const ch of r) expect(REFERENCE_ALPHABET).toContain(ch);
    }
    const page = await authed(t, 'GET', `/api/tickets/code/${order.tickets[0]!.code}`, buyer.token);
    expect(issuedTicketResponse.parse(page.json()).ticket.reference).toBe(order.tickets[0]!.reference);
  });

  it('admits a typed reference once, however it is typed, and never answers with the signed code', async () => {
    const ticket = order.tickets[0]!;
    const typed = formatTicketReference(ticket.reference).toLowerCase().replace('-', ' - ');
    const first = await scan(organiser.token, typed);
    expect(first.statusCode, first.body).toBe(200);
    const admitted = scanResponse.parse(first.json());
    expect(admitted.result).toBe('checked_in');
    expect(admitted.ticket).toMatchObject({ code: ticket.reference, reference: ticket.reference });
    expect(first.body).not.toContain(ticket.code);
    // The same seat again, by reference or by its QR: one admission.
    expect(scanResponse.parse((await scan(organiser.token, ticket.reference)).json()).result).toBe(
      'already_checked_in',
    );
    expect(scanResponse.parse((await scan(organiser.token, ticket.code)).json()).result).toBe(
      'already_checked_in',
    );
    // Undone by its reference, then admitted again by its QR.
    const undo = await authed(t, 'DELETE', `/api/checkin/${eventId}/${ticket.reference}`, organiser.token);
    expect(undo.statusCode, undo.body).toBe(200);
    expect(undo.body).not.toContain(ticket.code);
    expect(scanResponse.parse((await scan(organiser.token, ticket.code)).json()).result).toBe('checked_in');
  });

  it('calls another event’s reference not known (not forged), and refuses a cancelled one', async () => {
    const foreign = scanResponse.parse(
      (await scan(organiser.token, otherOrder.tickets[0]!.reference)).json(),
    );
    expect(foreign.result).toBe('unknown');
    expect(foreign.message).not.toMatch(/forged/i);
    expect(foreign.ticket).toBeUndefined();
    const made = await buyTickets(t, buyer, eventId, { [regularId]: 1 });
    const cancel = await authed(t, 'POST', `/api/orders/${made._id}/cancel`, organiser.token);
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(scanResponse.parse((await scan(organiser.token, made.tickets[0]!.reference)).json()).result).toBe(
      'cancelled',
    );
  });

  it('finds guests by name, and by a whole email, phone in any form, order number or reference', async () => {
    const names = async (q: string) => {
      const res = await search(organiser.token, q);
      expect(res.statusCode, res.body).toBe(200);
      for (const x of [...order.tickets, ...vipOrder.tickets]) expect(res.body).not.toContain(x.code);
      return guestSearchResponse.parse(res.json()).matches;
    };
    expect(await names(order.reference)).toHaveLength(3);
    expect((await names(buyer.email.toUpperCase())).length).toBeGreaterThanOrEqual(4);
    expect((await names('0803 123 4567')).length).toBeGreaterThanOrEqual(4);
    const byRef = await names(formatTicketReference(vipOrder.tickets[0]!.reference));
    expect(byRef.map((m) => [m.ticketName, m.id])).toEqual([['VIP', ticketIdOf(vipOrder.tickets[0]!.code)]]);
    expect(await names('nobody-by-this-name')).toEqual([]);
    // Part of an email or phone finds nothing (decision 049): a door cannot read contact data out.
    expect(await names(buyer.email.slice(0, 6))).toEqual([]);
    expect(await names('803123')).toEqual([]);
    // Still to arrive first: the admitted Regular ticket comes after the ones not yet in.
    const regulars = await names(order.reference);
    expect(regulars.at(-1)?.checkedInAt).not.toBeNull();
    expect(regulars[0]?.checkedInAt).toBeNull();
  });

  it('keeps a gate to its own types, the event to its scanners, and a query to its limits', async () => {
    const { token, pin } = createdLinkResponse.parse(
      (
        await authed(t, 'POST', `/api/events/${eventId}/checkin-links`, organiser.token, {
          label: 'VIP gate',
          ticketTypeIds: [vipId],
        })
      ).json(),
    );
    const gate = linkSessionResponse.parse(
      (await authed(t, 'POST', '/api/checkin/links/session', undefined, { token, pin })).json(),
    ).sessionToken;
    const atGate = guestSearchResponse.parse((await search(gate, buyer.email)).json()).matches;
    expect(atGate.map((m) => m.ticketName)).toEqual(['VIP']);
    expect((await search(stranger.token, buyer.email)).statusCode).toBe(403);
    expect((await search(gate, buyer.email, otherOrder.event._id)).statusCode).toBe(403);
    expect((await authed(t, 'GET', `/api/checkin/${eventId}/search`, organiser.token)).statusCode).toBe(400);
    expect((await search(organiser.token, 'x'.repeat(101))).statusCode).toBe(400);
  });

  it('puts look-up hashes in the offline list (no codes, no references), and admits a reference on sync', async () => {
    const res = await authed(t, 'GET', `/api/checkin/${eventId}/list`, organiser.token);
    const list = offlineListResponse.parse(res.json());
    for (const x of order.tickets) expect(res.body).not.toContain(x.code);
    for (const x of order.tickets) expect(res.body).not.toContain(x.reference);
    expect(list.tickets.find((x) => x.id === ticketIdOf(order.tickets[2]!.code))?.lookup).toHaveLength(4);
    const nonce = crypto.randomUUID();
    const synced = await authed(t, 'POST', `/api/checkin/${eventId}/sync`, organiser.token, {
      deviceId: crypto.randomUUID(),
      scans: [{ nonce, code: order.tickets[2]!.reference, scannedAt: new Date().toISOString() }],
    });
    expect(synced.statusCode, synced.body).toBe(200);
    expect(syncResponse.parse(synced.json()).results).toMatchObject([{ nonce, result: 'checked_in' }]);
    expect(synced.body).not.toContain(order.tickets[2]!.code);
  });
});
