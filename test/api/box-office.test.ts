import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALLOWANCE_SEATS, cashUpResponse } from '../../contract/boxOffice';
import { authed, outbox } from '../helpers/accounts';
import { type Device, linkSession, one, sale, seatsOf, sync, synced } from '../helpers/boxOffice';
import { buyTickets } from '../helpers/checkin';
import { eventWithTypes, type Person, people } from '../helpers/checkout';
import { testDatabases } from '../helpers/databases';
import { joinTeam } from '../helpers/team';
import { buildTestApp, type TestApp } from '../helpers/testApp';

/**
 * The box office at the door (decision 062): devices hold seat allowances, sell within them offline,
 * and upload later in any order; seats sold always equal tickets issued, a re-sent upload issues
 * nothing twice, unused seats go back on sale, and the cash-up sums what was uploaded.
 */
describe.each(testDatabases)('Box office at the door on $name', (database) => {
  let t: TestApp;
  let owner: Person;
  let co: Person;
  let finance: Person;
  let door: Person;
  let buyer: Person;

  beforeAll(async () => {
    t = await buildTestApp(database);
    const made = (await people(t.deps.db, 5, 'box')) as [Person, Person, Person, Person, Person];
    [owner, co, finance, door, buyer] = made;
  }, 120_000);
  afterAll(async () => t?.close());

  /** An event of 30 Regular (₦5,000) and 50 VIP (₦20,000) seats, with the door team. */
  async function doorEvent() {
    const { event, types } = await eventWithTypes(t.deps.db, owner.id, [
      { name: 'Regular', priceKobo: 500_000, capacity: 30 },
      { name: 'VIP', priceKobo: 2_000_000, capacity: 50 },
    ]);
    return { eventId: event.id, regular: types[0]!.id, vip: types[1]!.id };
  }

  for (const order of [
    ['gate', 'owner'],
    ['owner', 'gate'],
  ] as const) {
    it(`two devices sell offline within their allowances and sync ${order.join(' then ')}: no oversell, seats sold = tickets issued`, async () => {
      const { eventId, regular } = await doorEvent();
      const gate: Device = {
        id: randomUUID(),
        token: await linkSession(t, owner.token, eventId, 'Gate A', true),
        name: 'Gate A phone',
      };
      const mine: Device = { id: randomUUID(), token: owner.token, name: 'Owner tablet' };
      // Online, each takes its allowance: the first 20, the second what is left of 30.
      const first = await synced(t, eventId, gate, [], [regular]);
      expect(first.allowances).toMatchObject([
        { ticketTypeId: regular, seats: ALLOWANCE_SEATS, remaining: 20 },
      ]);
      const second = await synced(t, eventId, mine, [], [regular]);
      expect(second.allowances[0]).toMatchObject({ seats: 10, remaining: 10 });
      // Every seat is now held by a door: an online buyer finds none.
      const online = await authed(t, 'POST', '/api/orders', buyer.token, {
        eventId,
        items: { [regular]: 1 },
        buyer: { firstName: 'Ada', lastName: 'Obi', email: buyer.email, phone: '+2348031234567' },
      });
      expect(online.statusCode).toBe(409);

      // Offline: each sells within what it holds (the second also tries one seat too many).
      const gateSales = [sale({ [regular]: 1 }), sale({ [regular]: 2 }), sale({ [regular]: 5 })];
      const mineSales = [sale({ [regular]: 4 }), sale({ [regular]: 6 })];
      const tooMany = sale({ [regular]: 1 });
      const uploads = {
        gate: () => synced(t, eventId, gate, gateSales),
        owner: () => synced(t, eventId, mine, [...mineSales, tooMany]),
      };
      const answers = { [order[0]]: await uploads[order[0]](), [order[1]]: await uploads[order[1]]() };
      expect(answers.gate!.results.map((r) => r.result)).toEqual(['recorded', 'recorded', 'recorded']);
      expect(answers.owner!.results.map((r) => r.result)).toEqual(['recorded', 'recorded', 'no_seats']);

      // Each device's allowance is topped up again from what is left: 30 − 18 sold = 12 seats, all held.
      const seats = await seatsOf(t, regular);
      expect(seats.issued).toBe(18);
      expect(seats.sold).toBe(seats.issued + seats.held);
      expect(seats.sold).toBeLessThanOrEqual(30);

      // The same upload again (an answer lost on the way): recognised, nothing issued twice.
      const again = await synced(t, eventId, gate, gateSales);
      expect(again.results.map((r) => r.result)).toEqual(['duplicate', 'duplicate', 'duplicate']);
      expect((await seatsOf(t, regular)).issued).toBe(18);

      // Closing both tills: every unused seat is back on sale.
      for (const d of [gate, mine]) {
        const closed = await authed(t, 'POST', `/api/checkin/${eventId}/box-office/release`, d.token, {
          deviceId: d.id,
        });
        expect(closed.statusCode, closed.body).toBe(200);
      }
      expect(await seatsOf(t, regular)).toEqual({ sold: 18, issued: 18, held: 0 });
      // Every door ticket is checked in already: the guest was admitted when they paid.
      const admitted = await one<{ n: number }>(
        t,
        sql`select count(*)::int as n from ticket_checkins tc join issued_tickets it on it.id = tc.ticket_id
            where it.ticket_type_id = ${regular}`,
      );
      expect(Number(admitted.n)).toBe(18);
    }, 120_000);
  }

  it('an allowance left past its life goes back on sale; a late upload then takes seats from stock', async () => {
    const { eventId, regular } = await doorEvent();
    const device: Device = { id: randomUUID(), token: owner.token, name: 'Till 1' };
    await synced(t, eventId, device, [], [regular]);
    expect((await seatsOf(t, regular)).sold).toBe(20);
    await t.deps.db.execute(
      sql`update door_allowances set expires_at = now() - interval '1 minute' where device_id = ${device.id}`,
    );
    const read = await authed(t, 'GET', `/api/events/${eventId}/cash-up`, owner.token);
    expect(cashUpResponse.parse(read.json()).heldSeats).toBe(0);
    expect(await seatsOf(t, regular)).toEqual({ sold: 0, issued: 0, held: 0 });
    // A sale made before it expired and uploaded after: seats are taken from stock if any are left.
    const late = await synced(t, eventId, device, [sale({ [regular]: 2 })], []);
    expect(late.results[0]!.result).toBe('recorded');
    expect(await seatsOf(t, regular)).toEqual({ sold: 2, issued: 2, held: 0 });
  });

  it('the cash-up sums per device, per staff member and per payment method, on screen and as CSV', async () => {
    const { eventId, regular, vip } = await doorEvent();
    await joinTeam(t, owner.token, eventId, door, 'door');
    await joinTeam(t, owner.token, eventId, finance, 'finance');
    const a: Device = { id: randomUUID(), token: door.token, name: 'Door phone' };
    const b: Device = {
      id: randomUUID(),
      token: await linkSession(t, owner.token, eventId, 'Gate B', true),
      name: 'Gate B phone',
    };
    await synced(t, eventId, a, [], [regular, vip]);
    await synced(t, eventId, b, [], [regular]);
    await synced(t, eventId, a, [
      sale({ [regular]: 2 }), // cash ₦10,000
      sale({ [vip]: 1 }, { method: 'transfer', paymentNote: 'EMEKA NWOSU' }), // ₦20,000
      sale({ [regular]: 1, [vip]: 1 }, { method: 'pos', paymentNote: 'POS 00412' }), // ₦25,000
    ]);
    await synced(t, eventId, b, [sale({ [regular]: 3 }, { method: 'pos', paymentNote: 'POS 00413' })]); // ₦15,000

    const read = await authed(t, 'GET', `/api/events/${eventId}/cash-up`, finance.token);
    expect(read.statusCode, read.body).toBe(200);
    const c = cashUpResponse.parse(read.json());
    const byName = (list: typeof c.byDevice, name: string) => list.find((g) => g.name === name)!;
    const method = (g: (typeof c.byDevice)[number], m: string) => g.methods.find((x) => x.method === m)!;
    expect(byName(c.byDevice, 'Door phone')).toMatchObject({ sales: 3, tickets: 5, amount: 55_000 });
    expect(method(byName(c.byDevice, 'Door phone'), 'cash')).toEqual({
      method: 'cash',
      sales: 1,
      tickets: 2,
      amount: 10_000,
    });
    expect(method(byName(c.byDevice, 'Door phone'), 'pos')).toEqual({
      method: 'pos',
      sales: 1,
      tickets: 2,
      amount: 25_000,
    });
    expect(byName(c.byDevice, 'Gate B phone')).toMatchObject({
      gate: 'Gate B',
      sales: 1,
      tickets: 3,
      amount: 15_000,
    });
    expect(byName(c.byStaff, `${door.firstName} ${door.lastName}`)).toMatchObject({
      sales: 3,
      amount: 55_000,
    });
    expect(byName(c.byStaff, 'Gate B')).toMatchObject({ sales: 1, amount: 15_000 });
    expect(c.totals).toMatchObject({ sales: 4, tickets: 8, amount: 70_000 });
    expect(c.totals.methods.map((m) => m.amount)).toEqual([10_000, 20_000, 40_000]);
    // The parts add up to the whole, both ways.
    const sum = (list: typeof c.byDevice) => list.reduce((n, g) => n + g.amount, 0);
    expect(sum(c.byDevice)).toBe(c.totals.amount);
    expect(sum(c.byStaff)).toBe(c.totals.amount);

    const csv = await authed(t, 'GET', `/api/events/${eventId}/cash-up.csv`, owner.token);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Group,Name,Gate,Payment method,Sales,Tickets,Amount (NGN)');
    expect(lines).toContain('Device,Door phone,,POS,1,2,25000.00');
    expect(lines).toContain('Staff,Gate B,Gate B,POS,1,3,15000.00');
    expect(lines).toContain('Total,All door sales,,POS,2,5,40000.00');
  }, 60_000);

  it('mails the tickets where an email was given and returns WhatsApp links where a phone was', async () => {
    const { eventId, vip } = await doorEvent();
    const device: Device = { id: randomUUID(), token: owner.token, name: 'Till 2' };
    await synced(t, eventId, device, [], [vip]);
    const emailed = sale({ [vip]: 1 }, { guestName: 'Funke Akindele', email: 'funke.door@example.ng' });
    const texted = sale({ [vip]: 2 }, { guestName: 'Tunde Ednut', phone: '08031234567' });
    const done = await synced(t, eventId, device, [emailed, texted]);
    expect(done.results[0]).toMatchObject({ result: 'recorded', emailed: true, tickets: [] });
    expect(done.results[1]).toMatchObject({ result: 'recorded', emailed: false });
    expect(done.results[1]!.tickets).toHaveLength(2);
    expect(done.results[1]!.tickets[0]!.attendeeName).toBe('Tunde Ednut');
    const mail = (await outbox(t)).find((m) => m.to === 'funke.door@example.ng');
    expect(mail?.subject).toContain('Your ticket for');
    // The phone was a local number: stored with its country code.
    const phone = await one<{ buyer_phone: string }>(
      t,
      sql`select buyer_phone from orders where buyer_first_name = 'Tunde'`,
    );
    expect(phone.buyer_phone).toBe('+2348031234567');
  });

  it('refuses bad sales with a clear 400 and nothing recorded', async () => {
    const { eventId, regular } = await doorEvent();
    const device: Device = { id: randomUUID(), token: owner.token, name: 'Till 3' };
    const noNote = await sync(t, eventId, device, [sale({ [regular]: 1 }, { method: 'transfer' })]);
    expect(noNote.statusCode).toBe(400);
    expect(noNote.json().message).toContain("transfer's sender name");
    const noName = await sync(t, eventId, device, [
      { ...sale({ [regular]: 1 }), guestName: 42 as unknown as string },
    ]);
    expect(noName.statusCode).toBe(400);
    expect(noName.json().message).toContain("Guest's name must be text");
    const zero = await sync(t, eventId, device, [sale({ [regular]: 0 })]);
    expect(zero.statusCode).toBe(400);
    expect((await seatsOf(t, regular)).issued).toBe(0);
  });

  it('roles: door and owner sell, finance and owner see the cash-up, a link sells only if the owner allowed it', async () => {
    const { eventId, regular } = await doorEvent();
    await joinTeam(t, owner.token, eventId, co, 'co_organiser');
    await joinTeam(t, owner.token, eventId, finance, 'finance');
    await joinTeam(t, owner.token, eventId, door, 'door');
    const as = (token: string): Device => ({ id: randomUUID(), token, name: 'Phone' });
    expect((await sync(t, eventId, as(door.token), [], [regular])).statusCode).toBe(200);
    expect((await sync(t, eventId, as(owner.token), [], [regular])).statusCode).toBe(200);
    const byFinance = await sync(t, eventId, as(finance.token), [], [regular]);
    expect(byFinance.statusCode).toBe(403);
    const plainLink = await linkSession(t, owner.token, eventId, 'Scan only', false);
    const refused = await sync(t, eventId, as(plainLink), [sale({ [regular]: 1 })]);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('The organiser has not allowed this check-in link to sell tickets.');
    // Only the owner lets a link sell.
    const byCo = await authed(t, 'POST', `/api/events/${eventId}/checkin-links`, co.token, {
      label: 'Till',
      canSell: true,
    });
    expect(byCo.statusCode).toBe(403);
    expect(byCo.json().message).toBe("Only the event's owner can let a check-in link sell tickets.");
    for (const who of [door, co]) {
      const res = await authed(t, 'GET', `/api/events/${eventId}/cash-up`, who.token);
      expect(res.statusCode).toBe(403);
    }
    const [stranger] = await people(t.deps.db, 1, 'boxstranger');
    expect((await authed(t, 'GET', `/api/events/${eventId}/cash-up.csv`, stranger!.token)).statusCode).toBe(
      403,
    );
    expect((await sync(t, eventId, as(stranger!.token), [], [regular])).statusCode).toBe(403);
    expect((await authed(t, 'GET', `/api/events/${eventId}/cash-up`, finance.token)).statusCode).toBe(200);
  }, 60_000);

  it('door sales are labelled in the guest list and in Sales', async () => {
    const { eventId, regular } = await doorEvent();
    await buyTickets(t, buyer, eventId, { [regular]: 1 });
    const device: Device = { id: randomUUID(), token: owner.token, name: 'Till 4' };
    await synced(t, eventId, device, [], [regular]);
    await synced(t, eventId, device, [sale({ [regular]: 2 }, { guestName: 'Bola Door' })]);
    const list = await authed(t, 'GET', `/api/events/${eventId}/guestlist`, owner.token);
    const rows = list.json().rows as { purchasedBy: string; doorSale?: boolean; checkedIn: number }[];
    expect(rows.find((r) => r.purchasedBy === 'Bola Door')).toMatchObject({ doorSale: true, checkedIn: 2 });
    const online = rows.find((r) => r.purchasedBy !== 'Bola Door');
    expect(online).toBeDefined();
    expect(online?.doorSale).toBeUndefined();
    const sales = await authed(t, 'GET', `/api/events/${eventId}/sales`, owner.token);
    expect(sales.json().totals).toMatchObject({ sold: 3, doorSold: 2, doorRevenue: 10_000 });
    // The charts count them too, and say which were sold at the door.
    const charts = await authed(t, 'GET', `/api/events/${eventId}/sales/charts`, owner.token);
    const perType = (charts.json().daily as { perType: { sold: number; doorSold?: number }[] }[]).flatMap(
      (b) => b.perType,
    );
    expect(perType.reduce((n, p) => n + p.sold, 0)).toBe(3);
    expect(perType.reduce((n, p) => n + (p.doorSold ?? 0), 0)).toBe(2);
  });
});
