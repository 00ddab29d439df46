import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessCodeListResponse, accessCodeSavedResponse } from '../../contract/accessCodes';
import { event as eventSchema } from '../../contract/events';
import { orderResponse } from '../../contract/orders';
import { eventTicketsResponse, ticketList } from '../../contract/tickets';
import { authed } from '../helpers/accounts';
import { buyerOf, eventWithTypes, type Person, person } from '../helpers/checkout';
import { testDatabases } from '../helpers/databases';
import { buildTestApp, type TestApp } from '../helpers/testApp';

/**
 * Hidden ticket types and access codes (decision 036): a hidden type is on no public list, page or
 * price; an access code shows it and sells it; one may also carry a discount.
 */
describe.each(testDatabases)('Hidden ticket types and access codes on $name', (database) => {
  let t: TestApp;
  let organiser: Person;
  let buyer: Person;
  let stranger: Person;
  let eventId: string;
  let regularId: string;
  let sponsorId: string;

  beforeAll(async () => {
    t = await buildTestApp(database);
    organiser = await person(t.deps.db, 'organiser');
    buyer = await person(t.deps.db, 'buyer');
    stranger = await person(t.deps.db, 'stranger');
    const made = await eventWithTypes(t.deps.db, organiser.id, [
      { name: 'Regular', priceKobo: 500_000 },
      { name: 'Sponsor Table', priceKobo: 100_000, hidden: true },
    ]);
    eventId = made.event.id;
    regularId = made.types[0]!.id;
    sponsorId = made.types[1]!.id;
  }, 120_000);
  afterAll(async () => t?.close());

  const publicTypes = async (query = '') => {
    const res = await t.app.inject({ method: 'GET', url: `/api/tickets/event/${eventId}${query}` });
    return { res, names: res.statusCode === 200 ? eventTicketsResponse.parse(res.json()).tickets : [] };
  };
  const create = (token: string, body: object) =>
    authed(t, 'POST', `/api/events/${eventId}/access-codes`, token, body);
  const order = (token: string, body: object) =>
    authed(t, 'POST', '/api/orders', token, { eventId, buyer: buyerOf(buyer), ...body });

  it('keeps a hidden type off every public list and price (the server-rendered page reads the same list)', async () => {
    const { names } = await publicTypes();
    expect(names.map((x) => x.ticketName)).toEqual(['Regular']);
    const all = ticketList.parse((await t.app.inject({ method: 'GET', url: '/api/tickets' })).json());
    expect(all.some((x) => x._id === sponsorId)).toBe(false);
    const event = eventSchema.parse(
      (await t.app.inject({ method: 'GET', url: `/api/events/${eventId}` })).json(),
    );
    // The ₦1,000 hidden table is not the event's 'From' price.
    expect(event.priceFrom).toBe(5000);
  });

  it('lets only the event’s managers make codes, for hidden types, with letters no other code uses', async () => {
    expect((await create(stranger.token, { code: 'VIPLIST', ticketTypeIds: [sponsorId] })).statusCode).toBe(
      403,
    );
    const visible = await create(organiser.token, { code: 'VIPLIST', ticketTypeIds: [regularId] });
    expect(visible.statusCode).toBe(400);
    expect(visible.json().message).toMatch(/hidden ticket types/);
    const discount = await authed(t, 'POST', `/api/events/${eventId}/discounts`, organiser.token, {
      code: 'HALFOFF',
      kind: 'percent',
      percentOff: 50,
    });
    expect(discount.statusCode, discount.body).toBe(201);
    expect((await create(organiser.token, { code: 'halfoff', ticketTypeIds: [sponsorId] })).statusCode).toBe(
      409,
    );
    const plain = await create(organiser.token, { code: 'VIPLIST', ticketTypeIds: [sponsorId] });
    expect(plain.statusCode, plain.body).toBe(201);
    expect((await create(organiser.token, { code: 'viplist', ticketTypeIds: [sponsorId] })).statusCode).toBe(
      409,
    );
    const withDiscount = await create(organiser.token, {
      code: 'SPONSOR-HALF',
      ticketTypeIds: [sponsorId],
      discountCodeId: discount.json().discount._id,
    });
    expect(withDiscount.statusCode, withDiscount.body).toBe(201);
    expect(accessCodeSavedResponse.parse(withDiscount.json()).accessCode.discountCode).toBe('HALFOFF');
    const list = await authed(t, 'GET', `/api/events/${eventId}/access-codes`, organiser.token);
    expect(accessCodeListResponse.parse(list.json()).accessCodes.map((c) => c.code)).toEqual([
      'VIPLIST',
      'SPONSOR-HALF',
    ]);
    expect((await authed(t, 'GET', `/api/events/${eventId}/access-codes`, stranger.token)).statusCode).toBe(
      403,
    );
  });

  it('shows the hidden type to a code typed in any case, and says when a code is not valid', async () => {
    const { names } = await publicTypes('?access=viplist');
    expect(names.map((x) => [x.ticketName, x.hidden])).toEqual([
      ['Sponsor Table', true],
      ['Regular', false],
    ]);
    const wrong = await publicTypes('?access=NOPE123');
    expect(wrong.res.statusCode).toBe(404);
    expect(wrong.res.json().message).toBe('This access code is not valid for this event.');
    // The plain list is unchanged after a code was used (the read cache keeps them apart).
    expect((await publicTypes()).names.map((x) => x.ticketName)).toEqual(['Regular']);
  });

  it('sells a hidden type only with a code that unlocks it, and keeps it unlocked on changes', async () => {
    const refused = await order(buyer.token, { items: { [sponsorId]: 1 } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Sponsor Table tickets need an access code.');
    expect((await order(buyer.token, { items: { [sponsorId]: 1 }, accessCode: 'WRONG1' })).statusCode).toBe(
      404,
    );
    const made = await order(buyer.token, { items: { [sponsorId]: 1 }, accessCode: 'VipList' });
    expect(made.statusCode, made.body).toBe(201);
    const id = orderResponse.parse(made.json()).order._id;
    const changed = await authed(t, 'PUT', `/api/orders/${id}/items`, buyer.token, {
      items: { [sponsorId]: 2, [regularId]: 1 },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(orderResponse.parse(changed.json()).order.subtotal).toBe(2 * 1000 + 5000);
    await authed(t, 'POST', `/api/orders/${id}/cancel`, buyer.token);
  });

  it('applies the discount a code carries, under that discount’s rules', async () => {
    const made = await order(stranger.token, { items: { [sponsorId]: 2 }, accessCode: 'sponsor-half' });
    expect(made.statusCode, made.body).toBe(201);
    const o = orderResponse.parse(made.json()).order;
    expect([o.subtotal, o.discount, o.discountCode]).toEqual([2000, 1000, 'HALFOFF']);
  });

  it('hides a type from the ticket form, and leaves it hidden on an edit that does not say', async () => {
    const other = await eventWithTypes(t.deps.db, organiser.id, [{ name: 'Volunteers', priceKobo: 0 }]);
    const typeId = other.types[0]!.id;
    const form = {
      ticketName: 'Volunteers',
      ticketType: 'free',
      ticketStock: 'limited',
      availableTickets: 20,
      purchaseLimit: 1,
      benefits: 'Crew entry',
    };
    const list = async () =>
      eventTicketsResponse.parse(
        (await t.app.inject({ method: 'GET', url: `/api/tickets/event/${other.event.id}` })).json(),
      ).tickets;
    const hide = await authed(t, 'PUT', `/api/tickets/${typeId}`, organiser.token, { ...form, hidden: true });
    expect(hide.statusCode, hide.body).toBe(200);
    expect(hide.json().ticket.hidden).toBe(true);
    expect(await list()).toEqual([]);
    const edit = await authed(t, 'PUT', `/api/tickets/${typeId}`, organiser.token, form);
    expect(edit.json().ticket.hidden).toBe(true);
    await authed(t, 'PUT', `/api/tickets/${typeId}`, organiser.token, { ...form, hidden: false });
    expect((await list()).map((x) => x.ticketName)).toEqual(['Volunteers']);
    const stranger403 = await authed(t, 'PUT', `/api/tickets/${typeId}`, stranger.token, {
      ...form,
      hidden: true,
    });
    expect(stranger403.statusCode).toBe(403);
  });
});
