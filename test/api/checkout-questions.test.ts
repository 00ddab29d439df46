import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderResponse, payResponse } from '../../contract/orders';
import { guestlistResponse } from '../../contract/organiser';
import { checkoutQuestionsResponse, type Question, questionListResponse } from '../../contract/questions';
import { orderAnswers, orders } from '../../server/db/schema';
import { authed, outbox } from '../helpers/accounts';
import { buyerOf, eventWithTypes, type Person, people } from '../helpers/checkout';
import { testDatabases } from '../helpers/databases';
import { joinTeam } from '../helpers/team';
import { buildTestApp, type TestApp } from '../helpers/testApp';

/**
 * Checkout questions (decision 045): the owner and co-organisers edit them, the rest of the team may
 * only read; answers are checked in the request that makes the order (a refusal stores nothing) and
 * come back in the guest list and its CSV for every role that reads it.
 */
describe.each(testDatabases)('checkout questions on $name', (database) => {
  let t: TestApp;
  let owner: Person;
  let co: Person;
  let finance: Person;
  let door: Person;
  let stranger: Person;
  let buyer: Person;
  let eventId: string;
  let regularId: string;
  let vipId: string;
  let shirt: Question;
  let matric: Question;
  let dinner: Question;

  beforeAll(async () => {
    t = await buildTestApp(database);
    [owner, co, finance, door, stranger, buyer] = (await people(t.deps.db, 6, 'qs')) as Person[] &
      [Person, Person, Person, Person, Person, Person];
    const made = await eventWithTypes(t.deps.db, owner.id, [
      { name: 'Regular', priceKobo: 0 },
      { name: 'VIP', priceKobo: 0 },
    ]);
    eventId = made.event.id;
    regularId = made.types[0]!.id;
    vipId = made.types[1]!.id;
    await joinTeam(t, owner.token, eventId, co, 'co_organiser');
    await joinTeam(t, owner.token, eventId, finance, 'finance');
    await joinTeam(t, owner.token, eventId, door, 'door');
  }, 120_000);
  afterAll(async () => t?.close());

  const url = `/api/events/:id/questions`;
  const questions = (
    who: Person,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE' = 'GET',
    rest = '',
    body?: object,
  ) => authed(t, method, `${url.replace(':id', eventId)}${rest}`, who.token, body);
  const listOf = (res: { json: () => unknown }) => questionListResponse.parse(res.json()).questions;
  const orderCount = async () =>
    (await t.deps.db.select({ n: count() }).from(orders).where(eq(orders.eventId, eventId)))[0]!.n;

  it('lets the owner and a co-organiser add, edit, reorder and delete; finance and the door only read; strangers nothing', async () => {
    const add = await questions(owner, 'POST', '', {
      label: 'T-shirt size',
      kind: 'choice',
      scope: 'attendee',
      required: true,
      options: ['S', 'M', 'L'],
    });
    expect(add.statusCode, add.body).toBe(201);
    const byCo = await questions(co, 'POST', '', {
      label: 'Matric number',
      kind: 'text',
      scope: 'order',
      required: false,
    });
    expect(byCo.statusCode, byCo.body).toBe(201);
    const third = await questions(owner, 'POST', '', {
      label: 'Dinner?',
      kind: 'yes_no',
      scope: 'order',
      required: true,
    });
    [shirt, matric, dinner] = listOf(third) as [Question, Question, Question];
    expect([shirt.label, matric.label, dinner.label]).toEqual(['T-shirt size', 'Matric number', 'Dinner?']);
    expect(matric.options).toEqual([]);

    for (const who of [finance, door]) {
      expect((await questions(who)).statusCode).toBe(200);
      const refused = await questions(who, 'POST', '', {
        label: 'X',
        kind: 'text',
        scope: 'order',
        required: false,
      });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe("Your role on this event's team does not allow this.");
      expect((await questions(who, 'DELETE', `/${matric.id}`)).statusCode).toBe(403);
      expect((await questions(who, 'PUT', `/${matric.id}`, { ...matric, label: 'Y' })).statusCode).toBe(403);
      expect((await questions(who, 'POST', `/${matric.id}/move`, { direction: 'up' })).statusCode).toBe(403);
    }
    const strangerRead = await questions(stranger);
    expect(strangerRead.statusCode).toBe(403);
    expect(strangerRead.json().message).toBe('You can only manage your own events.');

    const moved = await questions(co, 'POST', `/${dinner.id}/move`, { direction: 'up' });
    expect(listOf(moved).map((q) => q.label)).toEqual(['T-shirt size', 'Dinner?', 'Matric number']);
    const back = await questions(owner, 'POST', `/${dinner.id}/move`, { direction: 'down' });
    expect(listOf(back).map((q) => q.label)).toEqual(['T-shirt size', 'Matric number', 'Dinner?']);
    // At the top already: nothing moves.
    expect(listOf(await questions(owner, 'POST', `/${shirt.id}/move`, { direction: 'up' }))[0]!.id).toBe(
      shirt.id,
    );

    const edited = await questions(co, 'PUT', `/${matric.id}`, {
      label: 'Matric number (students)',
      kind: 'text',
      scope: 'order',
      required: false,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(listOf(edited)[1]!.label).toBe('Matric number (students)');
    matric = listOf(edited)[1]!;

    const temp = listOf(
      await questions(owner, 'POST', '', { label: 'Temp', kind: 'text', scope: 'order', required: false }),
    );
    const gone = await questions(owner, 'DELETE', `/${temp.at(-1)!.id}`);
    expect(listOf(gone).map((q) => q.label)).not.toContain('Temp');
  });

  it('refuses bad questions with a sentence and changes nothing', async () => {
    const before = listOf(await questions(owner));
    const bad = [
      { label: '', kind: 'text', scope: 'order', required: false },
      { label: 'Size', kind: 'choice', scope: 'order', required: false, options: ['Only one'] },
      { label: 'Size', kind: 'choice', scope: 'order', required: false, options: ['S', 's'] },
      {
        label: 'Size',
        kind: 'choice',
        scope: 'order',
        required: false,
        options: Array.from({ length: 21 }, (_, i) => `O${i}`),
      },
      { label: 'Size', kind: 'essay', scope: 'order', required: false },
      { label: 'Size', kind: 'text', scope: 'seat', required: false },
      { label: 'Size', kind: 'text', scope: 'order', required: 'yes' },
    ];
    for (const body of bad) {
      const res = await questions(owner, 'POST', '', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(typeof res.json().message).toBe('string');
    }
    expect(
      (
        await questions(owner, 'PUT', '/not-an-id', {
          label: 'A',
          kind: 'text',
          scope: 'order',
          required: false,
        })
      ).statusCode,
    ).toBe(404);
    expect(listOf(await questions(owner))).toEqual(before);
  });

  it('shows buyers only what checkout asks', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/events/${eventId}/checkout-questions` });
    expect(res.statusCode).toBe(200);
    const body = checkoutQuestionsResponse.parse(res.json());
    expect(body.questions.map((q) => q.label)).toEqual([
      'T-shirt size',
      'Matric number (students)',
      'Dinner?',
    ]);
    expect(Object.keys(res.json().questions[0]).sort()).toEqual([
      'id',
      'kind',
      'label',
      'options',
      'required',
      'scope',
    ]);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/events/nope/checkout-questions' })).statusCode,
    ).toBe(404);
    // A draft sells nothing, so it asks nothing yet, whatever its organiser has prepared.
    const draft = await eventWithTypes(t.deps.db, owner.id, [{ name: 'Early' }], { status: 'draft' });
    const prepared = await authed(t, 'POST', `/api/events/${draft.event.id}/questions`, owner.token, {
      label: 'Diet',
      kind: 'text',
      scope: 'order',
      required: true,
    });
    expect(prepared.statusCode).toBe(201);
    const asked = await t.app.inject({
      method: 'GET',
      url: `/api/events/${draft.event.id}/checkout-questions`,
    });
    expect(asked.json()).toEqual({ questions: [] });
  });

  const base = () => ({ eventId, items: { [regularId]: 2, [vipId]: 1 }, buyer: buyerOf(buyer) });
  const goodAnswers = () => [
    { questionId: shirt.id, ticketId: regularId, index: 0, value: 'M' },
    { questionId: shirt.id, ticketId: regularId, index: 1, value: 'L' },
    { questionId: shirt.id, ticketId: vipId, index: 0, value: 'S' },
    { questionId: matric.id, value: '=U2026/1234' },
    { questionId: dinner.id, value: true },
  ];

  it('refuses an order whose answers do not fit, and makes no order', async () => {
    const before = await orderCount();
    const cases: [string, object[], RegExp][] = [
      [
        'missing required',
        goodAnswers().filter((a) => a.questionId !== dinner.id),
        /Dinner\?: Please answer/,
      ],
      [
        'missing a seat',
        goodAnswers().filter((a) => a.index !== 1),
        /T-shirt size \(attendee 2\): Please answer/,
      ],
      [
        'not an option',
        goodAnswers().map((a) => (a.value === 'M' ? { ...a, value: 'XXL' } : a)),
        /Choose one of the options/,
      ],
      [
        'yes/no as text',
        goodAnswers().map((a) => (a.questionId === dinner.id ? { ...a, value: 'yes' } : a)),
        /Answer yes or no/,
      ],
      [
        'too long',
        goodAnswers().map((a) => (a.questionId === matric.id ? { ...a, value: 'x'.repeat(201) } : a)),
        /at most 200/,
      ],
      [
        'unknown question',
        [...goodAnswers(), { questionId: '00000000-0000-4000-8000-000000000000', value: 'x' }],
        /does not ask/,
      ],
      [
        'seat it does not have',
        [...goodAnswers(), { questionId: shirt.id, ticketId: vipId, index: 1, value: 'S' }],
        /attendee this order does not have/,
      ],
      [
        'order question with a seat',
        goodAnswers().map((a) => (a.questionId === dinner.id ? { ...a, ticketId: vipId, index: 0 } : a)),
        /attendee/,
      ],
      ['twice', [...goodAnswers(), { questionId: dinner.id, value: false }], /answered twice/],
      ['no answers at all', [], /Please answer/],
    ];
    for (const [name, answers, message] of cases) {
      const res = await authed(t, 'POST', '/api/orders', buyer.token, { ...base(), answers });
      expect(res.statusCode, name).toBe(400);
      expect(res.json().message, name).toMatch(message);
    }
    expect(await orderCount()).toBe(before);
  });

  it('stores good answers with the order and shows them in the guest list and its CSV, to every role that reads it', async () => {
    const made = await authed(t, 'POST', '/api/orders', buyer.token, { ...base(), answers: goodAnswers() });
    expect(made.statusCode, made.body).toBe(201);
    const orderId = orderResponse.parse(made.json()).order._id;
    // The buyer came back and changed an answer: the re-post replaces them all.
    const again = goodAnswers().map((a) => (a.value === 'L' ? { ...a, value: 'S' } : a));
    const remade = await authed(t, 'POST', '/api/orders', buyer.token, { ...base(), answers: again });
    expect(orderResponse.parse(remade.json()).order._id).toBe(orderId);
    expect(
      (await t.deps.db.select().from(orderAnswers).where(eq(orderAnswers.orderId, orderId))).length,
    ).toBe(5);
    // The buyer's own order gives the answers back as sent (yes/no a boolean), to show and to refill.
    const own = orderResponse.parse((await authed(t, 'GET', `/api/orders/${orderId}`, buyer.token)).json())
      .order.answers;
    const key = (a: { questionId: string; ticketId?: string; index?: number }) =>
      `${a.questionId}:${a.ticketId ?? ''}:${a.index ?? ''}`;
    expect(own.map(key).sort()).toEqual(again.map(key).sort());
    for (const a of again) expect(own.find((o) => key(o) === key(a))?.value).toEqual(a.value);
    const pay = await authed(t, 'POST', `/api/orders/${orderId}/pay`, buyer.token, {
      acceptTerms: true,
      emailUpdates: false,
    });
    expect(pay.statusCode, pay.body).toBe(200);
    expect('order' in payResponse.parse(pay.json())).toBe(true);
    // The ticket email repeats them: each ticket's beside it, the order's once.
    const mail = (await outbox(t)).find((m) => m.to === buyer.email && /tickets? for/.test(m.subject));
    expect(mail?.text).toContain('Your answers: Matric number (students): =U2026/1234 · Dinner?: Yes');
    const ticketLines = (mail?.text ?? '').split('\n').filter((l) => / · ref /.test(l));
    expect(ticketLines.map((l) => l.replace(/^.*· ref [\w-]+/, '').trim())).toEqual([
      '· T-shirt size: M',
      '· T-shirt size: S',
      '· T-shirt size: S',
    ]);

    for (const who of [owner, co, finance, door]) {
      const list = guestlistResponse.parse(
        (await authed(t, 'GET', `/api/events/${eventId}/guestlist`, who.token)).json(),
      );
      expect(list.answers.questions.map((q) => q.label)).toEqual([
        'T-shirt size',
        'Matric number (students)',
        'Dinner?',
      ]);
      expect(list.answers.byOrder[orderId]).toEqual([
        { questionId: matric.id, value: '=U2026/1234' },
        { questionId: dinner.id, value: 'Yes' },
      ]);
      const regular = list.rows.find((r) => r.ticketName === 'Regular')!;
      expect(regular.tickets.map((tk) => list.answers.byTicket[tk.id])).toEqual([
        [{ questionId: shirt.id, value: 'M' }],
        [{ questionId: shirt.id, value: 'S' }],
      ]);
      const csv = await authed(t, 'GET', `/api/events/${eventId}/guestlist.csv`, who.token);
      expect(csv.statusCode).toBe(200);
      const [header, ...lines] = csv.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n');
      expect(header).toBe(
        'Ticket Name,Quantity,Purchased By,Order Number,Order Date,Checked In At,T-shirt size,Matric number (students),Dinner?',
      );
      const regularLine = lines.find((l) => l.startsWith('Regular,'))!;
      // Per attendee: the line's tickets in seat order; per order: once; a formula is neutralised.
      expect(regularLine.endsWith(",M; S,'=U2026/1234,Yes")).toBe(true);
      expect(lines.find((l) => l.startsWith('VIP,'))!.endsWith(",S,'=U2026/1234,Yes")).toBe(true);
    }
  });

  it('keeps answers when their question changes or goes: a new kind is refused, a deletion only hides it', async () => {
    const kind = await questions(owner, 'PUT', `/${dinner.id}`, {
      label: 'Dinner?',
      kind: 'text',
      scope: 'order',
      required: true,
    });
    expect(kind.statusCode).toBe(409);
    expect(kind.json().message).toMatch(/kind cannot change/);
    const renamed = await questions(owner, 'PUT', `/${dinner.id}`, {
      label: 'Staying for dinner?',
      kind: 'yes_no',
      scope: 'order',
      required: true,
    });
    expect(renamed.statusCode).toBe(200);
    const deleted = await questions(owner, 'DELETE', `/${dinner.id}`);
    expect(listOf(deleted).map((q) => q.id)).not.toContain(dinner.id);
    const pub = checkoutQuestionsResponse.parse(
      (await t.app.inject({ method: 'GET', url: `/api/events/${eventId}/checkout-questions` })).json(),
    );
    expect(pub.questions.map((q) => q.id)).not.toContain(dinner.id);
    const list = guestlistResponse.parse(
      (await authed(t, 'GET', `/api/events/${eventId}/guestlist`, owner.token)).json(),
    );
    const column = list.answers.questions.find((q) => q.id === dinner.id);
    expect(column).toEqual({ id: dinner.id, label: 'Staying for dinner?', scope: 'order', deleted: true });
    expect(Object.values(list.answers.byOrder).flat()).toContainEqual({
      questionId: dinner.id,
      value: 'Yes',
    });
    // An answer to a deleted question is no longer accepted; it is no longer asked either.
    const [late] = await people(t.deps.db, 1, 'late');
    const refused = await authed(t, 'POST', '/api/orders', late!.token, {
      eventId,
      items: { [vipId]: 1 },
      buyer: buyerOf(late!),
      answers: [
        { questionId: shirt.id, ticketId: vipId, index: 0, value: 'S' },
        { questionId: dinner.id, value: true },
      ],
    });
    expect(refused.statusCode).toBe(400);
    const ok = await authed(t, 'POST', '/api/orders', late!.token, {
      eventId,
      items: { [vipId]: 1 },
      buyer: buyerOf(late!),
      answers: [{ questionId: shirt.id, ticketId: vipId, index: 0, value: 'S' }],
    });
    expect(ok.statusCode, ok.body).toBe(201);
  });
});
