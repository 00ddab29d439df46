import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { offlineListResponse, scanResponse } from '../../contract/checkin';
import { orderResponse } from '../../contract/orders';
import { guestlistResponse, salesResponse } from '../../contract/organiser';
import { salesChartsResponse } from '../../contract/organiserCharts';
import { refundResponse } from '../../contract/refunds';
import { eventTicketsResponse, ticketSavedResponse } from '../../contract/tickets';
import { issuedTickets, ticketTypes } from '../../server/db/schema';
import { authed } from '../helpers/accounts';
import { buyTickets } from '../helpers/checkin';
import { buyerOf, eventWithTypes, type Person, people, person } from '../helpers/checkout';
import { testDatabases } from '../helpers/databases';
import { freeTicket } from '../helpers/organiser';
import { buildTestApp, type TestApp } from '../helpers/testApp';

/** Tables for N (issue #33, decision 067): one unit is a numbered table of N tickets. */
describe.each(testDatabases)('tables on $name', (database) => {
  let t: TestApp;
  let organiser: Person;
  let eventId: string;
  let goldId: string;
  let oneCodeId: string;

  beforeAll(async () => {
    t = await buildTestApp(database);
    organiser = await person(t.deps.db, 'organiser');
    const made = await eventWithTypes(t.deps.db, organiser.id, [
      { name: 'Gold', priceKobo: 50_000_000, capacity: 10 },
      { name: 'Platinum', priceKobo: 80_000_000, capacity: 3 },
      { name: 'Regular', priceKobo: 500_000, capacity: 100 },
    ]);
    eventId = made.event.id;
    goldId = made.types[0]!.id;
    oneCodeId = made.types[1]!.id;
    await t.deps.db.update(ticketTypes).set({ tableSize: 10 }).where(eq(ticketTypes.id, goldId));
    await t.deps.db
      .update(ticketTypes)
      .set({ tableSize: 4, tableOneCode: true })
      .where(eq(ticketTypes.id, oneCodeId));
  }, 120_000);
  afterAll(async () => t?.close());

  const scan = async (code: string) =>
    scanResponse.parse(
      (await authed(t, 'POST', `/api/checkin/${eventId}`, organiser.token, { code })).json(),
    );
  const soldOf = async (id: string) =>
    (await t.deps.db.select({ sold: ticketTypes.sold }).from(ticketTypes).where(eq(ticketTypes.id, id)))[0]!
      .sold;
  const liveTickets = (orderId: string) =>
    t.deps.db
      .select()
      .from(issuedTickets)
      .where(and(eq(issuedTickets.orderId, orderId), isNull(issuedTickets.revokedAt)));

  it('the organiser makes a table type (2–50 guests); the public list says it is a table', async () => {
    const made = await authed(t, 'POST', '/api/tickets/create', organiser.token, {
      ...freeTicket(eventId, { ticketName: 'Guest table' }),
      tableSize: 8,
      tableOneCode: true,
    });
    expect(made.statusCode, made.body).toBe(201);
    const saved = ticketSavedResponse.parse(made.json()).ticket;
    expect(saved).toMatchObject({ tableSize: 8, tableOneCode: true });
    for (const tableSize of [1, 51, 2.5]) {
      const bad = await authed(t, 'POST', '/api/tickets/create', organiser.token, {
        ...freeTicket(eventId),
        tableSize,
      });
      expect(bad.statusCode).toBe(400);
    }
    const list = eventTicketsResponse.parse(
      (await t.app.inject({ method: 'GET', url: `/api/tickets/event/${eventId}` })).json(),
    ).tickets;
    expect(list.find((x) => x._id === goldId)).toMatchObject({ tableSize: 10, tableOneCode: false });
    expect(list.find((x) => x.ticketName === 'Regular')?.tableSize).toBeUndefined();
  });

  it('buying tables gives N tickets per table, numbered in order; the price is per table', {
    timeout: 120_000,
  }, async () => {
    const [ada, bola] = await people(t.deps.db, 2);
    const first = await buyTickets(t, ada!, eventId, { [goldId]: 2 });
    expect(first.total).toBeGreaterThanOrEqual(1_000_000);
    expect(first.tickets).toHaveLength(20);
    expect(first.tickets.map((x) => x.table?.number)).toEqual([...Array(10).fill(1), ...Array(10).fill(2)]);
    expect(first.tickets.slice(0, 10).map((x) => x.table?.seat)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(new Set(first.tickets.map((x) => x.code)).size).toBe(20);
    expect(first.tickets[3]?.attendeeName).toBe(`Guest 4 of ${ada!.firstName} ${ada!.lastName}`);
    const second = await buyTickets(t, bola!, eventId, { [goldId]: 1 });
    expect(second.tickets.map((x) => x.table?.number)).toEqual(Array(10).fill(3));
    // Capacity and sold count tables.
    expect(await soldOf(goldId)).toBe(3);
  });

  it('the door says "Gold 3 — 4 of 10 in" for any guest of a table; the offline list groups the table', async () => {
    const buyer = await person(t.deps.db);
    const order = await buyTickets(t, buyer, eventId, { [goldId]: 1 });
    const number = order.tickets[0]!.table!.number;
    for (const [i, ticket] of order.tickets.slice(0, 4).entries()) {
      const answer = await scan(ticket.code);
      expect(answer.result).toBe('checked_in');
      expect(answer.ticket?.table).toEqual({ number, size: 10, admitted: i + 1 });
    }
    const again = await scan(order.tickets[2]!.code);
    expect(again.result).toBe('already_checked_in');
    expect(again.ticket?.table?.admitted).toBe(4);
    const list = offlineListResponse.parse(
      (await authed(t, 'GET', `/api/checkin/${eventId}/list`, organiser.token)).json(),
    );
    const guests = list.tickets.filter((x) => x.ticketTypeId === goldId && x.table?.number === number);
    expect(guests).toHaveLength(10);
    expect(guests.filter((x) => x.checkedInAt)).toHaveLength(4);
    expect(guests.every((x) => x.table?.size === 10 && x.table.oneCode === false)).toBe(true);
  });

  it('two buyers of the last table at once: one gets it', async () => {
    const last = await eventWithTypes(t.deps.db, organiser.id, [{ name: 'Gold', capacity: 1 }]);
    const typeId = last.types[0]!.id;
    await t.deps.db.update(ticketTypes).set({ tableSize: 10 }).where(eq(ticketTypes.id, typeId));
    const buyers = await people(t.deps.db, 2);
    const answers = await Promise.all(
      buyers.map((b) =>
        authed(t, 'POST', '/api/orders', b.token, {
          eventId: last.event.id,
          items: { [typeId]: 1 },
          buyer: buyerOf(b),
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    expect(await soldOf(typeId)).toBe(1);
  });

  it('one code per table admits N times, then refuses; offline uploads of it take the next guests', async () => {
    const buyer = await person(t.deps.db);
    const order = await buyTickets(t, buyer, eventId, { [oneCodeId]: 1 });
    expect(order.tickets).toHaveLength(4);
    expect(order.tickets.every((x) => x.table?.oneCode)).toBe(true);
    const code = order.tickets[0]!.code;
    for (const n of [1, 2]) {
      const answer = await scan(code);
      expect(answer.result).toBe('checked_in');
      expect(answer.ticket?.table?.admitted).toBe(n);
    }
    // Two offline admissions of the same code uploaded (one of them twice): two more guests, no more.
    const nonces = [crypto.randomUUID(), crypto.randomUUID()];
    const sync = (scans: string[]) =>
      authed(t, 'POST', `/api/checkin/${eventId}/sync`, organiser.token, {
        deviceId: crypto.randomUUID(),
        scans: scans.map((nonce) => ({ nonce, code, scannedAt: new Date().toISOString() })),
      });
    const synced = await sync(nonces);
    expect(synced.statusCode, synced.body).toBe(200);
    expect(synced.json().results.map((r: { result: string }) => r.result)).toEqual([
      'checked_in',
      'checked_in',
    ]);
    const replay = await sync([nonces[1]!]);
    expect(replay.json().results[0].result).toBe('checked_in');
    const full = await scan(code);
    expect(full.result).toBe('already_checked_in');
    expect(full.message).toBe(`All 4 of Platinum ${order.tickets[0]!.table!.number} are already in.`);
    expect(full.ticket?.table?.admitted).toBe(4);
    const rows = await liveTickets(order._id);
    expect(rows.filter((r) => r.checkedInAt)).toHaveLength(4);
  });

  it('a refund of one guest refunds the whole table: N tickets revoked, one table back on sale, its price', async () => {
    const buyer = await person(t.deps.db);
    const order = await buyTickets(t, buyer, eventId, { [goldId]: 2 });
    const soldBefore = await soldOf(goldId);
    const guest = order.tickets.find(
      (x) => x.table?.number === order.tickets[15]!.table!.number && x.table.seat === 5,
    )!;
    const res = await authed(t, 'POST', `/api/orders/${order._id}/refunds`, organiser.token, {
      tickets: [guest.code],
      reason: 'Party of ten became five',
      requestKey: `table-${Date.now()}`,
    });
    expect(res.statusCode, res.body).toBe(201);
    const refund = refundResponse.parse(res.json()).refund;
    expect(refund.ticketIds).toHaveLength(10);
    expect(refund.amountNaira).toBe(500_000);
    expect(await soldOf(goldId)).toBe(soldBefore - 1);
    expect(await liveTickets(order._id)).toHaveLength(10);
    expect((await scan(guest.code)).result).toBe('cancelled');
    // Numbers are never reused: the next table takes a new one.
    const later = await buyTickets(t, await person(t.deps.db), eventId, { [goldId]: 1 });
    expect(later.tickets[0]!.table!.number).toBeGreaterThan(order.tickets[19]!.table!.number);
  });

  it('a table guest can be passed on: the table keeps its number and count', async () => {
    const [holder, friend] = await people(t.deps.db, 2);
    const order = await buyTickets(t, holder!, eventId, { [goldId]: 1 });
    const guest = order.tickets[6]!;
    const res = await authed(t, 'POST', `/api/tickets/code/${guest.code}/transfer`, holder!.token, {
      firstName: friend!.firstName,
      lastName: friend!.lastName,
      email: friend!.email,
    });
    expect(res.statusCode, res.body).toBeLessThan(300);
    const read = orderResponse.parse(
      (await authed(t, 'GET', `/api/orders/${order._id}`, holder!.token)).json(),
    );
    const live = read.order.tickets.filter((x) => !x.revoked);
    expect(live).toHaveLength(10);
    const moved = live.find((x) => x.table?.seat === 6)!;
    expect(moved.attendeeName).toBe(`${friend!.firstName} ${friend!.lastName}`);
    expect(moved.table?.number).toBe(guest.table?.number);
    expect((await scan(moved.code)).ticket?.table).toMatchObject({ size: 10, admitted: 1 });
  });

  it('N and how a table enters cannot change once tables are sold', async () => {
    const body = {
      ticketName: 'Gold',
      ticketType: 'paid',
      ticketStock: 'limited',
      availableTickets: 10,
      purchaseLimit: 10,
      benefits: 'Entry',
      ticketPrice: 500_000,
    };
    for (const change of [{ tableSize: 8 }, { tableSize: null }, { tableOneCode: true }]) {
      const res = await authed(t, 'PUT', `/api/tickets/${goldId}`, organiser.token, { ...body, ...change });
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().message).toMatch(/guests per table and how they enter cannot change/);
    }
    const [row] = await t.deps.db.select().from(ticketTypes).where(eq(ticketTypes.id, goldId));
    expect(row).toMatchObject({ tableSize: 10, tableOneCode: false });
  });

  it('Sales, the guest list and the charts count tables, and seats = tables × N', async () => {
    const sales = salesResponse.parse(
      (await authed(t, 'GET', `/api/events/${eventId}/sales`, organiser.token)).json(),
    );
    const gold = sales.rows.find((r) => r.ticketId === goldId)!;
    const goldSold = await soldOf(goldId);
    expect(gold).toMatchObject({ sold: goldSold, tableSize: 10 });
    const platinum = sales.rows.find((r) => r.ticketId === oneCodeId)!;
    expect(sales.totals.seats).toBe(gold.sold * 10 + platinum.sold * 4);
    const guests = guestlistResponse.parse(
      (await authed(t, 'GET', `/api/events/${eventId}/guestlist`, organiser.token)).json(),
    );
    const goldLines = guests.rows.filter((r) => r.ticketName === 'Gold');
    expect(goldLines.every((r) => r.tableSize === 10)).toBe(true);
    expect(goldLines.reduce((n, r) => n + r.quantity, 0)).toBe(gold.sold);
    expect(goldLines.reduce((n, r) => n + r.tickets.length, 0)).toBe(gold.sold * 10);
    const charts = salesChartsResponse.parse(
      (await authed(t, 'GET', `/api/events/${eventId}/sales/charts`, organiser.token)).json(),
    );
    const charted = charts.daily.flatMap((b) => b.perType).filter((p) => p.ticketId === goldId);
    expect(charted.reduce((n, p) => n + p.sold, 0)).toBe(gold.sold);
  });
});
