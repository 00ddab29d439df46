import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guestlistResponse, salesResponse } from '../../contract/organiser';
import { orders } from '../../server/db/schema';
import { authed } from '../helpers/accounts';
import { testDatabases } from '../helpers/databases';
import {
  createEvent,
  createTicket,
  freeTicket,
  insertPaidOrder,
  organiser,
  paidTicket,
  savePayout,
} from '../helpers/organiser';
import { buildTestApp, type TestApp } from '../helpers/testApp';

describe.each(testDatabases)('guestlist, CSV export and sales on $name', (database) => {
  let t: TestApp;
  /** Checkout's order reference ('GP-…'), the order number organisers see. */
  const referenceOf = async (orderId: string) =>
    (await t.deps.db.select({ r: orders.reference }).from(orders).where(eq(orders.id, orderId)))[0]!.r;
  let ada: Awaited<ReturnType<typeof organiser>>;
  let eventId: string;
  let emptyEventId: string;
  let regularId: string;
  let vipId: string;
  let orderA: string;
  let orderB: string;

  beforeAll(async () => {
    t = await buildTestApp(database);
    ada = await organiser(t);
    eventId = (await createEvent(t, ada.token))._id;
    emptyEventId = (await createEvent(t, ada.token))._id;
    regularId = (await createTicket(t, ada.token, freeTicket(eventId, { ticketName: 'Regular' })))._id;
    await savePayout(t, ada);
    vipId = (
      await createTicket(
        t,
        ada.token,
        paidTicket(eventId, {
          ticketName: 'VIP, "Gold"',
          ticketPrice: 2500.5,
          bank: '058',
          accountNumber: '2034567891',
        }),
      )
    )._id;
    orderA = await insertPaidOrder(t, {
      eventId,
      buyer: { firstName: 'Ngozi', lastName: 'Eze, Jr.', email: 'ngozi@example.ng' },
      lines: [
        { ticketTypeId: regularId, quantity: 2, unitPriceKobo: 0 },
        { ticketTypeId: vipId, quantity: 1, unitPriceKobo: 250_050 },
      ],
    });
    orderB = await insertPaidOrder(t, {
      eventId,
      buyer: { firstName: '=HYPERLINK("http://evil")', lastName: 'Ọlá', email: 'ola@example.ng' },
      lines: [{ ticketTypeId: vipId, quantity: 3, unitPriceKobo: 250_050 }],
    });
    // Not paid: appears nowhere.
    await insertPaidOrder(t, {
      eventId,
      status: 'reserved',
      buyer: { firstName: 'Pending', lastName: 'Person', email: 'p@example.ng' },
      lines: [{ ticketTypeId: vipId, quantity: 5, unitPriceKobo: 250_050 }],
    });
  });
  afterAll(async () => t?.close());

  it('lists paid order lines with ticket, quantity, buyer, order number and date; searches', async () => {
    const res = await authed(t, 'GET', `/api/events/${eventId}/guestlist`, ada.token);
    expect(res.statusCode, res.body).toBe(200);
    const list = guestlistResponse.parse(res.json());
    expect(list.totals).toEqual({ orders: 2, tickets: 6, checkedIn: 0 });
    expect(list.rows.map((r) => [r.ticketName, r.quantity, r.purchasedBy])).toEqual(
      expect.arrayContaining([
        ['Regular', 2, 'Ngozi Eze, Jr.'],
        ['VIP, "Gold"', 1, 'Ngozi Eze, Jr.'],
        ['VIP, "Gold"', 3, '=HYPERLINK("http://evil") Ọlá'],
      ]),
    );
    expect(list.rows).toHaveLength(3);
    const a = list.rows.find((r) => r.orderId === orderA)!;
    expect(a.orderNumber).toBe(await referenceOf(orderA));
    expect(a.testMode).toBe(false);
    expect(Number.isNaN(Date.parse(a.orderDate))).toBe(false);

    const search = async (q: string) =>
      guestlistResponse.parse(
        (
          await authed(t, 'GET', `/api/events/${eventId}/guestlist?q=${encodeURIComponent(q)}`, ada.token)
        ).json(),
      ).rows;
    expect((await search('ngozi')).map((r) => r.orderId)).toEqual([orderA, orderA]);
    expect((await search('OLA@EXAMPLE')).map((r) => r.orderId)).toEqual([orderB]);
    expect((await search('gold')).length).toBe(2);
    expect((await search((await referenceOf(orderB)).slice(3))).map((r) => r.orderId)).toEqual([orderB]);
    expect(await search('%')).toEqual([]);
    expect(await search('nobody')).toEqual([]);
  });

  it('exports guestlist.csv: UTF-8 with BOM, the six columns, quoting that survives commas and quotes', async () => {
    const res = await authed(t, 'GET', `/api/events/${eventId}/guestlist.csv`, ada.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="guestlist.csv"');
    const bytes = res.rawPayload;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.subarray(3).toString('utf8');
    const lines = text.split('\r\n');
    expect(lines[0]).toBe('Ticket Name,Quantity,Purchased By,Order Number,Order Date,Checked In At');
    const number = await referenceOf(orderA);
    expect(text).toContain(`"VIP, ""Gold""",1,"Ngozi Eze, Jr.",${number},`);
    expect(text).toContain(`Regular,2,"Ngozi Eze, Jr.",${number},`);
    // Formula-looking names are neutralised; non-ASCII survives; nobody is checked in yet.
    expect(text).toContain(`'=HYPERLINK(""http://evil"") Ọlá`);
    expect(text).toMatch(/,\d{4}-\d{2}-\d{2} \d{2}:\d{2},\r\n/);
    expect(lines.filter(Boolean)).toHaveLength(4);

    const filtered = await authed(t, 'GET', `/api/events/${eventId}/guestlist.csv?q=ngozi`, ada.token);
    expect(filtered.rawPayload.subarray(3).toString('utf8').split('\r\n').filter(Boolean)).toHaveLength(3);
    const empty = await authed(t, 'GET', `/api/events/${emptyEventId}/guestlist.csv`, ada.token);
    expect(empty.rawPayload.subarray(3).toString('utf8')).toBe(
      'Ticket Name,Quantity,Purchased By,Order Number,Order Date,Checked In At\r\n',
    );
  });

  it('sales: per ticket type price, sold and revenue from paid orders, with totals', async () => {
    const res = await authed(t, 'GET', `/api/events/${eventId}/sales`, ada.token);
    expect(res.statusCode, res.body).toBe(200);
    const sales = salesResponse.parse(res.json());
    expect(sales.rows.map((r) => [r.ticketName, r.ticketPrice, r.sold, r.revenue])).toEqual([
      ['Regular', 0, 2, 0],
      ['VIP, "Gold"', 2500.5, 4, 10002],
    ]);
    expect(sales.totals).toEqual({
      sold: 6,
      revenue: 10002,
      orders: 2,
      testSold: 0,
      testRevenue: 0,
      testOrders: 0,
    });
    // Sums are done in 64-bit kobo: twelve ₦10m tickets are ₦120m, past a 32-bit integer of kobo and past
    // any single amount (orders of two, as each order's own total must fit its column).
    const bigEvent = (await createEvent(t, ada.token))._id;
    const gala = await createTicket(
      t,
      ada.token,
      paidTicket(bigEvent, { ticketName: 'Gala', ticketPrice: 10_000_000 }),
    );
    for (let n = 0; n < 6; n += 1) {
      await insertPaidOrder(t, {
        eventId: bigEvent,
        lines: [{ ticketTypeId: gala._id, quantity: 2, unitPriceKobo: 1_000_000_000 }],
      });
    }
    const big = salesResponse.parse(
      (await authed(t, 'GET', `/api/events/${bigEvent}/sales`, ada.token)).json(),
    );
    expect(big.totals).toEqual({
      sold: 12,
      revenue: 120_000_000,
      orders: 6,
      testSold: 0,
      testRevenue: 0,
      testOrders: 0,
    });
    const mine = (await authed(t, 'GET', `/api/events/user/${ada.user._id}`, ada.token)).json();
    expect(mine.find((e: { _id: string }) => e._id === bigEvent).sold).toBe(12);
    const none = salesResponse.parse(
      (await authed(t, 'GET', `/api/events/${emptyEventId}/sales`, ada.token)).json(),
    );
    expect(none).toEqual({
      rows: [],
      totals: { sold: 0, revenue: 0, orders: 0, testSold: 0, testRevenue: 0, testOrders: 0 },
      byPromoter: [],
    });
  });
});
