import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organiserDatesResponse } from '../../contract/eventDates';
import { eventTicketsResponse } from '../../contract/tickets';
import { accessCodes, discountCodes } from '../../server/db/schema';
import { authed } from '../helpers/accounts';
import { eventWithTypes, type Person, person } from '../helpers/checkout';
import { testDatabases } from '../helpers/databases';
import { dayFromNow } from '../helpers/organiser';
import { buildTestApp, type TestApp } from '../helpers/testApp';

/**
 * "Copy ticket types to every date" keeps the codes' rules (issue #32 item 5, decision 053): an access
 * code made before the copy unlocks the hidden type on every date, and a discount limited to a type
 * applies to its copies; a discount for every type stays for every type.
 */
describe.each(testDatabases)('codes made before copying types to every date on $name', (database) => {
  let t: TestApp;
  let owner: Person;
  beforeAll(async () => {
    t = await buildTestApp(database);
    owner = await person(t.deps.db, 'dates-owner');
  }, 120_000);
  afterAll(async () => t?.close());

  it('the access code unlocks the hidden type on every date; a limited discount follows the copies', async () => {
    const { event, types } = await eventWithTypes(
      t.deps.db,
      owner.id,
      [
        { name: 'Regular', priceKobo: 500_000 },
        { name: 'Sponsor', priceKobo: 100_000, hidden: true },
      ],
      { startDate: dayFromNow(60), endDate: dayFromNow(60), startTime: '19:00', endTime: '23:00' },
    );
    const sponsorId = types.find((x) => x.ticketName === 'Sponsor')!.id;
    const code = await authed(t, 'POST', `/api/events/${event.id}/access-codes`, owner.token, {
      code: 'PATRONS',
      ticketTypeIds: [sponsorId],
    });
    expect(code.statusCode, code.body).toBe(201);
    const limited = await authed(t, 'POST', `/api/events/${event.id}/discounts`, owner.token, {
      code: 'SPONSOR10',
      kind: 'percent',
      percentOff: 10,
      ticketTypeIds: [sponsorId],
    });
    expect(limited.statusCode, limited.body).toBe(201);
    const everything = await authed(t, 'POST', `/api/events/${event.id}/discounts`, owner.token, {
      code: 'ALL5',
      kind: 'percent',
      percentOff: 5,
    });
    expect(everything.statusCode, everything.body).toBe(201);

    for (const day of [61, 62]) {
      const added = await authed(t, 'POST', `/api/events/${event.id}/dates`, owner.token, {
        date: dayFromNow(day),
        startTime: '19:00',
        endTime: '23:00',
        label: `Night ${day - 59}`,
      });
      expect(added.statusCode, added.body).toBe(201);
    }
    const copied = await authed(t, 'POST', `/api/events/${event.id}/dates/copy-tickets`, owner.token);
    expect(copied.statusCode, copied.body).toBe(200);
    const dates = organiserDatesResponse.parse(copied.json()).dates;
    expect(dates).toHaveLength(3);

    const withCode = await t.app.inject({
      method: 'GET',
      url: `/api/tickets/event/${event.id}?access=PATRONS`,
    });
    expect(withCode.statusCode, withCode.body).toBe(200);
    const sponsors = eventTicketsResponse
      .parse(withCode.json())
      .tickets.filter((x) => x.ticketName === 'Sponsor');
    // One Sponsor type per date, each unlocked by the code made before the copy.
    expect(new Set(sponsors.map((x) => x.eventDateId))).toEqual(new Set(dates.map((d) => d._id)));

    const sponsorCopies = dates.flatMap((d) => d.ticketTypes.filter((x) => x.ticketName === 'Sponsor'));
    const [access] = await t.deps.db.select().from(accessCodes).where(eq(accessCodes.eventId, event.id));
    expect(new Set(access!.ticketTypeIds)).toEqual(new Set(sponsorCopies.map((x) => x._id)));
    const discounts = await t.deps.db.select().from(discountCodes).where(eq(discountCodes.eventId, event.id));
    const byCode = Object.fromEntries(discounts.map((d) => [d.code, d.ticketTypeIds]));
    expect(new Set(byCode.SPONSOR10)).toEqual(new Set(sponsorCopies.map((x) => x._id)));
    expect(byCode.ALL5).toEqual([]);

    // Copying again adds no type and no id twice.
    await authed(t, 'POST', `/api/events/${event.id}/dates/copy-tickets`, owner.token);
    const [again] = await t.deps.db.select().from(accessCodes).where(eq(accessCodes.eventId, event.id));
    expect(again!.ticketTypeIds).toHaveLength(3);
  });
});
