import { and, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkinsResponse, createdLinkResponse, linkSessionResponse } from '../../contract/checkin';
import { type Order, orderResponse, payResponse } from '../../contract/orders';
import { salesResponse } from '../../contract/organiser';
import {
  checkinChartsResponse,
  SALES_CSV_COLUMNS,
  salesChartsResponse,
} from '../../contract/organiserCharts';
import { orders, paymentAttempts } from '../../server/db/schema';
import { authed } from '../helpers/accounts';
import { buyTickets } from '../helpers/checkin';
import { buyerOf, eventWithTypes, type Person, person } from '../helpers/checkout';
import { testDatabases } from '../helpers/databases';
import { fakePaystackFee } from '../helpers/fakePaystackCheckout';
import { buildTestApp, type TestApp } from '../helpers/testApp';

const HOUR = 3_600_000;
const lagosDay = (d: Date) => new Date(d.getTime() + HOUR).toISOString().slice(0, 10);
/**
 * The sales' times are set from one instant taken once, never read from the clock again: "today's"
 * sales at `soldAt` (the hour before the last whole hour), "yesterday's" exactly 24 hours earlier. So
 * the series has one bucket per Lagos day whatever the hour the suite runs — at 23:00 UTC (Lagos
 * midnight) a setup that straddled midnight used to split "today" in two, or put it on another day
 * than the assertion's `new Date()`.
 */
let soldAt: Date;

/**
 * The organiser's charts (decision 039): the series are the Sales tab's paid orders over time, so
 * summing them gives the Sales totals; money and check-ins come from the same orders; owner only.
 */
