import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Event, eventList } from '../../contract/events';
import { eventTicketsResponse } from '../../contract/tickets';
import { eventDates, ticketTypes } from '../../server/db/schema';
import { eventWithTypes, people } from '../helpers/checkout';
import { testDatabases } from '../helpers/databases';
import { APP_URL, INDEX_HTML, lagosDateInDays } from '../helpers/spaPage';
import { buildTestApp, type TestApp } from '../helpers/testApp';

/**
 * The schema.org Event data (JSON-LD) beside an event page's Open Graph tags (server/modules/seo):
 * what the public page shows, one Event per date, never a hidden ticket type.
 */
describe.each(testDatabases)('event pages for search engines on $name', (database) => {
  let t: TestApp;
  let spaDir: string;
  let all: Event[];
  const byName = (name: string) => all.find((e) => e.eventName === name)!;
  const get = (url: string) => t.app.inject({ method: 'GET', url });

  beforeAll(async () => {
    spaDir = await mkdtemp(path.join(tmpdir(), 'gatepass-spa-'));
    await writeFile(path.join(spaDir, 'index.html'), INDEX_HTML);
    t = await buildTestApp(database, { seed: true, config: { spaDir, appUrl: APP_URL } });
    all = eventList.parse((await get('/api/events?pageSize=50')).json());
  });
  afterAll(async () => {
    await t?.close();
    if (spaDir) await rm(spaDir, { recursive: true, force: true });
  });

  type LdOffer = { name: string; price: string; priceCurrency: string; availability: string };
  type LdEvent = { startDate: string; endDate: string; offers: LdOffer[]; [key: string]: unknown };
  /** The page's schema.org blocks, as a list of Events. */
  const jsonLdOf = (html: string) => {
    const blocks = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)];
    expect(blocks).toHaveLength(1);
    const data = JSON.parse(blocks[0]![1]!) as Record<string, unknown> | Record<string, unknown>[];
    return (Array.isArray(data) ? data : [data]) as LdEvent[];
  };

  it('describes the event to search engines (schema.org Event) with what the public page shows', async () => {
    const concert = byName('Afrobeats Under the Stars');
    const [ld] = jsonLdOf((await get(`/event-details/${concert._id}`)).body);
    const tickets = eventTicketsResponse.parse(
      (await get(`/api/tickets/event/${concert._id}`)).json(),
    ).tickets;
    expect(ld).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Event',
      name: 'Afrobeats Under the Stars',
      url: `${APP_URL}/event-details/${concert._id}`,
      startDate: `${concert.startDate}T${concert.startTime.slice(0, 5)}:00+01:00`,
      endDate: `${concert.endDate}T${concert.endTime.slice(0, 5)}:00+01:00`,
      eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
      image: [`${APP_URL}${concert.image}?w=1200`],
      location: { '@type': 'Place', address: { addressRegion: concert.state } },
    });
    // The price a buyer is finally charged for one ticket: the buyer pays the 1.5 % fee on top here.
    expect(concert.feeMode).toBe('buyer');
    const charged = (naira: number) => (Math.round(naira * 100 * 1.015) / 100).toFixed(2);
    expect(ld!.offers.map((o) => [o.name, o.price, o.priceCurrency])).toEqual(
      tickets.map((tk) => [tk.ticketName, charged(tk.ticketPrice), 'NGN']),
    );
  });

  it('gives an event with several dates one schema.org Event per date, without hidden ticket types', async () => {
    const [owner] = await people(t.deps.db, 1, 'ld');
    const { event, types } = await eventWithTypes(
      t.deps.db,
      owner!.id,
      [
        { name: 'Night ticket', priceKobo: 500_000 },
        { name: 'Sponsors', priceKobo: 0, hidden: true },
        { name: 'Any night', priceKobo: 900_000, capacity: 0 },
      ],
      { eventName: 'Three Nights of Fuji', startDate: lagosDateInDays(20), endDate: lagosDateInDays(22) },
    );
    const nights = await t.deps.db
      .insert(eventDates)
      .values(
        [20, 21, 22].map((d) => ({
          eventId: event.id,
          date: lagosDateInDays(d),
          startTime: '21:00',
          endTime: '03:00',
        })),
      )
      .returning();
    // The night ticket sells the second night only; 'Any night' (sold out) is valid on every night.
    await t.deps.db
      .update(ticketTypes)
      .set({ eventDateId: nights[1]!.id })
      .where(eq(ticketTypes.id, types[0]!.id));
    const lds = jsonLdOf((await get(`/event-details/${event.id}`)).body);
    expect(lds.map((ld) => [ld.startDate, ld.endDate])).toEqual(
      [20, 21, 22].map((d) => [
        `${lagosDateInDays(d)}T21:00:00+01:00`,
        `${lagosDateInDays(d + 1)}T03:00:00+01:00`,
      ]),
    );
    const offers = lds.map((ld) => ld.offers.map((o) => `${o.name} ${o.availability}`));
    expect(offers).toEqual([
      ['Any night https://schema.org/SoldOut'],
      ['Night ticket https://schema.org/InStock', 'Any night https://schema.org/SoldOut'],
      ['Any night https://schema.org/SoldOut'],
    ]);
    expect(JSON.stringify(lds)).not.toContain('Sponsors');
  });
});
