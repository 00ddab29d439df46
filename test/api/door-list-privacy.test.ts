import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createdLinkResponse,
  guestSearchResponse,
  linkSessionResponse,
  offlineListResponse,
  scanResponse,
} from '../../contract/checkin';
import type { Order } from '../../contract/orders';
import { formatTicketReference } from '../../contract/ticketReference';
import { searchOnDevice } from '../../src/checkin/offline/searchOnDevice';
import { authed } from '../helpers/accounts';
import { buyTickets, ticketIdOf } from '../helpers/checkin';
import { eventWithTypes, type Person, person } from '../helpers/checkout';
import { testDatabases } from '../helpers/databases';
import { buildTestApp, type TestApp } from '../helpers/testApp';

/**
 * A door link hands out no guest's contact data (decision 049). With a check-in link and its PIN, the
 * offline list used to carry every ticket's attendee email, buyer phone, order number and short
 * reference in clear, and a reference read off it admitted at the door like a code. Now the list
 * holds those only as salted hashes: an exact value typed at the door still finds its guest offline,
 * and a reference typed online is checked by the server, limited per link.
 */
describe.each(testDatabases)('The door list without contact data on $name', (database) => {
  let t: TestApp;
  let organiser: Person;
  let buyer: Person;
  let eventId: string;
  let order: Order;
  const LOOKUPS_PER_LINK = 4;

  const openLink = async (label: string) => {
    const created = await authed(t, 'POST', `/api/events/${eventId}/checkin-links`, organiser.token, {
      label,
    });
    expect(created.statusCode, created.body).toBe(201);
    const { token, pin } = createdLinkResponse.parse(created.json());
    const session = await authed(t, 'POST', '/api/checkin/links/session', undefined, { token, pin });
    expect(session.statusCode, session.body).toBe(200);
    return linkSessionResponse.parse(session.json()).sessionToken;
  };

  beforeAll(async () => {
    t = await buildTestApp(database, {
      env: {
        RATE_LIMITS: 'on',
        RATE_LIMIT_LOOKUP: `${LOOKUPS_PER_LINK}/15m`,
        RATE_LIMIT_LOOKUP_IP: '1000/15m',
      },
    });
    organiser = await person(t.deps.db, 'organiser');
    buyer = await person(t.deps.db, 'buyer');
    const made = await eventWithTypes(t.deps.db, organiser.id, [{ name: 'Regular' }]);
    eventId = made.event.id;
    order = await buyTickets(t, buyer, eventId, { [made.types[0]!.id]: 2 });
  }, 180_000);
  afterAll(async () => t?.close());

  it('gives a door link names, types and status, but no email, phone, order number or reference', async () => {
    const gate = await openLink('Gate A');
    const res = await authed(t, 'GET', `/api/checkin/${eventId}/list`, gate);
    expect(res.statusCode, res.body).toBe(200);
    const list = offlineListResponse.parse(res.json());
    expect(list.tickets).toHaveLength(2);
    expect(list.tickets.map((x) => x.attendeeName)).toEqual(order.tickets.map((x) => x.attendeeName));
    expect(list.tickets.every((x) => x.status === 'valid' && x.ticketName === 'Regular')).toBe(true);
    const lower = res.body.toLowerCase();
    expect(lower).not.toContain(buyer.email.toLowerCase());
    expect(res.body).not.toContain('8031234567');
    expect(res.body).not.toContain(order.reference);
    for (const x of order.tickets) {
      expect(res.body).not.toContain(x.reference);
      expect(res.body).not.toContain(x.code);
    }
  });

  it('salts every download anew, and an exact value typed at the door still finds its guest offline', async () => {
    const gate = await openLink('Gate B');
    const first = offlineListResponse.parse(
      (await authed(t, 'GET', `/api/checkin/${eventId}/list`, gate)).json(),
    );
    const again = offlineListResponse.parse(
      (await authed(t, 'GET', `/api/checkin/${eventId}/list`, gate)).json(),
    );
    expect(first.lookupSalt).not.toBe(again.lookupSalt);
    expect(first.tickets[0]!.lookup).not.toEqual(again.tickets[0]!.lookup);
    const found = async (q: string) => (await searchOnDevice(q, first, [])).matches.map((m) => m.id);
    const ticket = order.tickets[1]!;
    expect(await found(formatTicketReference(ticket.reference).toLowerCase())).toEqual([
      ticketIdOf(ticket.code),
    ]);
    expect(await found(` ${buyer.email.toUpperCase()} `)).toHaveLength(2);
    expect(await found('0803 123 4567')).toHaveLength(2);
    expect(await found(order.reference.toLowerCase())).toHaveLength(2);
    expect(await found(ticket.reference.slice(0, 7))).toEqual([]);
  });

  it('checks a typed reference at the server, limited per link; a scanned code is never limited', async () => {
    const gate = await openLink('Gate C');
    const scan = (token: string, code: string) =>
      authed(t, 'POST', `/api/checkin/${eventId}`, token, { code });
    const [first, second] = order.tickets;
    const admitted = await scan(gate, first!.reference);
    expect(admitted.statusCode, admitted.body).toBe(200);
    expect(scanResponse.parse(admitted.json()).result).toBe('checked_in');
    // Guessing: each wrong reference, search and picked id counts against the same link.
    expect((await scan(gate, 'ABCDE-FGHJK')).statusCode).toBe(200);
    expect((await authed(t, 'GET', `/api/checkin/${eventId}/search?q=ada`, gate)).statusCode).toBe(200);
    expect((await scan(gate, crypto.randomUUID())).statusCode).toBe(200);
    const limited = await scan(gate, second!.reference);
    expect(limited.statusCode, limited.body).toBe(429);
    expect(limited.body).not.toContain(second!.reference);
    expect((await authed(t, 'GET', `/api/checkin/${eventId}/search?q=ada`, gate)).statusCode).toBe(429);
    // Nothing was recorded by the refused scan; the QR still scans at the same gate.
    const byCode = await scan(gate, second!.code);
    expect(byCode.statusCode, byCode.body).toBe(200);
    expect(scanResponse.parse(byCode.json()).result).toBe('checked_in');
    // Another link has its own count.
    const other = await openLink('Gate D');
    const search = await authed(
      t,
      'GET',
      `/api/checkin/${eventId}/search?q=${encodeURIComponent(buyer.email)}`,
      other,
    );
    expect(search.statusCode, search.body).toBe(200);
    expect(guestSearchResponse.parse(search.json()).matches).toHaveLength(2);
    expect(search.body).not.toContain(first!.reference);
    expect(search.body).not.toContain(order.reference);
  });
});
