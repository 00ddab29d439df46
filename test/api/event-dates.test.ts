import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { offlineListResponse, scanResponse, syncResponse } from '../../contract/checkin';
import {
  DATE_MESSAGES,
  eventDatesResponse,
  MAX_EVENT_DATES,
  type OrganiserDatesResponse,
  organiserDatesResponse,
  shortDateLabel,
} from '../../contract/eventDates';
import { eventTicketsResponse } from '../../contract/tickets';
import { events, ticketTypes } from '../../server/db/schema';
import { authed } from '../helpers/accounts';
import { buyTickets } from '../helpers/checkin';
import { buyerOf, eventWithTypes, type Person, people } from '../helpers/checkout';
import { testDatabases } from '../helpers/databases';
import { dayFromNow } from '../helpers/organiser';
import { joinTeam } from '../helpers/team';
import { buildTestApp, type TestApp } from '../helpers/testApp';

/**
 * An event with several dates (decision 046): the organiser adds them (one, or weekly), removes one
 * without sales, copies the ticket types onto every date; each date sells from its own stock; the
 * door admits a ticket only on its date, online, on upload and in the offline list.
 */
describe.each(testDatabases)('event dates on $name', (database) => {
  let t: TestApp;
  let owner: Person;
  let co: Person;
  let finance: Person;
  let stranger: Person;
  let buyers: Person[];

  beforeAll(async () => {
    t = await buildTestApp(database);
    const all = await people(t.deps.db, 14, 'dates');
    [owner, co, finance, stranger] = all as [Person, Person, Person, Person];
    buyers = all.slice(4);
  }, 180_000);
  afterAll(async () => t?.close());

  /** A published event on night 1 (`day` days ahead) with one free type of `capacity` seats. */
  async function threeNights(capacity = 5, day = 40) {
    const { event } = await eventWithTypes(
      t.deps.db,
      owner.id,
      [{ name: 'Regular', priceKobo: 0, capacity }],
      {
        startDate: dayFromNow(day),
        endDate: dayFromNow(day),
        startTime: '20:00',
        endTime: '23:30',
      },
    );
    const add = (date: string, label: string) =>
      authed(t, 'POST', `/api/events/${event.id}/dates`, owner.token, {
        date,
        startTime: '20:00',
        endTime: '23:30',
        label,
      });
    expect((await add(dayFromNow(day + 1), 'Night 2')).statusCode).toBe(201);
    expect((await add(dayFromNow(day + 2), 'Night 3')).statusCode).toBe(201);
    const copied = await authed(t, 'POST', `/api/events/${event.id}/dates/copy-tickets`, owner.token);
    expect(copied.statusCode, copied.body).toBe(200);
    const list = organiserDatesResponse.parse(copied.json());
    return { eventId: event.id, list, typeOf: (i: number) => list.dates[i]!.ticketTypes[0]!._id };
  }

  it('adding dates keeps the event’s own date first, moves its types onto it and copies them to every date', async () => {
    const { eventId, list } = await threeNights(5, 40);
    expect(list.dates.map((d) => d.date)).toEqual([dayFromNow(40), dayFromNow(41), dayFromNow(42)]);
    expect(list.dates.map((d) => d.label)).toEqual(['', 'Night 2', 'Night 3']);
    expect(
      list.dates.every((d) => d.ticketTypes.length === 1 && d.ticketTypes[0]!.ticketName === 'Regular'),
    ).toBe(true);
    expect(list.undatedTypes).toBe(0);
    // The event's span follows its dates (listing, sorting and search read it).
    const [row] = await t.deps.db.select().from(events).where(eq(events.id, eventId));
    expect([row!.startDate, row!.endDate]).toEqual([dayFromNow(40), dayFromNow(42)]);
    // Each copy has its own stock and its sales close when its date ends.
    const types = await t.deps.db.select().from(ticketTypes).where(eq(ticketTypes.eventId, eventId));
    expect(types.map((x) => x.capacity)).toEqual([5, 5, 5]);
    expect(types.every((x) => x.salesUntil !== null)).toBe(true);
    // Copying again adds nothing.
    const again = await authed(t, 'POST', `/api/events/${eventId}/dates/copy-tickets`, owner.token);
    expect(organiserDatesResponse.parse(again.json()).message).toBe(
      'Every date already has every ticket type.',
    );
    // Listing cards read the next date and how many follow (a single-date event has neither).
    const card = (await t.app.inject({ url: `/api/events/${eventId}` })).json();
    expect([card.nextDate, card.moreDates]).toEqual([dayFromNow(40), 2]);
    // The public read names the dates, and each type its date.
    const pub = eventDatesResponse.parse(
      (await t.app.inject({ url: `/api/events/${eventId}/dates` })).json(),
    );
    expect(pub.dates).toHaveLength(3);
    const tickets = eventTicketsResponse.parse(
      (await t.app.inject({ url: `/api/tickets/event/${eventId}` })).json(),
    );
    expect(new Set(tickets.tickets.map((x) => x.eventDateId))).toEqual(new Set(pub.dates.map((d) => d._id)));
  });

  it('repeats a date weekly, and refuses duplicates, the past, too many dates and bad input with 4xx', async () => {
    const { event } = await eventWithTypes(t.deps.db, owner.id, [{ name: 'Regular', priceKobo: 0 }], {
      startDate: dayFromNow(10),
      endDate: dayFromNow(10),
      startTime: '18:00',
      endTime: '21:00',
    });
    const url = `/api/events/${event.id}/dates`;
    expect((await t.app.inject({ url: `/api/events/${event.id}` })).json().nextDate).toBeUndefined();
    const weekly = await authed(t, 'POST', url, owner.token, {
      date: dayFromNow(17),
      startTime: '18:00',
      endTime: '21:00',
      repeatWeeks: 4,
    });
    expect(weekly.statusCode, weekly.body).toBe(201);
    const dates = (weekly.json() as OrganiserDatesResponse).dates.map((d) => d.date);
    expect(dates).toEqual([10, 17, 24, 31, 38].map(dayFromNow));

    const refused = async (body: object, status: number, message?: string) => {
      const before = (await authed(t, 'GET', `${url}/manage`, owner.token)).json() as OrganiserDatesResponse;
      const res = await authed(t, 'POST', url, owner.token, body);
      expect(res.statusCode, res.body).toBe(status);
      if (message) expect(res.json().message).toBe(message);
      const after = (await authed(t, 'GET', `${url}/manage`, owner.token)).json() as OrganiserDatesResponse;
      expect(after.dates).toHaveLength(before.dates.length);
    };
    const ok = { startTime: '18:00', endTime: '21:00' };
    await refused({ ...ok, date: dayFromNow(24) }, 409, DATE_MESSAGES.duplicate);
    await refused({ ...ok, date: dayFromNow(-2) }, 400, DATE_MESSAGES.past);
    await refused(
      { ...ok, date: dayFromNow(50), repeatWeeks: MAX_EVENT_DATES },
      400,
      'Weeks can be at most 52',
    );
    await refused({ ...ok, date: '2031-02-30' }, 400);
    await refused({ ...ok, date: dayFromNow(60), startTime: '25:00' }, 400);
    await refused({ ...ok, date: dayFromNow(60), repeatWeeks: 0 }, 400, 'Weeks must be at least 1');
    await refused({ ...ok, date: dayFromNow(60), label: ['x'] }, 400, 'Label must be text');
    // 5 dates + 52 weekly = 57; four more would be 61.
    const year = await authed(t, 'POST', url, owner.token, { ...ok, date: dayFromNow(100), repeatWeeks: 52 });
    expect(year.statusCode, year.body).toBe(201);
    await refused({ ...ok, date: dayFromNow(101), repeatWeeks: 4 }, 400, DATE_MESSAGES.tooMany);
    const badId = await authed(t, 'DELETE', `${url}/not-a-date`, owner.token);
    expect(badId.statusCode).toBe(404);
  });

  it('never oversells a date under concurrent buys, and one date’s sales leave another’s stock alone', async () => {
    const { eventId, typeOf } = await threeNights(3, 45);
    const night2 = typeOf(1);
    const answers = await Promise.all(
      buyers
        .slice(0, 8)
        .map((b) =>
          authed(t, 'POST', '/api/orders', b.token, { eventId, items: { [night2]: 1 }, buyer: buyerOf(b) }),
        ),
    );
    const won = answers.filter((a) => a.statusCode === 201);
    expect(won).toHaveLength(3);
    expect(answers.every((a) => a.statusCode === 201 || a.statusCode === 409)).toBe(true);
    const rows = await t.deps.db.select().from(ticketTypes).where(eq(ticketTypes.eventId, eventId));
    const byId = new Map(rows.map((r) => [r.id, r.sold]));
    expect(byId.get(night2)).toBe(3);
    expect(byId.get(typeOf(0))).toBe(0);
    expect(byId.get(typeOf(2))).toBe(0);
  });

  it('admits a ticket only on its date: online, on upload and in the offline list', async () => {
    const { eventId, list, typeOf } = await threeNights(5, 50);
    const [night1, night2] = [list.dates[0]!._id, list.dates[1]!._id];
    const order = await buyTickets(t, buyers[8]!, eventId, { [typeOf(1)]: 2 });
    const [first, second] = [order.tickets[0]!.code, order.tickets[1]!.code];
    // The ticket (its page, PDF and e-mail read the same name) says its date.
    expect(order.tickets[0]!.ticketName).toBe(`Regular · Night 2 · ${shortDateLabel(dayFromNow(51))}`);
    const scan = (code: string, eventDateId?: string) =>
      authed(t, 'POST', `/api/checkin/${eventId}`, owner.token, {
        code,
        ...(eventDateId ? { eventDateId } : {}),
      });

    const wrong = scanResponse.parse((await scan(first, night1)).json());
    expect(wrong.result).toBe('wrong_date');
    expect(wrong.message).toBe(`This ticket is for Night 2 · ${shortDateLabel(dayFromNow(51))}.`);
    expect(wrong.counts.checkedIn).toBe(0);
    const right = scanResponse.parse((await scan(first, night2)).json());
    expect(right.result).toBe('checked_in');
    expect(right.ticket?.dateName).toBe(`Night 2 · ${shortDateLabel(dayFromNow(51))}`);
    // One admission per ticket, as ever.
    expect(scanResponse.parse((await scan(first, night2)).json()).result).toBe('already_checked_in');
    // Counts per type per date.
    const night2Count = right.counts.perType.find((p) => p.ticketTypeId === typeOf(1));
    expect(night2Count).toMatchObject({ checkedIn: 1, total: 2 });
    expect(night2Count?.ticketName).toContain('Night 2');

    // An offline scan made at the night-1 door is refused when it is uploaded.
    const synced = await authed(t, 'POST', `/api/checkin/${eventId}/sync`, owner.token, {
      deviceId: randomUUID(),
      scans: [
        { nonce: randomUUID(), code: second, scannedAt: new Date().toISOString(), eventDateId: night1 },
      ],
    });
    expect(synced.statusCode, synced.body).toBe(200);
    expect(syncResponse.parse(synced.json()).results[0]!.result).toBe('wrong_date');

    // The offline list names each ticket's date, for the device's own verdict.
    const offline = offlineListResponse.parse(
      (await authed(t, 'GET', `/api/checkin/${eventId}/list`, owner.token)).json(),
    );
    expect(offline.tickets.every((x) => x.eventDateId === night2 && x.dateName?.includes('Night 2'))).toBe(
      true,
    );
  });

  it('removes a date without sales (and its types), and refuses one with sales', async () => {
    const { eventId, list, typeOf } = await threeNights(5, 55);
    await buyTickets(t, buyers[9]!, eventId, { [typeOf(0)]: 1 });
    const sold = await authed(t, 'DELETE', `/api/events/${eventId}/dates/${list.dates[0]!._id}`, owner.token);
    expect(sold.statusCode).toBe(409);
    expect(sold.json().message).toBe(DATE_MESSAGES.hasSales);
    const gone = await authed(t, 'DELETE', `/api/events/${eventId}/dates/${list.dates[2]!._id}`, owner.token);
    expect(gone.statusCode, gone.body).toBe(200);
    expect(organiserDatesResponse.parse(gone.json()).dates).toHaveLength(2);
    const types = await t.deps.db.select().from(ticketTypes).where(eq(ticketTypes.eventId, eventId));
    expect(types).toHaveLength(2);
    const [row] = await t.deps.db.select().from(events).where(eq(events.id, eventId));
    expect(row!.endDate).toBe(dayFromNow(56));
  });

  it('lets managers change dates; finance only reads them; strangers neither', async () => {
    const { event } = await eventWithTypes(t.deps.db, owner.id, [{ priceKobo: 0 }], {
      startDate: dayFromNow(70),
      endDate: dayFromNow(70),
    });
    await joinTeam(t, owner.token, event.id, co, 'co_organiser');
    await joinTeam(t, owner.token, event.id, finance, 'finance');
    const body = { date: dayFromNow(71), startTime: '18:00', endTime: '22:00' };
    const url = `/api/events/${event.id}/dates`;
    expect((await authed(t, 'POST', url, co.token, body)).statusCode).toBe(201);
    expect((await authed(t, 'GET', `${url}/manage`, finance.token)).statusCode).toBe(200);
    const financeAdd = await authed(t, 'POST', url, finance.token, { ...body, date: dayFromNow(72) });
    expect(financeAdd.statusCode).toBe(403);
    const strangerAdd = await authed(t, 'POST', url, stranger.token, { ...body, date: dayFromNow(72) });
    expect(strangerAdd.statusCode).toBe(403);
    expect((await authed(t, 'GET', `${url}/manage`, stranger.token)).statusCode).toBe(403);
    expect((await authed(t, 'POST', `${url}/copy-tickets`, finance.token)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url, payload: body })).statusCode).toBe(401);
  });
});
