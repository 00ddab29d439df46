import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderResponse } from '../../contract/orders';
import { type Question, questionListResponse } from '../../contract/questions';
import { orderAnswers } from '../../server/db/schema';
import { authed } from '../helpers/accounts';
import { buyerOf, eventWithTypes, type Person, people } from '../helpers/checkout';
import { testDatabases } from '../helpers/databases';
import { buildTestApp, type TestApp } from '../helpers/testApp';

/**
 * A live hold's seats changed through PUT /api/orders/:id/items (decision 045, amendment 2026-11-27):
 * the answers are checked against the new seats before anything changes.
 */
describe.each(testDatabases)('checkout questions when the seats change, on $name', (database) => {
  let t: TestApp;
  let eventId: string;
  let regularId: string;
  let shirt: Question;
  let matric: Question;
  let dinner: Question;

  beforeAll(async () => {
    t = await buildTestApp(database);
    const [owner] = (await people(t.deps.db, 1, 'qseats')) as [Person];
    const made = await eventWithTypes(t.deps.db, owner.id, [{ name: 'Regular', priceKobo: 0 }]);
    eventId = made.event.id;
    regularId = made.types[0]!.id;
    const ask = (body: object) => authed(t, 'POST', `/api/events/${eventId}/questions`, owner.token, body);
    await ask({
      label: 'T-shirt size',
      kind: 'choice',
      scope: 'attendee',
      required: true,
      options: ['S', 'M', 'L'],
    });
    await ask({ label: 'Matric number', kind: 'text', scope: 'order', required: false });
    const list = await ask({ label: 'Dinner?', kind: 'yes_no', scope: 'order', required: true });
    [shirt, matric, dinner] = questionListResponse.parse(list.json()).questions as [
      Question,
      Question,
      Question,
    ];
  }, 120_000);
  afterAll(async () => t?.close());

  it('changing seats with PUT /items never skips a required question; a seat given back takes its answers', async () => {
    const [late] = (await people(t.deps.db, 1, 'qsput')) as [Person];
    const forOne = [
      { questionId: shirt.id, ticketId: regularId, index: 0, value: 'M' },
      { questionId: matric.id, value: 'U2026/0001' },
      { questionId: dinner.id, value: false },
    ];
    const made = await authed(t, 'POST', '/api/orders', late.token, {
      eventId,
      items: { [regularId]: 1 },
      buyer: buyerOf(late),
      answers: forOne,
    });
    expect(made.statusCode, made.body).toBe(201);
    const orderId = orderResponse.parse(made.json()).order._id;
    const change = (body: object) => authed(t, 'PUT', `/api/orders/${orderId}/items`, late.token, body);
    const seats = async () =>
      orderResponse
        .parse((await authed(t, 'GET', `/api/orders/${orderId}`, late.token)).json())
        .order.items.map((i) => i.quantity);
    const stored = async () =>
      (await t.deps.db.select().from(orderAnswers).where(eq(orderAnswers.orderId, orderId)))
        .map((a) => `${a.seatIndex ?? 'order'}:${a.value}`)
        .sort();

    // Three seats and no answers for the two new ones: refused, nothing changes.
    const more = await change({ items: { [regularId]: 3 } });
    expect(more.statusCode).toBe(400);
    expect(more.json().message).toMatch(/T-shirt size \(attendee 2\): Please answer/);
    expect(await seats()).toEqual([1]);
    // Answers that do not fit are refused as on a new order, and change nothing either.
    const bad = await change({
      items: { [regularId]: 2 },
      answers: [...forOne, { questionId: shirt.id, ticketId: regularId, index: 1, value: 'XXL' }],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/Choose one of the options/);
    expect(await seats()).toEqual([1]);
    expect(await stored()).toEqual(['0:M', 'order:No', 'order:U2026/0001']);

    // With answers for all three: taken, and stored with the seats.
    const forThree = [
      ...forOne,
      { questionId: shirt.id, ticketId: regularId, index: 1, value: 'L' },
      { questionId: shirt.id, ticketId: regularId, index: 2, value: 'S' },
    ];
    const three = await change({ items: { [regularId]: 3 }, answers: forThree });
    expect(three.statusCode, three.body).toBe(200);
    expect(await seats()).toEqual([3]);
    expect(await stored()).toEqual(['0:M', '1:L', '2:S', 'order:No', 'order:U2026/0001']);

    // Back to one seat without answers: the seats given back take theirs with them.
    const fewer = await change({ items: { [regularId]: 1 } });
    expect(fewer.statusCode, fewer.body).toBe(200);
    expect(await seats()).toEqual([1]);
    expect(await stored()).toEqual(['0:M', 'order:No', 'order:U2026/0001']);
  });
});
