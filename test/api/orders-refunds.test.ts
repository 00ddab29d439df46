import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { offlineListResponse, scanResponse } from '../../contract/checkin';
import { type Order, orderResponse } from '../../contract/orders';
import { salesResponse } from '../../contract/organiser';
import { salesChartsResponse } from '../../contract/organiserCharts';
import { refundResponse } from '../../contract/refunds';
import { issuedTickets, orderRefunds, orders, ticketTypes } from '../../server/db/schema';
import { authed, lastMailTo } from '../helpers/accounts';
import { buyTickets } from '../helpers/checkin';
import { eventWithTypes, type Person, person } from '../helpers/checkout';
import { testDatabases } from '../helpers/databases';
import { buildTestApp, type TestApp } from '../helpers/testApp';

let keys = 0;
const key = () => `refund-${Date.now().toString(36)}-${++keys}`;

/** The organiser's refunds of part or all of a paid order (issue #24, decision 044), test mode. */
describe.each(testDatabases)('Organiser refunds on $name', (database) => {
  let t: TestApp;
  let organiser: Person;
  let eventId: string;
  let regularId: string;
  let vipId: string;

  beforeAll(async () => {
    t = await buildTestApp(database);
    organiser = await person(t.deps.db, 'organiser');
    const made = await eventWithTypes(t.deps.db, organiser.id, [
      { name: 'Regular', priceKobo: 500_000, capacity: 20 },
      { name: 'VIP', priceKobo: 2_000_000, capacity: 5 },
    ]);
    eventId = made.event.id;
    regularId = made.types[0]!.id;
    vipId = made.types[1]!.id;
  }, 120_000);
  afterAll(async () => t?.close());

  const soldOf = async (id: string) =>
    (await t.deps.db.select({ sold: ticketTypes.sold }).from(ticketTypes).where(eq(ticketTypes.id, id)))[0]!
      .sold;
  const refund = (orderId: string, body: object, token = organiser.token) =>
    authed(t, 'POST', `/api/orders/${orderId}/refunds`, token, body);
  const scan = async (code: string) =>
    scanResponse.parse((await authed(t, 'POST', `/api/checkin/${eventId}`, organiser.token, { code })).json())
      .result;
  const sales = async () =>
    salesResponse.parse((await authed(t, 'GET', `/api/events/${eventId}/sales`, organiser.token)).json())
      .totals;
  const money = async () =>
    salesChartsResponse.parse(
      (await authed(t, 'GET', `/api/events/${eventId}/sales/charts`, organiser.token)).json(),
    ).money;
  const orderOf = async (buyer: Person, id: string): Promise<Order> =>
    orderResponse.parse((await authed(t, 'GET', `/api/orders/${id}`, buyer.token)).json()).order;

  it('refunds some seats: their price, seats back on sale, those tickets refused at the door, the others admit', async () => {
    const buyer = await person(t.deps.db);
    const order = await buyTickets(t, buyer, eventId, { [regularId]: 3 });
    const before = await sales();
    const moneyBefore = await money();
    expect(await soldOf(regularId)).toBe(3);
    const [first, second, third] = order.tickets;
    const res = await refund(order._id, {
      tickets: [first!.code, second!.code],
      reason: 'The front rows were moved',
      requestKey: key(),
    });
    expect(res.statusCode, res.body).toBe(201);
    const done = refundResponse.parse(res.json()).refund;
    expect(done).toMatchObject({ amountNaira: 10_000, status: 'processed', orderStatus: 'paid' });
    expect(done.ticketIds).toHaveLength(2);
    expect(await soldOf(regularId)).toBe(1);
    // The door refuses a revoked ticket (its result screen says 'cancelled'); the reason is kept.
    expect(await scan(first!.code)).toBe('cancelled');
    expect(await scan(second!.code)).toBe('cancelled');
    const revoked = await t.deps.db.select().from(issuedTickets).where(eq(issuedTickets.orderId, order._id));
    const refundedIds = revoked.filter((x) => x.revokeReason === 'refunded').map((x) => x.id);
    expect(refundedIds).toHaveLength(2);
    // A scanner working offline learns it at its next sync: the list's revocations name them.
    const list = offlineListResponse.parse(
      (await authed(t, 'GET', `/api/checkin/${eventId}/list`, organiser.token)).json(),
    );
    expect(list.revoked).toEqual(expect.arrayContaining(refundedIds));
    const stillLive = revoked.find((x) => x.revokedAt === null)!;
    expect(list.revoked).not.toContain(stillLive.id);
    expect(await scan(third!.code)).toBe('checked_in');
    // Every figure agrees: the Sales totals lose two seats and their price.
    const after = await sales();
    expect(after.sold).toBe(before.sold - 2);
    expect(after.revenue).toBe(before.revenue - 10_000);
    const moneyAfter = await money();
    expect(moneyAfter.gross).toBe(after.revenue);
    expect(moneyAfter.refunds).toBe(moneyBefore.refunds + 10_000);
    const mail = await lastMailTo(t, buyer.email, 'Refund');
    expect(mail?.text).toContain('The front rows were moved');
    expect(mail?.text).toContain('₦10,000');
    // The same seats again: they are not live tickets of the order any more.
    const again = await refund(order._id, { tickets: [first!.code], reason: 'Again', requestKey: key() });
    expect(again.statusCode).toBe(409);
    expect((await orderOf(buyer, order._id)).status).toBe('paid');
  });

  it('refunds an amount: tickets still admit; the total never exceeds what was paid (409)', async () => {
    const buyer = await person(t.deps.db);
    const order = await buyTickets(t, buyer, eventId, { [vipId]: 1 });
    const [row] = await t.deps.db.select().from(orders).where(eq(orders.id, order._id));
    const paidNaira = row!.totalKobo / 100;
    const res = await refund(order._id, {
      amountNaira: 5_000,
      reason: 'Bar closed early',
      requestKey: key(),
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(refundResponse.parse(res.json()).refund).toMatchObject({
      amountNaira: 5_000,
      refundedNaira: 5_000,
    });
    expect(await soldOf(vipId)).toBe(1);
    const over = await refund(order._id, { amountNaira: paidNaira, reason: 'Too much', requestKey: key() });
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toMatch(/can still be refunded/);
    expect(
      (await t.deps.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, order._id))).length,
    ).toBe(1);
    expect(await scan(order.tickets[0]!.code)).toBe('checked_in');
    // Cancelling would refund the whole payment again: refused once part went back.
    const cancel = await authed(t, 'POST', `/api/orders/${order._id}/cancel`, organiser.token);
    expect(cancel.statusCode).toBe(409);
    // The rest, exactly: the order ends refunded, its ticket revoked, its seat back on sale.
    const rest = await refund(order._id, {
      amountNaira: paidNaira - 5_000,
      reason: 'Rest',
      requestKey: key(),
    });
    expect(rest.statusCode, rest.body).toBe(201);
    expect(refundResponse.parse(rest.json()).refund.orderStatus).toBe('refunded');
    expect(await soldOf(vipId)).toBe(0);
  });

  it('a repeated request (double click, same key) refunds once', async () => {
    const buyer = await person(t.deps.db);
    const order = await buyTickets(t, buyer, eventId, { [regularId]: 2 });
    const body = { tickets: [order.tickets[0]!.code], reason: 'Double click', requestKey: key() };
    const answers = await Promise.all([refund(order._id, body), refund(order._id, body)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 201]);
    const ids = answers.map((a) => refundResponse.parse(a.json()).refund.id);
    expect(ids[0]).toBe(ids[1]);
    const rows = await t.deps.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, order._id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.amountKobo).toBe(500_000);
  });

  it('every seat chosen refunds all that was paid and ends the order refunded', async () => {
    const buyer = await person(t.deps.db);
    const order = await buyTickets(t, buyer, eventId, { [regularId]: 1, [vipId]: 1 });
    const [row] = await t.deps.db.select().from(orders).where(eq(orders.id, order._id));
    const res = await refund(order._id, {
      tickets: order.tickets.map((x) => x.code),
      reason: 'Event moved',
      requestKey: key(),
    });
    expect(res.statusCode, res.body).toBe(201);
    const done = refundResponse.parse(res.json()).refund;
    expect(done.amountNaira).toBe(row!.totalKobo / 100);
    expect(done.orderStatus).toBe('refunded');
    const later = await refund(order._id, { amountNaira: 1, reason: 'More', requestKey: key() });
    expect(later.statusCode).toBe(409);
  });

  it('bad input: 400 with a sentence, unknown tickets 409, a free order 409, nothing changes', async () => {
    const buyer = await person(t.deps.db);
    const order = await buyTickets(t, buyer, eventId, { [regularId]: 1 });
    const noReason = await refund(order._id, { amountNaira: 10, requestKey: key() });
    expect(noReason.statusCode).toBe(400);
    const long = await refund(order._id, { amountNaira: 10, reason: 'x'.repeat(501), requestKey: key() });
    expect(long.statusCode).toBe(400);
    const nothing = await refund(order._id, { reason: 'Why', requestKey: key() });
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json().message).toMatch(/Choose the tickets/);
    const noKey = await refund(order._id, { amountNaira: 10, reason: 'Why' });
    expect(noKey.statusCode).toBe(400);
    const stranger = await refund(order._id, { tickets: ['not-a-ticket'], reason: 'Why', requestKey: key() });
    expect(stranger.statusCode).toBe(409);
    const buyerTries = await refund(
      order._id,
      { amountNaira: 10, reason: 'Mine', requestKey: key() },
      buyer.token,
    );
    expect(buyerTries.statusCode).toBe(403);
    expect(
      (await t.deps.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, order._id))).length,
    ).toBe(0);
    expect(await soldOf(regularId)).toBeGreaterThan(0);
  });
});
