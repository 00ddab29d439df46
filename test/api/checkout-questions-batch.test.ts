import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_CODE_MESSAGES } from '../../contract/accessCodes';
import { orderResponse } from '../../contract/orders';
import { accessCodes, eventQuestions, orderAnswers, orders } from '../../server/db/schema';
import { authed } from '../helpers/accounts';
import { buyerOf, eventWithTypes, type Person, people } from '../helpers/checkout';
import { testDatabases } from '../helpers/databases';
import { buildTestApp, type TestApp } from '../helpers/testApp';

/**
 * Many buyers at once with access codes and answers (decision 051): the reservation batch reads the
 * questions and the codes once for all of them and writes each order's answers in the statements
 * that insert it — on the flash sale's one statement (one type) and on the locked path (two types).
 * Each buyer gets exactly their own answers and code; a bad answer or code is that buyer's own
 * 400/404, with no order, and the others go on.
 */
describe.each(testDatabases)('checkout questions and access codes in a batch, on $name', (database) => {
  let t: TestApp;
  let eventId: string;
  let flashId: string;
  let regularId: string;
  let codeId: string;
  let size: string;
  let matric: string;

  beforeAll(async () => {
    t = await buildTestApp(database);
    const [owner] = (await people(t.deps.db, 1, 'qbatch')) as [Person];
    const made = await eventWithTypes(t.deps.db, owner.id, [
      { name: 'Flash', capacity: 60, purchaseLimit: 2, hidden: true },
      { name: 'Regular', capacity: 60 },
    ]);
    eventId = made.event.id;
    [flashId, regularId] = made.types.map((x) => x.id) as [string, string];
    [{ id: codeId }] = (await t.deps.db
      .insert(accessCodes)
      .values({ eventId, code: 'InsideTrack', ticketTypeIds: [flashId] })
      .returning({ id: accessCodes.id })) as [{ id: string }];
    [{ id: size }, { id: matric }] = (await t.deps.db
      .insert(eventQuestions)
      .values([
        {
          eventId,
          label: 'T-shirt size',
          kind: 'choice',
          scope: 'order',
          required: true,
          options: ['S', 'M'],
          position: 0,
        },
        { eventId, label: 'Matric number', kind: 'text', scope: 'attendee', required: true, position: 1 },
      ])
      .returning({ id: eventQuestions.id })) as [{ id: string }, { id: string }];
  }, 120_000);
  afterAll(async () => t?.close());

  const order = (b: Person, items: Record<string, number>, shirt: string, code = ' insidetrack ') => ({
    eventId,
    items,
    buyer: buyerOf(b),
    accessCode: code,
    answers: [
      { questionId: size, value: shirt },
      ...Object.entries(items).flatMap(([ticketId, n]) =>
        Array.from({ length: n }, (_, index) => ({
          questionId: matric,
          ticketId,
          index,
          value: `${b.email}/${ticketId === flashId ? 'F' : 'R'}${index}`,
        })),
      ),
    ],
  });

  /** Every order answered exactly as its buyer sent, with the code it reserved with. */
  async function expectOwnAnswers(
    made: { buyer: Person; orderId: string; sent: ReturnType<typeof order> }[],
  ) {
    const ids = made.map((m) => m.orderId);
    const rows = await t.deps.db.select().from(orderAnswers).where(inArray(orderAnswers.orderId, ids));
    const held = await t.deps.db.select().from(orders).where(inArray(orders.id, ids));
    for (const m of made) {
      const mine = rows
        .filter((r) => r.orderId === m.orderId)
        .map((r) => `${r.questionId}:${r.ticketTypeId ?? ''}:${r.seatIndex ?? ''}=${r.value}`)
        .sort();
      const sent = m.sent.answers
        .map(
          (a) =>
            `${a.questionId}:${'ticketId' in a ? a.ticketId : ''}:${'index' in a ? a.index : ''}=${a.value}`,
        )
        .sort();
      expect(mine).toEqual(sent);
      expect(held.find((o) => o.id === m.orderId)?.accessCodeId).toBe(codeId);
    }
  }

  async function sale(buyers: Person[], items: Record<string, number>) {
    const bodies = buyers.map((b, i) =>
      i === 3
        ? order(b, items, 'XXL')
        : i === 5
          ? order(b, items, 'M', 'NOT-A-CODE')
          : order(b, items, i % 2 ? 'S' : 'M'),
    );
    const answers = await Promise.all(
      buyers.map((b, i) => authed(t, 'POST', '/api/orders', b.token, bodies[i])),
    );
    expect(answers[3]!.statusCode).toBe(400);
    expect(answers[3]!.json().message).toMatch(/^T-shirt size: /);
    expect(answers[5]!.statusCode).toBe(404);
    expect(answers[5]!.json().message).toBe(ACCESS_CODE_MESSAGES.notValid);
    const refused = [buyers[3]!.id, buyers[5]!.id];
    expect(await t.deps.db.select().from(orders).where(inArray(orders.buyerUserId, refused))).toEqual([]);
    const made = answers.flatMap((a, i) => {
      if (i === 3 || i === 5) return [];
      expect(a.statusCode, a.body).toBe(201);
      return [{ buyer: buyers[i]!, orderId: orderResponse.parse(a.json()).order._id, sent: bodies[i]! }];
    });
    expect(made).toHaveLength(buyers.length - 2);
    await expectOwnAnswers(made);
  }

  it('one hidden type (the one-statement path): each order stores its own answers and code', async () => {
    await sale(await people(t.deps.db, 14, 'qbatch1'), { [flashId]: 2 });
  });

  it('two types (the locked path): each order stores its own answers and code', async () => {
    await sale(await people(t.deps.db, 14, 'qbatch2'), { [flashId]: 1, [regularId]: 1 });
  });
});
