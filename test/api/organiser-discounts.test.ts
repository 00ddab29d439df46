import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discountListResponse, discountSavedResponse } from '../../contract/discounts';
import { discountCodes } from '../../server/db/schema';
import { authed } from '../helpers/accounts';
import { testDatabases } from '../helpers/databases';
import { createEvent, createTicket, dayFromNow, freeTicket, organiser } from '../helpers/organiser';
import { buildTestApp, type TestApp } from '../helpers/testApp';

describe.each(testDatabases)('discount codes on $name', (database) => {
  let t: TestApp;
  let ada: Awaited<ReturnType<typeof organiser>>;
  let eventId: string;
  let otherEventId: string;
  let regularId: string;
  let vipId: string;
  beforeAll(async () => {
    t = await buildTestApp(database);
    ada = await organiser(t);
    eventId = (await createEvent(t, ada.token))._id;
    otherEventId = (await createEvent(t, ada.token))._id;
    regularId = (await createTicket(t, ada.token, freeTicket(eventId)))._id;
    vipId = (await createTicket(t, ada.token, freeTicket(eventId, { ticketName: 'VIP' })))._id;
  });
  afterAll(async () => t?.close());

  const url = (id = eventId) => `/api/events/${id}/discounts`;
  const create = (body: object, id = eventId) => authed(t, 'POST', url(id), ada.token, body);
  const list = async (id = eventId) =>
    discountListResponse.parse((await authed(t, 'GET', url(id), ada.token)).json()).discounts;

  it('creates percent and fixed codes with limits, dates and ticket types', async () => {
    const res = await create({
      code: 'EarlyBird',
      kind: 'percent',
      percentOff: 20,
      maxUses: 10,
      validFrom: `${dayFromNow(1)}T09:00`,
      validUntil: `${dayFromNow(7)}T23:59`,
      ticketTypeIds: [vipId],
    });
    expect(res.statusCode, res.body).toBe(201);
    const saved = discountSavedResponse.parse(res.json());
    expect(saved.message).toBe('Discount code EarlyBird created');
    expect(saved.discount).toMatchObject({
      code: 'EarlyBird',
      kind: 'percent',
      percentOff: 20,
      amountOff: null,
      maxUses: 10,
      uses: 0,
      validFrom: `${dayFromNow(1)}T09:00`,
      validUntil: `${dayFromNow(7)}T23:59`,
      ticketTypeIds: [vipId],
    });
    const fixed = await create({ code: 'NAIRA500', kind: 'fixed', amountOff: 500.5 });
    expect(fixed.statusCode, fixed.body).toBe(201);
    expect(fixed.json().discount).toMatchObject({
      amountOff: 500.5,
      percentOff: null,
      maxUses: null,
      ticketTypeIds: [],
    });
    expect((await list()).map((d) => d.code)).toEqual(['EarlyBird', 'NAIRA500']);
  });

  it('codes are unique per event ignoring case (409), but another event may reuse one', async () => {
    const dup = await create({ code: 'earlybird', kind: 'percent', percentOff: 5 });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe('This event already has the code EARLYBIRD (codes ignore case).');
    expect(
      (await create({ code: 'EARLYBIRD', kind: 'percent', percentOff: 5 }, otherEventId)).statusCode,
    ).toBe(201);
  });

  it('refuses broken rules with a clear 400', async () => {
    const cases: [object, string][] = [
      [{ code: 'X1', kind: 'percent', percentOff: 10 }, 'Code must be at least 3 characters long'],
      [
        { code: 'HAS SPACE', kind: 'percent', percentOff: 10 },
        'Code can only contain letters, numbers, dashes and underscores',
      ],
      [{ code: 'PCT0', kind: 'percent', percentOff: 0 }, 'Percent off must be a whole number from 1 to 100'],
      [
        { code: 'PCT101', kind: 'percent', percentOff: 101 },
        'Percent off must be a whole number from 1 to 100',
      ],
      [
        { code: 'PCTHALF', kind: 'percent', percentOff: 12.5 },
        'Percent off must be a whole number from 1 to 100',
      ],
      [{ code: 'PCTNONE', kind: 'percent' }, 'Percent off must be a whole number from 1 to 100'],
      [{ code: 'FIXED0', kind: 'fixed', amountOff: 0 }, 'Amount off must be above ₦0'],
      [{ code: 'BOGUS', kind: 'bogo', percentOff: 10 }, 'Discount kind must be percent or fixed'],
      [{ code: 'MAX0', kind: 'percent', percentOff: 10, maxUses: 0 }, 'Maximum uses must be at least 1'],
      [
        {
          code: 'BACKWARDS',
          kind: 'percent',
          percentOff: 10,
          validFrom: `${dayFromNow(5)}T10:00`,
          validUntil: `${dayFromNow(4)}T10:00`,
        },
        'Valid until must be after valid from',
      ],
      [
        { code: 'BADDATE', kind: 'percent', percentOff: 10, validFrom: '2026-02-30T10:00' },
        'Valid from must be a real date and time',
      ],
      [{ code: 'NOTYPE', kind: 'percent', percentOff: 10, ticketTypeIds: ['nope'] }, 'Malformed id'],
    ];
    for (const [body, message] of cases) {
      const res = await create(body);
      expect(res.statusCode, `${message}: ${res.body}`).toBe(400);
      expect(res.json().message).toContain(message);
    }
    // A ticket type of another event is not eligible.
    const otherTicket = await createTicket(t, ada.token, freeTicket(otherEventId));
    const foreign = await create({
      code: 'FOREIGN',
      kind: 'percent',
      percentOff: 10,
      ticketTypeIds: [otherTicket._id],
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toBe('Choose ticket types of this event');
    expect((await list()).map((d) => d.code)).toEqual(['EarlyBird', 'NAIRA500']);
  });

  it('updates a code; max uses cannot drop below uses; a used code cannot be deleted', async () => {
    const [early] = await list();
    const edited = await authed(t, 'PUT', `${url()}/${early!._id}`, ada.token, {
      code: 'EARLY-BIRD',
      kind: 'fixed',
      amountOff: 1000,
      maxUses: 3,
      ticketTypeIds: [regularId, vipId],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().discount).toMatchObject({
      code: 'EARLY-BIRD',
      kind: 'fixed',
      amountOff: 1000,
      percentOff: null,
      maxUses: 3,
      validFrom: null,
    });

    const clash = await authed(t, 'PUT', `${url()}/${early!._id}`, ada.token, {
      code: 'naira500',
      kind: 'percent',
      percentOff: 5,
    });
    expect(clash.statusCode).toBe(409);

    // Checkout counts a reservation's use with one conditional UPDATE; emulate two.
    await t.deps.db
      .update(discountCodes)
      .set({ uses: sql`${discountCodes.uses} + 2` })
      .where(eq(discountCodes.id, early!._id));
    const lower = await authed(t, 'PUT', `${url()}/${early!._id}`, ada.token, {
      code: 'EARLY-BIRD',
      kind: 'fixed',
      amountOff: 1000,
      maxUses: 1,
    });
    expect(lower.statusCode).toBe(409);
    expect(lower.json().message).toBe(
      'This code has already been used 2 times; maximum uses cannot be lower.',
    );
    const used = await authed(t, 'DELETE', `${url()}/${early!._id}`, ada.token);
    expect(used.statusCode).toBe(409);
    expect(used.json().message).toContain('This code has been used, so it cannot be deleted');

    // The database itself refuses a use beyond the limit (the guarantee checkout relies on).
    await expect(
      t.deps.db.update(discountCodes).set({ uses: 4 }).where(eq(discountCodes.id, early!._id)),
    ).rejects.toThrow();

    const [, naira] = await list();
    const deleted = await authed(t, 'DELETE', `${url()}/${naira!._id}`, ada.token);
    expect(deleted.json()).toEqual({ message: 'Discount code deleted' });
    expect((await list()).map((d) => d.code)).toEqual(['EARLY-BIRD']);
  });

  it('deleting a ticket type drops it from codes; a code for that type alone goes with it', async () => {
    const spare = await createTicket(t, ada.token, freeTicket(eventId, { ticketName: 'Spare' }));
    const only = await create({
      code: 'SPAREONLY',
      kind: 'percent',
      percentOff: 10,
      ticketTypeIds: [spare._id],
    });
    const both = await create({
      code: 'SPAREVIP',
      kind: 'percent',
      percentOff: 10,
      ticketTypeIds: [spare._id, vipId],
    });
    expect(only.statusCode).toBe(201);
    expect(both.statusCode).toBe(201);
    expect((await authed(t, 'DELETE', `/api/tickets/${spare._id}`, ada.token)).statusCode).toBe(200);
    const codes = await list();
    expect(codes.find((d) => d.code === 'SPAREONLY')).toBeUndefined();
    expect(codes.find((d) => d.code === 'SPAREVIP')?.ticketTypeIds).toEqual([vipId]);
  });
});
