import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refundQuote, refundResponse } from '../../contract/refunds';
import { orderRefunds, orders } from '../../server/db/schema';
import { authed } from '../helpers/accounts';
import { buyTickets } from '../helpers/checkin';
import { eventWithTypes, type Person, person } from '../helpers/checkout';
import { testDatabases } from '../helpers/databases';
import { buildTestApp, type TestApp } from '../helpers/testApp';

let keys = 0;
const key = () => `quote-${Date.now().toString(36)}-${++keys}`;

/**
 * The refund review's amount (decision 055): POST /api/orders/:id/refunds/quote answers what a refund
 * of these seats gives back, by the refund's own rule, and the refund then records exactly that.
 */
describe.each(testDatabases)('Refund quote on $name', (database) => {
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

  const quote = (orderId: string, tickets: unknown, token = organiser.token) =>
    authed(t, 'POST', `/api/orders/${orderId}/refunds/quote`, token, { tickets });
  const refund = (orderId: string, tickets: string[]) =>
    authed(t, 'POST', `/api/orders/${orderId}/refunds`, organiser.token, {
      tickets,
      reason: 'Moved',
      requestKey: key(),
    });
  const refundRows = async (orderId: string) =>
    t.deps.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, orderId));

  it('quotes some seats at their unit price, writes nothing, and the refund records the same', async () => {
    const buyer = await person(t.deps.db);
    const order = await buyTickets(t, buyer, eventId, { [regularId]: 2, [vipId]: 1 });
    const [regular, , vip] = order.tickets;
    const seats = [regular!.code, vip!.code];
    const res = await quote(order._id, seats);
    expect(res.statusCode, res.body).toBe(200);
    const [paid] = await t.deps.db.select().from(orders).where(eq(orders.id, order._id));
    // ₦5,000 + ₦20,000; not every seat, so not the whole payment.
    expect(refundQuote.parse(res.json())).toEqual({
      amountNaira: 25_000,
      everySeat: false,
      remainingNaira: paid!.totalKobo / 100,
    });
    expect(await refundRows(order._id)).toEqual([]);
    const done = await refund(order._id, seats);
    expect(done.statusCode, done.body).toBe(201);
    expect(refundResponse.parse(done.json()).refund.amountNaira).toBe(25_000);
  });

  it('quotes every live seat as all that is still paid (fees included), as the refund then takes', async () => {
    const buyer = await person(t.deps.db);
    const order = await buyTickets(t, buyer, eventId, { [regularId]: 3 });
    const [first, second, third] = order.tickets;
    expect((await refund(order._id, [first!.code])).statusCode).toBe(201);
    const [paid] = await t.deps.db.select().from(orders).where(eq(orders.id, order._id));
    const left = paid!.totalKobo / 100 - 5_000;
    const res = await quote(order._id, [second!.code, third!.code]);
    expect(refundQuote.parse(res.json())).toEqual({
      amountNaira: left,
      everySeat: true,
      remainingNaira: left,
    });
    const done = await refund(order._id, [second!.code, third!.code]);
    expect(refundResponse.parse(done.json()).refund).toMatchObject({
      amountNaira: left,
      orderStatus: 'refunded',
    });
  });

  it('refuses what it cannot quote: no seat, a seat not live, an unpaid order, another organiser', async () => {
    const buyer = await person(t.deps.db);
    const order = await buyTickets(t, buyer, eventId, { [regularId]: 2 });
    const none = await quote(order._id, []);
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe('Choose at least one ticket');
    expect((await quote(order._id, [123])).statusCode).toBe(400);
    expect((await quote(order._id, 'GP-1')).statusCode).toBe(400);
    const gone = await quote(order._id, ['GP-NOT-THIS-ORDER']);
    expect(gone.statusCode).toBe(409);
    expect(gone.json().message).toBe('Only live tickets of this order can be refunded.');
    const stranger = await person(t.deps.db, 'organiser');
    expect((await quote(order._id, [order.tickets[0]!.code], stranger.token)).statusCode).toBe(403);
    await t.deps.db.update(orders).set({ status: 'cancelled' }).where(eq(orders.id, order._id));
    const unpaid = await quote(order._id, [order.tickets[0]!.code]);
    expect(unpaid.statusCode).toBe(409);
    expect(unpaid.json().message).toBe('Only a paid order can be refunded.');
    expect(await refundRows(order._id)).toEqual([]);
  });
});
