import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderResponse } from '../../contract/orders';
import { myPromotionsResponse, type Promoter, promotersResponse } from '../../contract/promoters';
import { issuedTickets, mailOutbox, orderPromoters, orders, payoutAccounts } from '../../server/db/schema';
import { buyerOf, eventWithTypes, type Person, person } from '../helpers/checkout';
import { testDatabases } from '../helpers/databases';
import type { PaystackApp } from '../helpers/paystackApp';
import { paystackApp } from '../helpers/paystackApp';

/**
 * Promoters on commission (decision 064) against the fake Paystack server: links and clicks,
 * attribution at payment (and a code of another event's promoter ignored), commission on what was
 * paid after a discount, refunds taking it back, a split settling it, the promoter's own page
 * without any buyer's details, and who may manage promoters.
 */
describe.each(testDatabases)('promoters on commission on $name', (database) => {
  let p: PaystackApp;
  let organiser: Person;
  let eventId: string;
  let regularId: string;
  let vipId: string;
  let otherEventCode: string;

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
    const made = await as(organiser, 'POST', `/api/events/${other.event.id}/promoters`, {
      name: 'Other Promoter',
      email: 'other.promoter@example.ng',
      commission: { kind: 'percent', value: 50 },
    });
    otherEventCode = promotersResponse.parse(made.json()).promoters[0]!.code;
  }, 120_000);
  afterAll(async () => p?.close());

  const as = (who: Person | null, method: 'GET' | 'POST', url: string, payload?: object) =>
    p.t.app.inject({
      method,
      url,
      ...(payload ? { payload } : {}),
      headers: who ? { authorization: `Bearer ${who.token}` } : {},
    });

  async function addPromoter(email: string, commission: object, perType?: object): Promise<Promoter> {
    const res = await as(organiser, 'POST', `/api/events/${eventId}/promoters`, {
      name: 'Kemi Adeyemi',
      email,
      commission,
      ...(perType ? { perType } : {}),
    });
    expect(res.statusCode, res.body).toBe(201);
    return promotersResponse.parse(res.json()).promoters.find((x) => x.email === email.toLowerCase())!;
  }

  /** A buyer reserves, maybe applies a discount, pays with the given codes, and the fake Paystack takes the money. */
  async function buy(buyer: Person, items: Record<string, number>, refs: string[], discount?: string) {
    const reserved = await as(buyer, 'POST', '/api/orders', { eventId, items, buyer: buyerOf(buyer) });
    expect(reserved.statusCode, reserved.body).toBe(201);
    const orderId = orderResponse.parse(reserved.json()).order._id;
    if (discount) {
      const applied = await as(buyer, 'POST', `/api/orders/${orderId}/discount`, { code: discount });
      expect(applied.statusCode, applied.body).toBe(200);
    }
    const pay = await as(buyer, 'POST', `/api/orders/${orderId}/pay`, {
      acceptTerms: true,
      emailUpdates: false,
      refs,
    });
    expect(pay.statusCode, pay.body).toBe(200);
    const reference = pay.json().reference as string;
    p.ledger.pay(reference);
    const verified = await as(buyer, 'POST', `/api/orders/${orderId}/verify`);
    expect(verified.json().order.status).toBe('paid');
    return { orderId, reference };
  }

  const attribution = async (orderId: string) =>
    (await p.t.deps.db.select().from(orderPromoters).where(eq(orderPromoters.orderId, orderId)))[0] ?? null;
  const figuresOf = async (code: string) => {
    const res = await as(organiser, 'GET', `/api/events/${eventId}/promoters`);
    expect(res.statusCode, res.body).toBe(200);
    return promotersResponse.parse(res.json()).promoters.find((x) => x.code === code)!.figures;
  };

  it('adds a promoter with links, mails the invitation, counts clicks and redirects the short link', async () => {
    const promoter = await addPromoter('Kemi.Links@example.ng', { kind: 'percent', value: 10 });
    expect(promoter.code).toMatch(/^[a-z2-9]{8}$/);
    expect(promoter.link).toBe(`http://gatepass.test/event-details/${eventId}?ref=${promoter.code}`);
    expect(promoter.shortLink).toBe(`http://gatepass.test/r/${promoter.code}`);
    const [mail] = await p.t.deps.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, 'kemi.links@example.ng'));
    expect(mail?.subject).toBe('Promote Afrobeats Night Lagos on Gatepass');
    expect(mail?.text).toContain(promoter.shortLink);
    expect(mail?.text).toContain('10 %');

    const redirect = await as(null, 'GET', `/r/${promoter.code}`);
    expect(redirect.statusCode).toBe(302);
    expect(redirect.headers.location).toBe(`/event-details/${eventId}?ref=${promoter.code}`);
    expect((await as(null, 'GET', '/r/zzzzzzzz')).headers.location).toBe('/');

    for (let i = 0; i < 3; i += 1) {
      const click = await as(null, 'POST', '/api/promoters/click', { code: promoter.code });
      expect(click.json()).toEqual({ eventId });
    }
    expect((await figuresOf(promoter.code)).clicks).toBe(3);
    expect((await as(null, 'POST', '/api/promoters/click', { code: 'zzzzzzzz' })).statusCode).toBe(404);
    expect((await as(null, 'POST', '/api/promoters/click', { code: 7 })).json().message).toBe(
      'Code must be text',
    );

    const again = await as(organiser, 'POST', `/api/events/${eventId}/promoters`, {
      name: 'Kemi',
      email: 'kemi.links@example.ng',
      commission: { kind: 'flat', value: 500 },
    });
    expect(again.statusCode).toBe(409);
    const tooMuch = await as(organiser, 'POST', `/api/events/${eventId}/promoters`, {
      name: 'Kemi',
      email: 'kemi.more@example.ng',
      commission: { kind: 'percent', value: 120 },
    });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().message).toContain('at most 100 %');
  });

  it('attributes the order paid with the link; a code of another event’s promoter is ignored', async () => {
    const promoter = await addPromoter('kemi.attr@example.ng', { kind: 'percent', value: 10 });
    const { orderId } = await buy(await person(p.t.deps.db), { [regularId]: 2 }, [
      otherEventCode,
      promoter.code,
    ]);
    expect(await attribution(orderId)).toMatchObject({ promoterId: promoter.id, commissionKobo: 200_000 });

    const stray = await buy(await person(p.t.deps.db), { [regularId]: 1 }, [otherEventCode]);
    expect(await attribution(stray.orderId)).toBeNull();
    const figures = await figuresOf(promoter.code);
    expect(figures).toMatchObject({ orders: 1, tickets: 2, salesNaira: 20_000, commissionNaira: 2000 });
    expect(figures.owedNaira).toBe(2000);
  });

  it('commission is on what was paid after a discount, never the fees; per-type rules apply', async () => {
    const discount = await as(organiser, 'POST', `/api/events/${eventId}/discounts`, {
      code: 'HALFOFF',
      kind: 'percent',
      percentOff: 50,
    });
    expect(discount.statusCode, discount.body).toBe(201);
    const promoter = await addPromoter(
      'kemi.discount@example.ng',
      { kind: 'percent', value: 10 },
      { [vipId]: { kind: 'flat', value: 3000 } },
    );
    const { orderId } = await buy(
      await person(p.t.deps.db),
      { [regularId]: 2, [vipId]: 1 },
      [promoter.code],
      'HALFOFF',
    );
    const [order] = await p.t.deps.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order!.discountKobo).toBe(3_500_000);
    expect(order!.feesKobo).toBeGreaterThan(0);
    // Regular: 10 % of ₦10,000 paid (₦20,000 less half) = ₦1,000; VIP: ₦3,000 flat per ticket.
    expect((await attribution(orderId))?.commissionKobo).toBe(100_000 + 300_000);
  });

  it('refunds take the commission back: one ticket of two halves it, the rest takes it all', async () => {
    const promoter = await addPromoter('kemi.refund@example.ng', { kind: 'flat', value: 1000 });
    const { orderId } = await buy(await person(p.t.deps.db), { [regularId]: 2 }, [promoter.code]);
    expect((await figuresOf(promoter.code)).commissionNaira).toBe(2000);
    const tickets = await p.t.deps.db.select().from(issuedTickets).where(eq(issuedTickets.orderId, orderId));
    expect(tickets).toHaveLength(2);
    const refund = (ids: string[], key: string) =>
      as(organiser, 'POST', `/api/orders/${orderId}/refunds`, {
        tickets: ids,
        reason: 'Cannot come',
        requestKey: key,
      });
    expect((await refund([tickets[0]!.id], 'promoter-refund-1')).statusCode).toBe(201);
    expect(await figuresOf(promoter.code)).toMatchObject({
      tickets: 1,
      commissionNaira: 1000,
      reversedNaira: 1000,
      owedNaira: 1000,
    });
    expect((await refund([tickets[1]!.id], 'promoter-refund-2')).statusCode).toBe(201);
    expect(await figuresOf(promoter.code)).toMatchObject({
      tickets: 0,
      commissionNaira: 0,
      reversedNaira: 2000,
      owedNaira: 0,
    });
  });

  it('a promoter with a verified payout account is paid by Paystack’s split in the payment itself', async () => {
    const kemi = await person(p.t.deps.db, 'promoter');
    await p.t.deps.db.insert(payoutAccounts).values({
      userId: kemi.id,
      bankCode: '044',
      bankName: 'Access Bank',
      accountNumber: '0691234567',
      accountName: 'KEMI ADEYEMI',
      subaccountCode: 'ACCT_promoter1',
      providerMode: 'paystack',
    });
    const promoter = await addPromoter(kemi.email, { kind: 'percent', value: 10 });
    expect(promoter.payoutReady).toBe(true);
    const { orderId, reference } = await buy(await person(p.t.deps.db), { [regularId]: 3 }, [promoter.code]);
    const tx = p.ledger.transactions.get(reference)!;
    expect(tx.body.subaccount).toBeUndefined();
    expect(tx.split).toEqual({
      type: 'flat',
      bearer_type: 'account',
      subaccounts: [
        { subaccount: 'ACCT_organiser1', share: 3_000_000 - 300_000 },
        { subaccount: 'ACCT_promoter1', share: 300_000 },
      ],
    });
    // The fake settles the paid amount: the promoter's ₦3,000, the organiser's the rest of the
    // ticket money, Gatepass the fees.
    const [order] = await p.t.deps.db.select().from(orders).where(eq(orders.id, orderId));
    expect(tx.settled).toEqual({
      ACCT_organiser1: 2_700_000,
      ACCT_promoter1: 300_000,
      main: order!.feesKobo,
    });
    expect(await attribution(orderId)).toMatchObject({ settlement: 'split', commissionKobo: 300_000 });
    expect(await figuresOf(promoter.code)).toMatchObject({ settledNaira: 3000, owedNaira: 0 });

    // The promoter's own page: figures, and not one detail of the buyer.
    const mine = await as(kemi, 'GET', '/api/promoters/mine');
    expect(mine.statusCode).toBe(200);
    const page = myPromotionsResponse.parse(mine.json());
    expect(page.promotions).toHaveLength(1);
    expect(page.promotions[0]).toMatchObject({ eventId, payoutReady: true });
    expect(page.promotions[0]!.figures).toMatchObject({ orders: 1, tickets: 3, commissionNaira: 3000 });
    const buyers = await p.t.deps.db
      .select({ email: orders.buyerEmail, first: orders.buyerFirstName, phone: orders.buyerPhone })
      .from(orders)
      .where(eq(orders.eventId, eventId));
    for (const b of buyers) {
      expect(mine.body).not.toContain(b.email);
      expect(mine.body).not.toContain(b.phone);
    }
    expect(mine.body).not.toMatch(/Ngozi|Eze|buyerEmail|phone/);
  });

  it('only the event’s managers add promoters and only its money side reads them (403 otherwise)', async () => {
    const stranger = await person(p.t.deps.db, 'stranger');
    const add = await as(stranger, 'POST', `/api/events/${eventId}/promoters`, {
      name: 'X',
      email: 'x@example.ng',
      commission: { kind: 'percent', value: 5 },
    });
    expect(add.statusCode).toBe(403);
    expect(add.json().message).toBe('You can only manage your own events.');
    expect((await as(stranger, 'GET', `/api/events/${eventId}/promoters`)).statusCode).toBe(403);
    expect((await as(stranger, 'GET', `/api/events/${eventId}/promoters.csv`)).statusCode).toBe(403);
    expect((await as(null, 'GET', `/api/events/${eventId}/promoters`)).statusCode).toBe(401);
    // A stranger's promoter page is simply empty.
    expect((await as(stranger, 'GET', '/api/promoters/mine')).json()).toEqual({ promotions: [] });

    const csv = await as(organiser, 'GET', `/api/events/${eventId}/promoters.csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Promoter,Email,Link code,Clicks,Orders,Tickets,Sales (NGN),Commission (NGN),Settled by split (NGN),Owed (NGN),Reversed by refunds (NGN)',
    );
    expect(lines.some((l) => l.startsWith('Kemi Adeyemi,kemi.refund@example.ng,'))).toBe(true);

    // The Sales tab lists each promoter; sales.csv names whose links sold each day's tickets.
    const sales = await as(organiser, 'GET', `/api/events/${eventId}/sales`);
    const byPromoter = sales.json().byPromoter as { name: string; tickets: number }[];
    expect(byPromoter.length).toBeGreaterThanOrEqual(5);
    expect(byPromoter.reduce((n, x) => n + x.tickets, 0)).toBe(2 + 3 + 3);
    const salesCsv = await as(organiser, 'GET', `/api/events/${eventId}/sales.csv`);
    const rows = salesCsv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(rows[0]!.endsWith(',Tickets By Promoter')).toBe(true);
    // Today's Regular row: three promoters' links sold 2, 2 and 3 (the refunded order's none).
    const regular = rows.find((r) => r.includes(',Regular,'))!;
    expect((regular.match(/Kemi Adeyemi: (\d+)/g) ?? []).sort()).toEqual([
      'Kemi Adeyemi: 2',
      'Kemi Adeyemi: 2',
      'Kemi Adeyemi: 3',
    ]);
  });
});
