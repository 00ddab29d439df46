import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Event, eventList } from '../../contract/events';
import { events, orderItems, orders, ticketTypes } from '../../server/db/schema';
import { testDatabases } from '../helpers/databases';
import { APP_URL, INDEX_HTML, lagosDateInDays } from '../helpers/spaPage';
import { buildTestApp, type TestApp } from '../helpers/testApp';

const UNKNOWN_ID = '7d0c5f0e-2b1a-4c55-9f51-3f6b8d8e9a10';
describe.each(testDatabases)('discovery API on $name', (database) => {
  let t: TestApp;
  let spaDir: string;
  let all: Event[];
  const byName = (name: string) => all.find((e) => e.eventName === name)!;
  const get = (url: string) => t.app.inject({ method: 'GET', url });
  const names = async (url: string) => {
    const res = await get(url);
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    return eventList.parse(res.json()).map((e) => e.eventName);
  };

  beforeAll(async () => {
    spaDir = await mkdtemp(path.join(tmpdir(), 'gatepass-spa-'));
    await writeFile(path.join(spaDir, 'index.html'), INDEX_HTML);
    t = await buildTestApp(database, { seed: true, config: { spaDir, appUrl: APP_URL } });
    all = eventList.parse((await get('/api/events?pageSize=50')).json());
    const organiserId = all[0]!.userId;
    // A draft and a finished event that match every search below: neither may ever be listed.
    await t.deps.db.insert(events).values([
      {
        organiserId,
        eventName: 'Secret Afrobeats Rehearsal',
        category: 'Music',
        description: 'Draft, not yet published, in Lagos.',
        startDate: lagosDateInDays(3),
        endDate: lagosDateInDays(3),
        startTime: '10:00',
        endTime: '12:00',
        eventLocation: 'physical',
        location: 'Lagos',
        status: 'draft',
      },
      {
        organiserId,
        eventName: 'Afrobeats Last Month',
        category: 'Music',
        description: 'Already over, in Lagos.',
        startDate: lagosDateInDays(-30),
        endDate: lagosDateInDays(-29),
        startTime: '10:00',
        endTime: '12:00',
        eventLocation: 'physical',
        location: 'Lagos',
        status: 'published',
      },
    ]);
  });
  afterAll(async () => {
    await t?.close();
    if (spaDir) await rm(spaDir, { recursive: true, force: true });
  });

  describe('GET /api/events (search)', () => {
    it('without parameters lists every upcoming published event soonest first, with paging headers', async () => {
      const res = await get('/api/events');
      expect(res.statusCode).toBe(200);
      const list = eventList.parse(res.json());
      expect(list).toHaveLength(6);
      expect(res.headers['x-total-count']).toBe('6');
      expect(res.headers['x-page']).toBe('1');
      expect(res.headers['x-page-size']).toBe('12');
      expect(res.headers['access-control-expose-headers']).toContain('x-total-count');
      const starts = list.map((e) => `${e.startDate} ${e.startTime}`);
      expect(starts).toEqual([...starts].sort());
    });

    it('finds text in the name, the description and the location', async () => {
      expect(await names('/api/events?q=jollof')).toEqual(['Jollof & Suya Food Festival']);
      // "grill-off" is only in the description; stemming finds "vendors" from "vendor".
      expect(await names('/api/events?q=vendor')).toEqual(['Jollof & Suya Food Festival']);
      // Ibadan is only in the location.
      expect(await names('/api/events?q=Ibadan')).toEqual(['Nollywood Classics Movie Night']);
      // Several words must all match; case does not matter.
      expect(await names('/api/events?q=VICTORIA%20island%20suya')).toEqual(['Jollof & Suya Food Festival']);
    });

    it('matches word prefixes so a half-typed word already finds events', async () => {
      expect(await names('/api/events?q=afro')).toEqual(['Afrobeats Under the Stars']);
      expect(await names('/api/events?q=nolly')).toEqual(['Nollywood Classics Movie Night']);
      expect(await names('/api/events?q=festival%20lag')).toEqual(['Jollof & Suya Food Festival']);
      const lagos = await names('/api/events?q=Lago');
      expect(lagos).toEqual(
        expect.arrayContaining(['Afrobeats Under the Stars', 'Lagos Contemporary Art Expo']),
      );
      expect(lagos).not.toContain('Port Harcourt Charity Fun Run');
    });

    it('never lists drafts or finished events, and no-match is an empty array with total 0', async () => {
      const res = await get('/api/events?q=zzzqqq-no-such-thing');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual([]);
      expect(res.headers['x-total-count']).toBe('0');
      expect(await names('/api/events?q=rehearsal')).toEqual([]);
      expect(await names('/api/events?q=last%20month')).toEqual([]);
      // Only punctuation, or tsquery syntax: harmless, and nothing matches.
      expect(await names('/api/events?q=%26%7C!%3A*()')).toEqual([]);
      expect(await names(`/api/events?q=${encodeURIComponent("'; drop table events; --")}`)).toEqual([]);
      expect(await names('/api/events')).toHaveLength(6);
    });

    it('filters by category; All or no category means every category', async () => {
      expect(await names('/api/events?category=Tech')).toEqual([
        'Abuja Tech Meetup: Building for the Naira Economy',
      ]);
      expect(await names('/api/events?category=Food%20%26%20Drink')).toEqual(['Jollof & Suya Food Festival']);
      expect(await names('/api/events?category=All')).toHaveLength(6);
      expect(await names('/api/events?category=Religion')).toEqual([]);
      expect(await names('/api/events?category=Music&q=lagos')).toEqual(['Afrobeats Under the Stars']);
      expect(await names('/api/events?category=Arts&q=jollof')).toEqual([]);
    });

    it('filters by a date range: events that overlap [from, to]', async () => {
      const expo = byName('Lagos Contemporary Art Expo'); // three days long
      // A range inside the expo's days still finds it (overlap, not containment).
      const middle = lagosDateInDays(20);
      expect(await names(`/api/events?from=${middle}&to=${middle}`)).toEqual([expo.eventName]);
      // From its last day onwards.
      expect(await names(`/api/events?from=${expo.endDate}&to=${lagosDateInDays(22)}`)).toEqual([
        expo.eventName,
      ]);
      // Only "to": everything starting by then (movie night in 5 days, meetup in 8).
      expect(await names(`/api/events?to=${lagosDateInDays(8)}`)).toEqual([
        'Nollywood Classics Movie Night',
        'Abuja Tech Meetup: Building for the Naira Economy',
      ]);
      // Only "from": everything still running then.
      expect(await names(`/api/events?from=${lagosDateInDays(30)}`)).toEqual([
        'Port Harcourt Charity Fun Run',
      ]);
    });

    it('pages with page and pageSize, reporting the total in headers', async () => {
      const full = await names('/api/events');
      const pages: string[] = [];
      for (const page of [1, 2, 3]) {
        const res = await get(`/api/events?page=${page}&pageSize=2`);
        expect(res.statusCode).toBe(200);
        expect(res.headers['x-total-count']).toBe('6');
        expect(res.headers['x-page']).toBe(String(page));
        expect(res.headers['x-page-size']).toBe('2');
        pages.push(...eventList.parse(res.json()).map((e) => e.eventName));
      }
      expect(pages).toEqual(full);
      const beyond = await get('/api/events?page=4&pageSize=2');
      expect(beyond.json()).toEqual([]);
      expect(beyond.headers['x-total-count']).toBe('6');
    });

    it.each([
      ['category=Jazz', /Category must be All or one of: Music, Arts/],
      ['from=2026-13-01', /from must be a date as YYYY-MM-DD/],
      ['to=tomorrow', /to must be a date as YYYY-MM-DD/],
      ['from=2026-06-10&to=2026-06-01', /from must be on or before to/],
      ['page=0', /page must be a whole number from 1/],
      ['page=-1', /page must be a whole number from 1/],
      ['page=1.5', /page must be a whole number from 1/],
      ['pageSize=0', /pageSize must be a whole number from 1 to 50/],
      ['pageSize=51', /pageSize must be a whole number from 1 to 50/],
      [`q=${'a'.repeat(101)}`, /Search text can be at most 100 characters/],
    ])('rejects %s with a 400 that says what is wrong', async (query, message) => {
      const res = await get(`/api/events?${query}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(message);
    });
  });

  describe('carousels', () => {
    it('trending: most tickets sold in paid orders over the last 14 days, then soonest', async () => {
      // Seeded sales: food festival 69, concert 60, meetup 31, fun run 26, movie night 17, expo 9.
      expect(await names('/api/events/trending')).toEqual([
        'Jollof & Suya Food Festival',
        'Afrobeats Under the Stars',
        'Abuja Tech Meetup: Building for the Naira Economy',
        'Port Harcourt Charity Fun Run',
        'Nollywood Classics Movie Night',
        'Lagos Contemporary Art Expo',
      ]);
      // Old sales and unpaid orders do not count; a fresh paid sale does.
      const expo = byName('Lagos Contemporary Art Expo');
      const [ticket] = await t.deps.db
        .select({ id: ticketTypes.id })
        .from(ticketTypes)
        .where(eq(ticketTypes.eventId, expo._id));
      const buyer = {
        buyerFirstName: 'Tolu',
        buyerLastName: 'Ade',
        buyerEmail: 'tolu@example.ng',
        totalKobo: 0,
      };
      const addOrder = async (status: 'paid' | 'reserved', daysAgo: number, quantity: number) => {
        const [order] = await t.deps.db
          .insert(orders)
          .values({
            ...buyer,
            eventId: expo._id,
            status,
            paidAt: status === 'paid' ? sql`now() - make_interval(days => ${daysAgo})` : null,
          })
          .returning({ id: orders.id });
        await t.deps.db
          .insert(orderItems)
          .values({ orderId: order!.id, ticketTypeId: ticket!.id, quantity, unitPriceKobo: 0 });
      };
      await addOrder('paid', 20, 500);
      await addOrder('reserved', 0, 500);
      expect((await names('/api/events/trending')).at(-1)).toBe(expo.eventName);
      await addOrder('paid', 1, 100);
      expect((await names('/api/events/trending'))[0]).toBe(expo.eventName);
      expect(await names('/api/events/trending?limit=2')).toHaveLength(2);
    });

    it('newest: most recently created first', async () => {
      const list = eventList.parse((await get('/api/events/newest')).json());
      expect(list).toHaveLength(6);
      const created = list.map((e) => e.createdAt);
      expect(created).toEqual([...created].sort().reverse());
      expect(list[0]!.eventName).toBe('Port Harcourt Charity Fun Run');
      expect(await names('/api/events/newest?limit=1')).toEqual(['Port Harcourt Charity Fun Run']);
    });

    it.each(['limit=0', 'limit=25', 'limit=abc'])('rejects %s with a 400', async (query) => {
      for (const path of ['trending', 'newest']) {
        const res = await get(`/api/events/${path}?${query}`);
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toMatch(/limit must be a whole number from 1 to 24/);
      }
    });
  });

  describe('event page helpers', () => {
    it('related: other upcoming events of the same category first, filled with the soonest others', async () => {
      const concert = byName('Afrobeats Under the Stars');
      const organiserId = concert.userId;
      // Two more upcoming music events (one later, one sooner), so the category fills two of three.
      await t.deps.db.insert(events).values(
        [
          ['Highlife Brunch', 40],
          ['Fuji Night', 2],
        ].map(([name, days]) => ({
          organiserId,
          eventName: name as string,
          category: 'Music',
          description: 'Live music.',
          startDate: lagosDateInDays(days as number),
          endDate: lagosDateInDays(days as number),
          startTime: '19:00',
          endTime: '22:00',
          eventLocation: 'physical' as const,
          location: 'Lagos',
          status: 'published' as const,
        })),
      );
      const related = await names(`/api/events/${concert._id}/related`);
      // Same category soonest first, then the soonest event of any other category (movie night).
      expect(related).toEqual(['Fuji Night', 'Highlife Brunch', 'Nollywood Classics Movie Night']);
      expect(related).not.toContain(concert.eventName);
      expect(related).not.toContain('Secret Afrobeats Rehearsal');

      // Only one other Tech event exists (none): filled with the three soonest others.
      const meetup = byName('Abuja Tech Meetup: Building for the Naira Economy');
      const filled = await names(`/api/events/${meetup._id}/related`);
      expect(filled).toHaveLength(3);
      expect(filled).not.toContain(meetup.eventName);
      expect(filled[0]).toBe('Fuji Night');

      for (const id of [UNKNOWN_ID, 'not-a-uuid']) {
        const res = await get(`/api/events/${id}/related`);
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ message: 'Event not found' });
      }
    });

    it('calendar.ics: a downloadable iCalendar file with UTC times, location and the event page URL', async () => {
      const concert = byName('Afrobeats Under the Stars'); // 18:00–23:59 Lagos = 17:00–22:59 UTC
      const res = await get(`/api/events/${concert._id}/calendar.ics`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/calendar/);
      expect(res.headers['content-disposition']).toBe('attachment; filename="afrobeats-under-the-stars.ics"');
      const ics = res.body.replace(/\r\n[ \t]/g, ''); // unfold long lines
      const day = concert.startDate.replaceAll('-', '');
      expect(ics).toMatch(/^BEGIN:VCALENDAR/);
      expect(ics).toContain(`DTSTART:${day}T170000Z`);
      expect(ics).toContain(`DTEND:${day}T225900Z`);
      expect(ics).toContain('SUMMARY:Afrobeats Under the Stars');
      expect(ics).toContain('LOCATION:Eko Convention Centre\\, Plot 1415 Adetokunbo Ademola Street');
      expect(ics).toContain(`URL:${APP_URL}/event-details/${concert._id}`);
      expect(ics).toContain(`UID:${concert._id}@gatepass`);

      for (const id of [UNKNOWN_ID, 'not-a-uuid']) {
        expect((await get(`/api/events/${id}/calendar.ics`)).statusCode).toBe(404);
      }
    });
  });

  describe('Open Graph on /event-details/:id', () => {
    it('answers the SPA HTML with the event’s title, description, poster and URL as meta tags', async () => {
      const concert = byName('Afrobeats Under the Stars');
      const res = await get(`/event-details/${concert._id}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      const html = res.body;
      expect(html).toContain('<title>Afrobeats Under the Stars — Gatepass</title>');
      expect(html).not.toContain('events and tickets for Nigeria</title>');
      expect(html).not.toContain('Default description');
      expect(html).not.toContain('<!--gatepass:meta-->');
      expect(html).toContain('<meta property="og:title" content="Afrobeats Under the Stars — Gatepass" />');
      expect(html).toMatch(
        /<meta property="og:description" content="An open-air night of live Afrobeats[^"]*" \/>/,
      );
      expect(html).toContain(`<meta property="og:url" content="${APP_URL}/event-details/${concert._id}" />`);
      expect(html).toContain(`<meta property="og:image" content="${APP_URL}${concert.image}?w=1200" />`);
      expect(html).toContain('<meta name="twitter:card" content="summary_large_image" />');
      // The poster URL in the tag really serves an image.
      const image = await get(`${concert.image}?w=1200`);
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe('image/webp');
    });

    it('escapes everything an organiser typed', async () => {
      const [hostile] = await t.deps.db
        .insert(events)
        .values({
          organiserId: all[0]!.userId,
          eventName: '"><script>alert(1)</script> & Friends',
          category: 'Community',
          description: 'It\'s <b>bold</b> & "quoted"',
          startDate: lagosDateInDays(10),
          endDate: lagosDateInDays(10),
          startTime: '10:00',
          endTime: '12:00',
          eventLocation: 'online',
          url: 'https://meet.example/x',
          status: 'published',
        })
        .returning({ id: events.id });
      const html = (await get(`/event-details/${hostile!.id}`)).body;
      expect(html).not.toContain('<script>alert(1)</script>');
      expect(html).toContain(
        '<title>&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; Friends — Gatepass</title>',
      );
      expect(html).toContain(
        '<meta property="og:description" content="It&#39;s &lt;b&gt;bold&lt;/b&gt; &amp; &quot;quoted&quot;" />',
      );
      // No poster and no ticket image: no image tag, and the small card.
      expect(html).not.toContain('og:image');
      expect(html).toContain('<meta name="twitter:card" content="summary" />');
    });

    it('gives unknown, malformed and draft ids the plain SPA HTML', async () => {
      const [draft] = await t.deps.db
        .select({ id: events.id })
        .from(events)
        .where(eq(events.eventName, 'Secret Afrobeats Rehearsal'));
      for (const id of [UNKNOWN_ID, 'nope', draft!.id]) {
        const res = await get(`/event-details/${id}`);
        expect(res.statusCode).toBe(200);
        expect(res.body).toBe(INDEX_HTML);
      }
      expect((await get('/events/all')).body).toBe(INDEX_HTML);
    });
  });
});
