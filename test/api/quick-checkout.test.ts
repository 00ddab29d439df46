import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { myTicketsResponse, orderResponse, payResponse } from '../../contract/orders';
import { loginResponse } from '../../contract/users';
import { authed, outbox } from '../helpers/accounts';
import { buyerOf, eventWithTypes, type Person, person } from '../helpers/checkout';
import { testDatabases } from '../helpers/databases';
import { buildTestApp, type TestApp } from '../helpers/testApp';

/**
 * Quick checkout (decision 038): a new email buys at once with a session of its own; the ticket email
 * carries the set-password link, which proves the address, sets the password and ends other sessions.
 * An email that has any account gets no session.
 */
describe.each(testDatabases)('Quick checkout on $name', (database) => {
  let t: TestApp;
  let organiser: Person;
  let verified: Person;
  let eventId: string;
  let freeId: string;

  beforeAll(async () => {
    t = await buildTestApp(database);
    organiser = await person(t.deps.db, 'organiser');
    verified = await person(t.deps.db, 'verified');
    const made = await eventWithTypes(t.deps.db, organiser.id, [{ name: 'Free RSVP', priceKobo: 0 }]);
    eventId = made.event.id;
    freeId = made.types[0]!.id;
  }, 120_000);
  afterAll(async () => t?.close());

  const quick = (email: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/users/quick-checkout',
      payload: { firstName: 'Bola', lastName: 'Ade', email },
    });
  const setPassword = (token: string, password = 'Lagos#2026!') =>
    t.app.inject({
      method: 'POST',
      url: '/api/users/set-password',
      payload: { token, password, confirmPassword: password },
    });
  const linkIn = (text: string) => /\/set-password#token=([A-Za-z0-9_-]+)/.exec(text)?.[1] ?? null;

  it('a new email buys at once; the ticket email sets the password and signs in, once', async () => {
    const email = `bola.${Date.now()}@example.ng`;
    const res = await quick(email.toUpperCase());
    expect(res.statusCode, res.body).toBe(200);
    const session = loginResponse.parse(res.json());
    expect(session.user.email).toBe(email);
    // Its session buys like any other.
    const made = await authed(t, 'POST', '/api/orders', session.token, {
      eventId,
      items: { [freeId]: 2 },
      buyer: { ...buyerOf(verified), firstName: 'Bola', lastName: 'Ade', email },
    });
    expect(made.statusCode, made.body).toBe(201);
    const orderId = orderResponse.parse(made.json()).order._id;
    const paid = await authed(t, 'POST', `/api/orders/${orderId}/pay`, session.token, {
      acceptTerms: true,
      emailUpdates: false,
    });
    expect(payResponse.parse(paid.json())).toHaveProperty('order.status', 'paid');
    // The password cannot be guessed: there is none.
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email, password: '!quick-checkout:no-password' },
    });
    expect(login.statusCode).toBe(401);
    const mail = (await outbox(t)).find((m) => m.to === email && m.subject.includes('ticket'))!;
    expect(mail.text).toContain('Set your password');
    const token = linkIn(mail.text)!;
    expect(token).not.toBeNull();
    expect((await setPassword(token, 'short')).statusCode).toBe(400);
    const set = await setPassword(token);
    expect(set.statusCode, set.body).toBe(200);
    const fresh = loginResponse.parse(set.json());
    // The quick session ended; the new one and the password work; the link works once.
    expect((await authed(t, 'GET', '/api/users/me', session.token)).statusCode).toBe(401);
    expect((await authed(t, 'GET', '/api/users/me', fresh.token)).statusCode).toBe(200);
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email, password: 'Lagos#2026!' },
    });
    expect(signIn.statusCode, signIn.body).toBe(200);
    expect((await setPassword(token)).statusCode).toBe(400);
  });

  it('gives no session for an email that has an account, verified or still passwordless', async () => {
    const taken = await quick(verified.email);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toMatch(/Sign in/);
    expect(taken.body).not.toContain('token');
    const email = `twice.${Date.now()}@example.ng`;
    expect((await quick(email)).statusCode).toBe(200);
    const before = (await outbox(t)).filter((m) => m.to === email).length;
    const again = await quick(email);
    expect(again.statusCode).toBe(409);
    expect(again.body).not.toContain('token');
    // The owner's inbox gets the link again; the second typist gets nothing.
    expect((await outbox(t)).filter((m) => m.to === email).length).toBe(before + 1);
  });

  it('shows a passwordless account no tickets sent to its address by someone else', async () => {
    const victim = `victim.${Date.now()}@example.ng`;
    // A verified buyer sends a ticket to the victim's address.
    const gift = await authed(t, 'POST', '/api/orders', verified.token, {
      eventId,
      items: { [freeId]: 1 },
      buyer: buyerOf(verified),
      attendees: [{ ticketId: freeId, firstName: 'Vic', lastName: 'Tim', email: victim }],
    });
    expect(gift.statusCode, gift.body).toBe(201);
    const giftId = orderResponse.parse(gift.json()).order._id;
    await authed(t, 'POST', `/api/orders/${giftId}/pay`, verified.token, {
      acceptTerms: true,
      emailUpdates: false,
    });
    const code = orderResponse.parse((await authed(t, 'GET', `/api/orders/${giftId}`, verified.token)).json())
      .order.tickets[0]!.code;
    // A stranger quick-checks-out with the victim's address: sees none of it.
    const stranger = loginResponse.parse((await quick(victim)).json());
    const mine = myTicketsResponse.parse(
      (await authed(t, 'GET', '/api/tickets/mine', stranger.token)).json(),
    );
    expect([...mine.upcoming, ...mine.past]).toEqual([]);
    expect((await authed(t, 'GET', `/api/tickets/code/${code}`, stranger.token)).statusCode).toBe(404);
  });
});