describe.each(testDatabases)('Organiser charts on $name', (database) => {
  let t: TestApp;
  let organiser: Person;
  let buyer: Person;
  let stranger: Person;
  let eventId: string;
  let regularId: string;
  let vipId: string;
  let freeId: string;
  let eventStart: Date;
  let discounted: Order;
  let real: Order;

  /** An order with a discount code, paid through the test-mode provider (as checkout does it). */
  async function buyWithCode(items: Record<string, number>, code: string) {
    const created = await authed(t, 'POST', '/api/orders', buyer.token, {
      eventId,
      items,
      buyer: buyerOf(buyer),
    });
    expect(created.statusCode, created.body).toBe(201);
    const orderId = orderResponse.parse(created.json()).order._id;
    const applied = await authed(t, 'POST', `/api/orders/${orderId}/discount`, buyer.token, { code });
    expect(applied.statusCode, applied.body).toBe(200);
    const pay = await authed(t, 'POST', `/api/orders/${orderId}/pay`, buyer.token, {
      acceptTerms: true,
      emailUpdates: false,
    });
    expect(pay.statusCode, pay.body).toBe(200);
    const answer = payResponse.parse(pay.json());
    if ('reference' in answer) {
      const ok = await t.app.inject({
        method: 'POST',
        url: `/api/payments/test/${answer.reference}/approve`,
      });
      expect(ok.statusCode, ok.body).toBe(200);
    }
    return orderResponse.parse((await authed(t, 'GET', `/api/orders/${orderId}`, buyer.token)).json()).order;
  }

  beforeAll(async () => {
    t = await buildTestApp(database);
    organiser = await person(t.deps.db, 'organiser');
    buyer = await person(t.deps.db, 'buyer');
    stranger = await person(t.deps.db, 'stranger');
    // The event starts in 30 hours: sales made now fall in the hourly window too.
    eventStart = new Date(Math.ceil((Date.now() + 30 * HOUR) / HOUR) * HOUR);
    const lagos = new Date(eventStart.getTime() + HOUR).toISOString();
    const made = await eventWithTypes(
      t.deps.db,
      organiser.id,
      [
        { name: 'Regular', priceKobo: 500_000 },
        { name: 'VIP', priceKobo: 2_000_000 },
        { name: 'Free RSVP', priceKobo: 0 },
      ],
      {
        startDate: lagos.slice(0, 10),
        startTime: lagos.slice(11, 16),
        endDate: lagos.slice(0, 10),
        endTime: '23:59',
      },
    );
    eventId = made.event.id;
    [regularId, vipId, freeId] = made.types.map((x) => x.id) as [string, string, string];
    const code = await authed(t, 'POST', `/api/events/${eventId}/discounts`, organiser.token, {
      code: 'HALF',
      kind: 'percent',
      percentOff: 50,
    });
    expect(code.statusCode, code.body).toBe(201);

    // Test mode: 2 Regular + 1 VIP in one order.
    await buyTickets(t, buyer, eventId, { [regularId]: 2, [vipId]: 1 });
    // Paid for real (settled by the test provider, then marked as a real payment): 3 Regular.
    real = await buyTickets(t, buyer, eventId, { [regularId]: 3 });
    await t.deps.db.update(orders).set({ testMode: false }).where(eq(orders.id, real._id));
    // With the discount code: 2 VIP at half price, test mode.
    discounted = await buyWithCode({ [vipId]: 2 }, 'HALF');
    // Free: 4 RSVPs.
    await buyTickets(t, buyer, eventId, { [freeId]: 4 });
    // Bought yesterday (moved back by a day, as a day-old sale): 1 Regular, test mode.
    const old = await buyTickets(t, buyer, eventId, { [regularId]: 1 });
    // Every sale at one fixed instant (see soldAt), the day-old one 24 hours before it.
    soldAt = new Date(Math.floor(Date.now() / HOUR) * HOUR - HOUR);
    await t.deps.db
      .update(orders)
      .set({ paidAt: soldAt })
      .where(and(eq(orders.eventId, eventId), ne(orders.id, old._id)));
    await t.deps.db
      .update(orders)
      .set({ paidAt: new Date(soldAt.getTime() - 24 * HOUR) })
      .where(eq(orders.id, old._id));
    // Cancelled by the organiser: paid, then refunded (1 VIP, ₦20,000), counted in no sale.
    const gone = await buyTickets(t, buyer, eventId, { [vipId]: 1 });
    expect((await authed(t, 'POST', `/api/orders/${gone._id}/cancel`, organiser.token)).statusCode).toBe(200);
  }, 240_000);
  afterAll(async () => t?.close());

  const get = async (url: string, token = organiser.token) => {
    const res = await authed(t, 'GET', url, token);
    expect(res.statusCode, res.body).toBe(200);
    return res;
  };

  it('the daily and hourly series add up to the Sales totals, per ticket type, test share labelled', async () => {
    const sales = salesResponse.parse((await get(`/api/events/${eventId}/sales`)).json());
    const charts = salesChartsResponse.parse((await get(`/api/events/${eventId}/sales/charts`)).json());
    expect(charts.eventStart).toBe(eventStart.toISOString());
    expect(charts.ticketTypes.map((x) => x.ticketName)).toEqual(['Free RSVP', 'Regular', 'VIP']);

    const sum = (buckets: typeof charts.daily, id?: string) =>
      buckets
        .flatMap((b) => b.perType)
        .filter((p) => !id || p.ticketId === id)
        .reduce(
          (s, p) => ({
            sold: s.sold + p.sold,
            revenue: s.revenue + p.revenue,
            testSold: s.testSold + p.testSold,
            testRevenue: s.testRevenue + p.testRevenue,
          }),
          { sold: 0, revenue: 0, testSold: 0, testRevenue: 0 },
        );
    // Regular 2 + 3 + 1 = 6 (3 in test mode), VIP 1 + 2 = 3 (test mode), Free 4 (no payment: not test mode).
    expect(sales.totals).toMatchObject({ sold: 13, revenue: 90_000, testSold: 6, testRevenue: 75_000 });
    const { orders: _o, testOrders: _t, ...totals } = sales.totals;
    expect(sum(charts.daily)).toEqual(totals);
    for (const row of sales.rows) {
      expect(sum(charts.daily, row.ticketId)).toEqual({
        sold: row.sold,
        revenue: row.revenue,
        testSold: row.testSold,
        testRevenue: row.testRevenue,
      });
    }

    // Two Lagos days: yesterday's one Regular, and today's the rest.
    expect(charts.daily.map((b) => lagosDay(new Date(b.start)))).toEqual([
      lagosDay(new Date(soldAt.getTime() - 24 * HOUR)),
      lagosDay(soldAt),
    ]);
    // Each day starts at Lagos midnight (23:00 UTC the day before).
    for (const b of charts.daily)
      expect(new Date(Date.parse(b.start) + HOUR).toISOString().slice(11, 19)).toBe('00:00:00');
    expect(sum([charts.daily[0]!])).toEqual({ sold: 1, revenue: 5_000, testSold: 1, testRevenue: 5_000 });

    // The hourly window is the 48 h before the start (30 h away): every sale but yesterday's, on the hour.
    expect(sum(charts.hourly)).toEqual({
      sold: totals.sold - 1,
      revenue: totals.revenue - 5_000,
      testSold: totals.testSold - 1,
      testRevenue: totals.testRevenue - 5_000,
    });
    for (const b of charts.hourly) {
      expect(Date.parse(b.start) % HOUR).toBe(0);
      expect(Date.parse(b.start)).toBeGreaterThanOrEqual(eventStart.getTime() - 48 * HOUR);
      expect(Date.parse(b.start)).toBeLessThan(eventStart.getTime());
    }

    // Discount codes' share: the 2 VIP with HALF, and the ₦20,000 they were given.
    const coded = charts.daily.flatMap((b) => b.perType).filter((p) => p.discountedSold > 0);
    expect(coded).toEqual([
      expect.objectContaining({ ticketId: vipId, discountedSold: 2, testDiscountedSold: 2 }),
    ]);
    expect(charts.daily.reduce((s, b) => s + b.discount, 0)).toBe(discounted.discount);
    expect(discounted.discount).toBe(20_000);
  });

  it('breaks the money down from the stored orders: gross, discounts, Gatepass fee, refunds, organiser', async () => {
    const charts = salesChartsResponse.parse((await get(`/api/events/${eventId}/sales/charts`)).json());
    const all = await t.deps.db.select().from(orders).where(eq(orders.eventId, eventId));
    const paid = all.filter((o) => o.status === 'paid');
    const fees = paid.reduce((s, o) => s + o.feesKobo, 0) / 100;
    expect(fees).toBeGreaterThan(0);
    // The test-mode provider answers what Paystack would have kept of each payment (its price list).
    const succeeded = (await t.deps.db.select().from(paymentAttempts)).filter(
      (a) => a.status === 'success' && all.some((o) => o.id === a.orderId),
    );
    expect(succeeded.length).toBeGreaterThan(0);
    const paystackFee = succeeded.reduce((s, a) => s + fakePaystackFee(a.amountKobo), 0) / 100;
    const testPaystackFee =
      succeeded
        .filter((a) => all.find((o) => o.id === a.orderId)!.testMode)
        .reduce((s, a) => s + fakePaystackFee(a.amountKobo), 0) / 100;
    expect(charts.money).toEqual({
      gross: 90_000,
      discounts: 20_000,
      gatepassFee: fees,
      refunds: 20_000,
      organiserReceives: 70_000,
      paystackFee,
      paystackFeeUnrecorded: 0,
      test: {
        gross: 75_000,
        discounts: 20_000,
        gatepassFee: paid.filter((o) => o.testMode).reduce((s, o) => s + o.feesKobo, 0) / 100,
        refunds: 20_000,
        organiserReceives: 55_000,
        paystackFee: testPaystackFee,
        paystackFeeUnrecorded: 0,
      },
    });
  });

  it('sales.csv lists each day and ticket type with the same figures', async () => {
    const res = await get(`/api/events/${eventId}/sales.csv`);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="sales.csv"');
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe(SALES_CSV_COLUMNS.join(','));
    const today = lagosDay(soldAt);
    const yesterday = lagosDay(new Date(soldAt.getTime() - 24 * HOUR));
    expect(lines.slice(1)).toEqual([
      `${yesterday},Regular,1,5000.00,1,5000.00,0,`,
      `${today},Free RSVP,4,0.00,0,0.00,0,`,
      `${today},Regular,5,25000.00,2,10000.00,0,`,
      `${today},VIP,3,60000.00,3,60000.00,2,`,
    ]);
  });

  it('counts arrivals per 15 minutes and gate, and checked in beside sold per ticket type', async () => {
    const { token, pin } = createdLinkResponse.parse(
      (
        await authed(t, 'POST', `/api/events/${eventId}/checkin-links`, organiser.token, { label: 'Gate A' })
      ).json(),
    );
    const session = linkSessionResponse.parse(
      (await authed(t, 'POST', '/api/checkin/links/session', undefined, { token, pin })).json(),
    );
    const scan = async (bearer: string, code: string) => {
      const res = await authed(t, 'POST', `/api/checkin/${eventId}`, bearer, { code });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().result).toBe('checked_in');
    };
    await scan(session.sessionToken, real.tickets[0]!.code);
    await scan(session.sessionToken, real.tickets[1]!.code);
    await scan(organiser.token, discounted.tickets[0]!.code);

    const charts = checkinChartsResponse.parse((await get(`/api/events/${eventId}/checkins/charts`)).json());
    // A scan made with an account counts under that person's name, on the chart and in the counts.
    const byAccount = `${organiser.firstName} ${organiser.lastName}`;
    expect(charts.gates).toEqual(['Gate A', byAccount]);
    const byGate = (g: string) =>
      charts.arrivals.filter((a) => a.gate === g).reduce((s, a) => s + a.checkedIn, 0);
    expect([byGate('Gate A'), byGate(byAccount)]).toEqual([2, 1]);
    expect(charts.arrivals.find((a) => a.gate === byAccount)?.testCheckedIn).toBe(1);
    const { counts } = checkinsResponse.parse((await get(`/api/events/${eventId}/checkins`)).json());
    expect(counts.perGate).toEqual([
      { gate: 'Gate A', checkedIn: 2 },
      { gate: byAccount, checkedIn: 1 },
    ]);
    for (const a of charts.arrivals) expect(Date.parse(a.start) % (15 * 60_000)).toBe(0);
    for (const a of charts.arrivals)
      expect(Date.now() - Date.parse(a.start)).toBeLessThan(15 * 60_000 + 60_000);

    const sales = salesResponse.parse((await get(`/api/events/${eventId}/sales`)).json());
    expect(charts.perType).toEqual(
      sales.rows.map((r) => ({
        ticketId: r.ticketId,
        ticketName: r.ticketName,
        sold: r.sold,
        testSold: r.testSold,
        checkedIn: r.ticketId === regularId ? 2 : r.ticketId === vipId ? 1 : 0,
        testCheckedIn: r.ticketId === vipId ? 1 : 0,
      })),
    );
  });

  it('is the owner’s only: 403 for another account, 401 signed out, 404 for a malformed id', async () => {
    for (const path of ['sales/charts', 'sales.csv', 'checkins/charts']) {
      const other = await authed(t, 'GET', `/api/events/${eventId}/${path}`, stranger.token);
      expect(other.statusCode, path).toBe(403);
      expect(other.body).not.toContain('Regular');
      expect((await authed(t, 'GET', `/api/events/${eventId}/${path}`, undefined)).statusCode, path).toBe(
        401,
      );
      const bad = await authed(t, 'GET', `/api/events/not-an-id/${path}`, organiser.token);
      expect([400, 404], path).toContain(bad.statusCode);
      expect(bad.json().message).toBeTruthy();
    }
  });
});
