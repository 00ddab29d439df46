import { count, countDistinct } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { healthResponse } from '../../contract/common';
import { eventList, event as eventSchema } from '../../contract/events';
import { eventTicketsResponse, ticketList } from '../../contract/tickets';
import { issuedTickets } from '../../server/db/schema';
import { SAMPLE_EVENTS } from '../../server/seed/sample-events';
import { testDatabases } from '../helpers/databases';
import { buildTestApp, type TestApp } from '../helpers/testApp';

const UNKNOWN_ID = '7d0c5f0e-2b1a-4c55-9f51-3f6b8d8e9a10';

describe.each(testDatabases)('read API on $name', (database) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(database, { seed: true });
  });
  afterAll(async () => t?.close());

  const get = (url: string) => t.app.inject({ method: 'GET', url });

  it('GET /api/health answers ok with the database kind', async () => {
    const res = await get('/api/health');
    expect(res.statusCode).toBe(200);
    expect(healthResponse.parse(res.json()).database).toBe(database.kind);
  });

  it('GET /api/events lists the six published sample events, soonest first', async () => {
    const res = await get('/api/events');
    expect(res.statusCode).toBe(200);
    const events = eventList.parse(res.json());
    expect(events.map((e) => e.eventName).sort()).toEqual(SAMPLE_EVENTS.map((e) => e.eventName).sort());
    const starts = events.map((e) => `${e.startDate} ${e.startTime}`);
    expect(starts).toEqual([...starts].sort());
    // Lowest and highest price per event, in Naira, from kobo in the database.
    const byName = Object.fromEntries(events.map((e) => [e.eventName, e.priceFrom]));
    expect(byName['Afrobeats Under the Stars']).toBe(10_000);
    expect(byName['Nollywood Classics Movie Night']).toBe(3_500);
    expect(byName['Abuja Tech Meetup: Building for the Naira Economy']).toBe(0);
    const highest = Object.fromEntries(events.map((e) => [e.eventName, e.priceTo]));
    expect(highest['Afrobeats Under the Stars']).toBe(25_000);
    expect(highest['Nollywood Classics Movie Night']).toBe(3_500);
    expect(highest['Abuja Tech Meetup: Building for the Naira Economy']).toBe(0);
  });

  it('the sample paid orders carry one signed ticket per seat sold', async () => {
    const seats = SAMPLE_EVENTS.flatMap((e) => e.tickets).reduce((n, t) => n + t.recentlySold, 0);
    const [row] = await t.deps.db
      .select({ tickets: count(), codes: countDistinct(issuedTickets.code) })
      .from(issuedTickets);
    expect(seats).toBeGreaterThan(0);
    expect(row).toEqual({ tickets: seats, codes: seats });
  });

  it('GET /api/events/:eventId returns the event; unknown and malformed ids are 404 with a message', async () => {
    const [first] = eventList.parse((await get('/api/events')).json());
    const ok = await get(`/api/events/${first!._id}`);
    expect(ok.statusCode).toBe(200);
    expect(eventSchema.parse(ok.json())._id).toBe(first!._id);

    for (const id of [UNKNOWN_ID, 'not-a-uuid', '1', "1'%20or%201=1"]) {
      const res = await get(`/api/events/${id}`);
      expect(res.statusCode, id).toBe(404);
      expect(res.json()).toEqual({ message: 'Event not found' });
    }
  });

  it('GET /api/events/user/:userId lists an organiser’s published events', async () => {
    const [first] = eventList.parse((await get('/api/events')).json());
    const res = await get(`/api/events/user/${first!.userId}`);
    expect(res.statusCode).toBe(200);
    expect(eventList.parse(res.json())).toHaveLength(SAMPLE_EVENTS.length);
    expect((await get(`/api/events/user/${UNKNOWN_ID}`)).json()).toEqual([]);
    // A malformed id names nobody: the route's 404 before any query (decision 048).
    const garbage = await get('/api/events/user/garbage');
    expect(garbage.statusCode).toBe(404);
    expect(garbage.json()).toEqual({ message: 'User not found' });
  });

  it('GET /api/tickets and /api/tickets/ list every ticket type with its eventId and Naira price', async () => {
    const a = await get('/api/tickets');
    const b = await get('/api/tickets/');
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(200);
    const tickets = ticketList.parse(a.json());
    expect(tickets).toEqual(ticketList.parse(b.json()));
    expect(tickets).toHaveLength(SAMPLE_EVENTS.reduce((n, e) => n + e.tickets.length, 0));
    expect(tickets.map((t) => t.ticketPrice).sort((x, y) => x - y)).toEqual(
      SAMPLE_EVENTS.flatMap((e) => e.tickets.map((t) => t.price)).sort((x, y) => x - y),
    );
    // Payout details never leave the organiser's own views.
    expect(JSON.stringify(a.json())).not.toContain('accountNumber');
  });

  it('GET /api/tickets/event/:eventId returns { tickets } for that event; unknown/malformed ids are 404', async () => {
    const events = eventList.parse((await get('/api/events')).json());
    const concert = events.find((e) => e.eventName === 'Afrobeats Under the Stars')!;
    const res = await get(`/api/tickets/event/${concert._id}`);
    expect(res.statusCode).toBe(200);
    const { tickets } = eventTicketsResponse.parse(res.json());
    expect(tickets.map((x) => [x.ticketName, x.ticketPrice])).toEqual([
      ['Regular', 10_000],
      ['VIP', 25_000],
    ]);
    expect(tickets.every((x) => x.eventId === concert._id)).toBe(true);
    expect((await get(`/api/tickets/event/${UNKNOWN_ID}`)).statusCode).toBe(404);
    expect((await get('/api/tickets/event/xyz')).statusCode).toBe(404);
  });

  it('unknown API paths are JSON 404s, never the SPA', async () => {
    const res = await get('/api/nothing-here');
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toMatch(/No route/);
  });

  it('serves posters as WebP at the requested width', async () => {
    const [first] = eventList.parse((await get('/api/events')).json());
    const res = await get(`${first!.image}?w=320`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.rawPayload.subarray(8, 12).toString()).toBe('WEBP');
    expect((await get('/api/images/posters/..%2F..%2Fetc.webp')).statusCode).toBe(404);
  });
});
