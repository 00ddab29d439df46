import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginResponse } from '../../contract/users';
import { myWaitlistResponse } from '../../contract/waitlist';
import { eventDates, ticketTypes } from '../../server/db/schema';
import { authed, outbox } from '../helpers/accounts';
import { eventWithTypes, type Person, people, person } from '../helpers/checkout';
import { testDatabases } from '../helpers/databases';
import { buildTestApp, type TestApp } from '../helpers/testApp';
import { holdSeats, soldOf } from '../helpers/waitlist';

/**
 * A fair waiting list (issue #30 items 2 and 3, decision 050): a join asks for no more than the type
 * could ever sell and needs a confirmed email; offers go to every entry that fits what came back; and
 * a hold can neither be switched nor raised onto a type others wait for, while seats a hold gives back
 * are offered at once. Each test failed on the code before decision 050.
 */
describe.each(testDatabases)('A fair waiting list on $name', (database) => {
  let t: TestApp;
  let organiser: Person;

  beforeAll(async () => {
    t = await buildTestApp(database);
    organiser = await person(t.deps.db, 'organiser');
  }, 120_000);
  afterAll(async () => t?.close());

  const join = (p: { token: string }, ticketTypeId: string, quantity: number) =>
    authed(t, 'POST', '/api/waitlist', p.token, { ticketTypeId, quantity });
  const mine = async (p: Person, eventId: string) => {
    const res = await authed(t, 'GET', `/api/waitlist/event/${eventId}`, p.token);
    expect(res.statusCode, res.body).toBe(200);
    return myWaitlistResponse.parse(res.json()).entries;
  };
  const quickAccount = async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/quick-checkout',
      payload: { firstName: 'Throw', lastName: 'Away', email: `throw.${Date.now()}@example.ng` },
    });
    expect(res.statusCode, res.body).toBe(200);
    return loginResponse.parse(res.json());
  };

  it('#30.2: a throw-away account cannot block a sold-out type (the reproduction)', async () => {
    // 1 seat, purchase limit 5, list on; the one seat is held.
    const { event, types } = await eventWithTypes(t.deps.db, organiser.id, [
      { name: 'Solo', capacity: 1, purchaseLimit: 5 },
    ]);
    const solo = types[0]!;
    const holder = await person(t.deps.db, 'holder');
    const held = await holdSeats(t, holder, event.id, { [solo.id]: 1 });

    // A quick-checkout account (nothing confirmed) is told to confirm its email first.
    const quick = await quickAccount();
    const refused = await join(quick, solo.id, 5);
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json().message).toMatch(/Confirm your email/);
    // A confirmed account may not ask for more than the type could ever sell.
    const greedy = await person(t.deps.db, 'greedy');
    const over = await join(greedy, solo.id, 5);
    expect(over.statusCode, over.body).toBe(400);
    expect(over.json().message).toMatch(/at most 1 Solo/);

    const honest = await person(t.deps.db, 'honest');
    expect((await join(honest, solo.id, 1)).statusCode).toBe(201);
    const back = await authed(t, 'DELETE', `/api/orders/${held._id}`, holder.token);
    expect(back.statusCode, back.body).toBe(200);
    expect((await mine(honest, event.id))[0]).toMatchObject({ status: 'offered', quantity: 1 });
    expect(await soldOf(t, solo.id)).toBe(1);
  });

  it('#30.2: an entry that does not fit keeps its place; later entries that fit are offered', async () => {
    const { event, types } = await eventWithTypes(t.deps.db, organiser.id, [
      { name: 'Trio', capacity: 3, purchaseLimit: 5 },
    ]);
    const trio = types[0]!;
    const [h1, h2] = await people(t.deps.db, 2, 'holder');
    const big = await holdSeats(t, h1!, event.id, { [trio.id]: 2 });
    const small = await holdSeats(t, h2!, event.id, { [trio.id]: 1 });
    const [wide, w1, w2] = await people(t.deps.db, 3, 'waiter');
    expect((await join(wide!, trio.id, 3)).statusCode).toBe(201);
    expect((await join(w1!, trio.id, 1)).statusCode).toBe(201);
    expect((await join(w2!, trio.id, 1)).statusCode).toBe(201);

    // One seat back: the 3-seat ask does not fit, the next ask that does is offered.
    await authed(t, 'DELETE', `/api/orders/${small._id}`, h2!.token);
    expect((await mine(wide!, event.id))[0]).toMatchObject({ status: 'waiting', position: 1 });
    expect((await mine(w1!, event.id))[0]!.status).toBe('offered');
    expect((await mine(w2!, event.id))[0]).toMatchObject({ status: 'waiting', position: 2 });
    // Two more back: still not 3 for the first in line, so the next that fits (1) gets one of them.
    await authed(t, 'DELETE', `/api/orders/${big._id}`, h1!.token);
    expect((await mine(w2!, event.id))[0]!.status).toBe('offered');
    expect((await mine(wide!, event.id))[0]).toMatchObject({ status: 'waiting', position: 1 });
    expect(await soldOf(t, trio.id)).toBe(2);
    // w1 lets the offer go: now 2 are free, still short of 3; the wide ask keeps its place.
    await authed(t, 'DELETE', `/api/waitlist/${trio.id}`, w1!.token);
    expect((await mine(wide!, event.id))[0]).toMatchObject({ status: 'waiting', position: 1 });
    // w2 too: 3 free, and the first in line is offered all three.
    await authed(t, 'DELETE', `/api/waitlist/${trio.id}`, w2!.token);
    expect((await mine(wide!, event.id))[0]).toMatchObject({ status: 'offered', quantity: 3 });
    expect(await soldOf(t, trio.id)).toBe(3);
  });

  it('#30.3: a hold cannot be switched or raised onto a type others wait for (PUT items), like checkout', async () => {
    // Two nights: Night 1 has seats, Night 2 is sold out with someone waiting (a change of date).
    const { event, types } = await eventWithTypes(t.deps.db, organiser.id, [
      { name: 'Night one', capacity: 5 },
      { name: 'Night two', capacity: 2 },
    ]);
    const [one, two] = types as [(typeof types)[0], (typeof types)[0]];
    const [d1, d2] = await t.deps.db
      .insert(eventDates)
      .values([
        { eventId: event.id, date: '2031-12-05', startTime: '18:00', endTime: '23:00', label: 'Night 1' },
        { eventId: event.id, date: '2031-12-06', startTime: '18:00', endTime: '23:00', label: 'Night 2' },
      ])
      .returning();
    await t.deps.db.update(ticketTypes).set({ eventDateId: d1!.id }).where(eq(ticketTypes.id, one.id));
    await t.deps.db.update(ticketTypes).set({ eventDateId: d2!.id }).where(eq(ticketTypes.id, two.id));
    const [holder, mover, waiter, jumper] = await people(t.deps.db, 4, 'n');
    const nightTwo = await holdSeats(t, holder!, event.id, { [two.id]: 1 });
    const other = await holdSeats(t, mover!, event.id, { [two.id]: 1 });
    expect((await join(waiter!, two.id, 2)).statusCode).toBe(201);
    // One hold moves to Night 1 (a change of date): 1 seat of Night 2 is free, the waiter's 2 do not
    // fit yet, so the seat stays the line's — a new checkout is refused it.
    const moved = await authed(t, 'PUT', `/api/orders/${other._id}/items`, mover!.token, {
      items: { [one.id]: 1 },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await soldOf(t, two.id)).toBe(1);
    const jump = await holdSeats(t, jumper!, event.id, { [one.id]: 1 });

    // Switching a hold onto the waited-for night is refused with checkout's own sentence.
    const switched = await authed(t, 'PUT', `/api/orders/${jump._id}/items`, jumper!.token, {
      items: { [two.id]: 1 },
    });
    expect(switched.statusCode, switched.body).toBe(409);
    expect(switched.json().message).toMatch(/waiting list first/);
    // Raising a hold already on it is refused too; the type is untouched.
    const raised = await authed(t, 'PUT', `/api/orders/${nightTwo._id}/items`, holder!.token, {
      items: { [two.id]: 2 },
    });
    expect(raised.statusCode, raised.body).toBe(409);
    expect(await soldOf(t, two.id)).toBe(1);
    // Types nobody waits for change as before.
    const more = await authed(t, 'PUT', `/api/orders/${jump._id}/items`, jumper!.token, {
      items: { [one.id]: 2 },
    });
    expect(more.statusCode, more.body).toBe(200);

    // The last Night 2 hold moves too: 2 free, the waiter's 2 fit and are offered at once.
    const last = await authed(t, 'PUT', `/api/orders/${nightTwo._id}/items`, holder!.token, {
      items: { [one.id]: 1 },
    });
    expect(last.statusCode, last.body).toBe(200);
    expect((await mine(waiter!, event.id))[0]).toMatchObject({ status: 'offered', quantity: 2 });
    expect(await soldOf(t, two.id)).toBe(2);
    // The offer mail names the night (issue #32).
    const mail = (await outbox(t)).find((m) => m.to === waiter!.email && m.subject.includes('held for you'));
    expect(mail?.text).toContain('Night two · Night 2 · Sat 6 Dec');
  });

  it('#30.3: cutting a hold with PUT items offers the freed seats at once', async () => {
    const { event, types } = await eventWithTypes(t.deps.db, organiser.id, [{ name: 'Pair', capacity: 2 }]);
    const pair = types[0]!;
    const holder = await person(t.deps.db, 'holder');
    const held = await holdSeats(t, holder, event.id, { [pair.id]: 2 });
    const waiter = await person(t.deps.db, 'waiter');
    expect((await join(waiter, pair.id, 1)).statusCode).toBe(201);
    const cut = await authed(t, 'PUT', `/api/orders/${held._id}/items`, holder.token, {
      items: { [pair.id]: 1 },
    });
    expect(cut.statusCode, cut.body).toBe(200);
    expect((await mine(waiter, event.id))[0]!.status).toBe('offered');
    expect(await soldOf(t, pair.id)).toBe(2);
  });
});
