import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderResponse } from '../../contract/orders';
import { payoutStatementResponse } from '../../contract/payoutStatement';
import { myPromotionsResponse, type Promoter, promotersResponse } from '../../contract/promoters';
import { orderPromoters, users } from '../../server/db/schema';
import { buyerOf, eventWithTypes, type Person, person } from '../helpers/checkout';
import { testDatabases } from '../helpers/databases';
import { type PaystackApp, paystackApp } from '../helpers/paystackApp';

/**
 * Changing and removing a promoter (decision 070) against the fake Paystack: a new commission
 * applies to orders paid after it while earlier orders keep theirs; a removed promoter keeps every
 * attributed order in the Promoters tab, Sales, sales.csv, promoters.csv and the payout statement,
 * while their link (code, short link, click, an earlier unpaid attempt) attributes nothing more.
 */
describe.each(testDatabases)('editing and removing promoters on $name', (database) => {
  let p: PaystackApp;
  let organiser: Person;
  let eventId: string;
  let otherEventId: string;
  let otherTypeId: string;
  let regularId: string;
  let vipId: string;

  beforeAll(async () => {
    p = await paystackApp(database);
    organiser = p.organiser;
    const { event, types } = await eventWithTypes(p.t.deps.db, organiser.id, [
      { name: 'Regular', priceKobo: 1_000_000 },
      { name: 'VIP', priceKobo: 5_000_000 },
    ]);
    eventId = event.id;
    regularId = types[0]!.id;
    vipId = types[1]!.id;
    const other = await eventWithTypes(p.t.deps.db, organiser.id, [{ name: 'Other', priceKobo: 1_000_000 }]);
    otherEventId = other.event.id;
    otherTypeId = other.types[0]!.id;
  }, 120_000);
  afterAll(async () => p?.close());

  const as = (who: Person | null, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    p.t.app.inject({
      method,
      url,
      ...(payload ? { payload } : {}),
      headers: who ? { authorization: `Bearer ${who.token}` } : {},
    });

  async function addPromoter(on: string, email: string, commission: object): Promise<Promoter> {
    const res = await as(organiser, 'POST', `/api/events/${on}/promoters`, {
      name: 'Kemi Adeyemi',
      email,
      commission,
    });
    expect(res.statusCode, res.body).toBe(201);
    return promotersResponse
      .parse(res.json())
      .promoters.find((x) => x.email === email.toLowerCase() && x.removedAt === null)!;
  }

  async function reserve(buyer: Person, items: Record<string, number>) {
    const reserved = await as(buyer, 'POST', '/api/orders', { eventId, items, buyer: buyerOf(buyer) });
    expect(reserved.statusCode, reserved.body).toBe(201);
    return orderResponse.parse(reserved.json()).order._id;
  }
  async function startPaying(buyer: Person, orderId: string, refs: string[]) {
    const pay = await as(buyer, 'POST', `/api/orders/${orderId}/pay`, {
      acceptTerms: true,
      emailUpdates: false,
      refs,
    });
    expect(pay.statusCode, pay.body).toBe(200);
    return pay.json().reference as string;
  }
  async function buy(items: Record<string, number>, refs: string[]) {
    const buyer = await person(p.t.deps.db);
    const orderId = await reserve(buyer, items);
    p.ledger.pay(await startPaying(buyer, orderId, refs));
    const verified = await as(buyer, 'POST', `/api/orders/${orderId}/verify`);
    expect(verified.json().order.status).toBe('paid');
    return orderId;
  }
  const attribution = async (orderId: string) =>
    (await p.t.deps.db.select().from(orderPromoters).where(eq(orderPromoters.orderId, orderId)))[0] ?? null;
  const listed = async () => {
    const res = await as(organiser, 'GET', `/api/events/${eventId}/promoters`);
    expect(res.statusCode, res.body).toBe(200);
    return promotersResponse.parse(res.json()).promoters;
  };

  it('a changed commission applies to orders paid after it; earlier orders keep theirs', async () => {
    const kemi = await addPromoter(eventId, 'kemi.edit@example.ng', { kind: 'percent', value: 10 });
    const before = await buy({ [regularId]: 1 }, [kemi.code]);
    expect((await attribution(before))?.commissionKobo).toBe(100_000); // 10 % of ₦10,000

    const changed = await as(organiser, 'PUT', `/api/events/${eventId}/promoters/${kemi.id}`, {
      name: 'Kemi A.',
      commission: { kind: 'flat', value: 500 },
      perType: { [vipId]: { kind: 'flat', value: 2000 } },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const now = promotersResponse.parse(changed.json()).promoters.find((x) => x.id === kemi.id)!;
    expect(now.name).toBe('Kemi A.');
    expect(now.commission).toEqual({ kind: 'flat', value: 500 });
    expect(now.perType).toEqual([
      { ticketId: vipId, ticketName: 'VIP', commission: { kind: 'flat', value: 2000 } },
    ]);
    expect(now.code).toBe(kemi.code);
    expect(now.email).toBe('kemi.edit@example.ng');

    const after = await buy({ [regularId]: 2, [vipId]: 1 }, [kemi.code]);
    expect((await attribution(after))?.commissionKobo).toBe(2 * 50_000 + 200_000);
    expect((await attribution(before))?.commissionKobo).toBe(100_000);
    const figures = (await listed()).find((x) => x.id === kemi.id)!.figures;
    expect(figures.orders).toBe(2);
    expect(figures.commissionNaira).toBe(1000 + 3000);

    // Dropping the per-type rule: absent means none.
    const plain = await as(organiser, 'PUT', `/api/events/${eventId}/promoters/${kemi.id}`, {
      name: 'Kemi A.',
      commission: { kind: 'percent', value: 12.5 },
    });
    const dropped = promotersResponse.parse(plain.json()).promoters.find((x) => x.id === kemi.id)!;
    expect(dropped.perType).toEqual([]);
    expect(dropped.commission).toEqual({ kind: 'percent', value: 12.5 });
  });

  it('refuses what cannot be changed with clear words', async () => {
    const tunde = await addPromoter(eventId, 'tunde.edit@example.ng', { kind: 'percent', value: 5 });
    const url = `/api/events/${eventId}/promoters/${tunde.id}`;
    const tooMuch = await as(organiser, 'PUT', url, {
      name: 'Tunde',
      commission: { kind: 'percent', value: 120 },
    });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().message).toContain('at most 100 %');
    const noName = await as(organiser, 'PUT', url, { name: '', commission: { kind: 'percent', value: 5 } });
    expect(noName.statusCode).toBe(400);
    const otherType = await as(organiser, 'PUT', url, {
      name: 'Tunde',
      commission: { kind: 'percent', value: 5 },
      perType: { [otherTypeId]: { kind: 'flat', value: 100 } },
    });
    expect(otherType.statusCode).toBe(400);
    expect(otherType.json().message).toBe('A commission names a ticket type of another event.');
    const badId = await as(organiser, 'PUT', `/api/events/${eventId}/promoters/nope`, {
      name: 'Tunde',
      commission: { kind: 'percent', value: 5 },
    });
    expect(badId.statusCode).toBe(404);
    // A promoter of another event, named under this one, is not found here.
    const elsewhere = await addPromoter(otherEventId, 'tunde.elsewhere@example.ng', {
      kind: 'percent',
      value: 5,
    });
    const wrongEvent = await as(organiser, 'DELETE', `/api/events/${eventId}/promoters/${elsewhere.id}`);
    expect(wrongEvent.statusCode).toBe(404);
    expect(wrongEvent.json().message).toBe('This promoter does not exist for this event.');
    // Finance reads promoters but changes nothing; a stranger is refused too.
    const stranger = await person(p.t.deps.db);
    expect((await as(stranger, 'DELETE', url)).statusCode).toBe(403);
    expect((await as(null, 'DELETE', url)).statusCode).toBe(401);
    expect((await listed()).find((x) => x.id === tunde.id)!.removedAt).toBeNull();
  });

  it('removing keeps the history everywhere and the link attributes nothing more', async () => {
    const bisi = await addPromoter(eventId, 'bisi.remove@example.ng', { kind: 'flat', value: 1000 });
    const sold = await buy({ [regularId]: 3 }, [bisi.code]);
    expect((await attribution(sold))?.commissionKobo).toBe(300_000);
    // A second buyer started paying with Bisi's link before the removal and pays after it.
    const late = await person(p.t.deps.db);
    const lateOrder = await reserve(late, { [regularId]: 1 });
    await startPaying(late, lateOrder, [bisi.code]);
    expect((await attribution(lateOrder))?.promoterId).toBe(bisi.id);
    const statementBefore = payoutStatementResponse.parse(
      (await as(organiser, 'GET', `/api/events/${eventId}/statement`)).json(),
    ).live.promoterCommission;

    const removed = await as(organiser, 'DELETE', `/api/events/${eventId}/promoters/${bisi.id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    const row = promotersResponse.parse(removed.json()).promoters.find((x) => x.id === bisi.id)!;
    expect(row.removedAt).not.toBeNull();
    expect(row.figures.orders).toBe(1);
    expect(row.figures.commissionNaira).toBe(3000);
    // Twice is the same as once.
    expect((await as(organiser, 'DELETE', `/api/events/${eventId}/promoters/${bisi.id}`)).statusCode).toBe(
      200,
    );
    const edit = await as(organiser, 'PUT', `/api/events/${eventId}/promoters/${bisi.id}`, {
      name: 'Bisi',
      commission: { kind: 'flat', value: 1 },
    });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().message).toBe('This promoter was removed; add them again to give them a new link.');

    // History: the order stays Bisi's in Sales, sales.csv, promoters.csv and the statement.
    expect((await attribution(sold))?.promoterId).toBe(bisi.id);
    const sales = (await as(organiser, 'GET', `/api/events/${eventId}/sales`)).json();
    const inSales = (
      sales.byPromoter as { promoterId: string; tickets: number; commissionNaira: number }[]
    ).find((x) => x.promoterId === bisi.id)!;
    expect(inSales).toMatchObject({ tickets: 3, commissionNaira: 3000 });
    const salesCsv = (await as(organiser, 'GET', `/api/events/${eventId}/sales.csv`)).body;
    expect(salesCsv).toContain('Kemi Adeyemi: 3');
    const promotersCsv = (await as(organiser, 'GET', `/api/events/${eventId}/promoters.csv`)).body;
    expect(promotersCsv).toContain(`Kemi Adeyemi,bisi.remove@example.ng,${bisi.code},0,1,3,30000.00,3000.00`);
    const statement = payoutStatementResponse.parse(
      (await as(organiser, 'GET', `/api/events/${eventId}/statement`)).json(),
    );
    expect(statement.live.promoterCommission).toBe(statementBefore);

    // The link: the short one shows the event without ?ref=, a click counts nothing.
    const redirect = await as(null, 'GET', `/r/${bisi.code}`);
    expect(redirect.statusCode).toBe(302);
    expect(redirect.headers.location).toBe(`/event-details/${eventId}`);
    expect((await as(null, 'POST', '/api/promoters/click', { code: bisi.code })).statusCode).toBe(404);
    expect((await listed()).find((x) => x.id === bisi.id)!.figures.clicks).toBe(0);

    // A new order paid with the code is nobody's; the earlier unpaid attempt's attribution goes too.
    const after = await buy({ [regularId]: 1 }, [bisi.code]);
    expect(await attribution(after)).toBeNull();
    p.ledger.pay(await startPaying(late, lateOrder, []));
    expect((await as(late, 'POST', `/api/orders/${lateOrder}/verify`)).json().order.status).toBe('paid');
    expect(await attribution(lateOrder)).toBeNull();

    // The promoter's own page keeps the figures and says it was removed.
    const account = await person(p.t.deps.db);
    await p.t.deps.db.update(users).set({ email: 'bisi.remove@example.ng' }).where(eq(users.id, account.id));
    const mine = myPromotionsResponse.parse((await as(account, 'GET', '/api/promoters/mine')).json());
    expect(mine.promotions).toHaveLength(1);
    expect(mine.promotions[0]).toMatchObject({
      removed: true,
      figures: { orders: 1, commissionNaira: 3000 },
    });

    // The same person can be added again: a new, live link.
    const back = await addPromoter(eventId, 'bisi.remove@example.ng', { kind: 'percent', value: 5 });
    expect(back.id).not.toBe(bisi.id);
    expect(back.code).not.toBe(bisi.code);
    expect((await as(null, 'GET', `/r/${back.code}`)).headers.location).toBe(
      `/event-details/${eventId}?ref=${back.code}`,
    );
  });
});
