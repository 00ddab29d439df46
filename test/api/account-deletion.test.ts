import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  events,
  issuedTickets,
  orders,
  paymentAttempts,
  payoutAccounts,
  sessions,
  ticketTypes,
  users,
} from '../../server/db/schema';
import { MESSAGES } from '../../server/modules/users/messages';
import { renderPoster } from '../../server/seed/posters';
import { authed, post, signedInAccount } from '../helpers/accounts';
import { testDatabases } from '../helpers/databases';
import { buildTestApp, type TestApp } from '../helpers/testApp';

const PAST = '2024-05-01';
const FUTURE = '2031-05-01';

describe.each(testDatabases)('accounts: deleting an account keeps the money records on $name', (database) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(database);
  });
  afterAll(async () => t?.close());

  const db = () => t.deps.db;
  const remove = (token: string, password: string) =>
    authed(t, 'DELETE', '/api/users/me', token, { password });

  async function eventOf(organiserId: string, date: string, imageKey: string | null = null) {
    const [event] = await db()
      .insert(events)
      .values({
        organiserId,
        eventName: 'Lekki Sunset Jazz',
        category: 'Music',
        startDate: date,
        endDate: date,
        startTime: '18:00',
        endTime: '22:00',
        eventLocation: 'physical',
        country: 'Nigeria',
        state: 'Lagos',
        location: 'Lekki Phase 1',
        status: 'published',
        imageKey,
      })
      .returning({ id: events.id });
    const [type] = await db()
      .insert(ticketTypes)
      .values({
        eventId: event!.id,
        ticketName: 'Regular',
        priceKobo: 500_000,
        ticketType: 'paid',
        ticketStock: 'limited',
        capacity: 100,
      })
      .returning({ id: ticketTypes.id });
    return { eventId: event!.id, typeId: type!.id };
  }

  async function orderOn(
    eventId: string,
    opts: {
      status: 'paid' | 'reserved' | 'refund_due' | 'refunded';
      buyer?: { id: string; email: string };
      attempt?: {
        status: 'pending' | 'success' | 'failed';
        refundStatus?: 'pending' | 'processed' | 'failed';
      };
      attendees?: { ticketId: string; firstName: string; lastName: string; email: string }[];
    },
  ) {
    const [order] = await db()
      .insert(orders)
      .values({
        eventId,
        buyerUserId: opts.buyer?.id ?? null,
        buyerFirstName: 'Chiamaka',
        buyerLastName: 'Okafor',
        buyerEmail: opts.buyer?.email ?? 'tunde@example.ng',
        buyerPhone: '+2348031234567',
        attendees: opts.attendees ?? [],
        status: opts.status,
        totalKobo: 500_000,
      })
      .returning({ id: orders.id });
    if (opts.attempt) {
      await db()
        .insert(paymentAttempts)
        .values({
          orderId: order!.id,
          reference: `T-${order!.id}`,
          provider: 'test',
          amountKobo: 500_000,
          status: opts.attempt.status,
          refundStatus: opts.attempt.refundStatus ?? null,
        });
    }
    return order!.id;
  }

  it('an organiser with past sales: events, orders and payments stay; the person is anonymised', async () => {
    const a = await signedInAccount(t);
    await db().insert(payoutAccounts).values({
      userId: a.user.id,
      bankCode: '058',
      bankName: 'Guaranty Trust Bank',
      accountNumber: '2034567891',
      accountName: 'CHIAMAKA OKAFOR',
      providerMode: 'test',
    });
    const past = await eventOf(a.user.id, PAST);
    const orderId = await orderOn(past.eventId, { status: 'paid', attempt: { status: 'success' } });
    const refunded = await orderOn(past.eventId, {
      status: 'refunded',
      attempt: { status: 'success', refundStatus: 'processed' },
    });
    // A draft with nothing sold goes, as before.
    const unsold = await eventOf(a.user.id, FUTURE);

    const res = await remove(a.token, a.password);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Your account has been deleted.');

    expect(await db().select().from(events).where(eq(events.id, past.eventId))).toHaveLength(1);
    expect(await db().select().from(events).where(eq(events.id, unsold.eventId))).toEqual([]);
    for (const id of [orderId, refunded]) {
      expect(await db().select().from(orders).where(eq(orders.id, id))).toHaveLength(1);
      expect(await db().select().from(paymentAttempts).where(eq(paymentAttempts.orderId, id))).toHaveLength(
        1,
      );
    }
    const [row] = await db().select().from(users).where(eq(users.id, a.user.id));
    expect(row).toMatchObject({ firstName: 'Deleted', lastName: 'account', pendingEmail: null });
    expect(row!.email).toMatch(/@deleted\.invalid$/);
    expect(JSON.stringify(row)).not.toContain(a.email);
    expect(JSON.stringify(row)).not.toContain(a.username);
    expect(await db().select().from(sessions).where(eq(sessions.userId, a.user.id))).toEqual([]);
    expect(await db().select().from(payoutAccounts).where(eq(payoutAccounts.userId, a.user.id))).toEqual([]);

    expect((await authed(t, 'GET', '/api/users/me', a.token)).statusCode).toBe(401);
    expect((await post(t, '/api/users/login', { email: a.email, password: a.password })).statusCode).toBe(
      401,
    );
    // The email and username are free again.
    expect(
      (await post(t, '/api/users/register', { ...a, token: undefined, user: undefined })).statusCode,
    ).toBe(201);
  });

  it('a buyer: their orders stay for the books with name, email and phone replaced; other attendees stay', async () => {
    const organiser = await signedInAccount(t);
    const buyer = await signedInAccount(t);
    const past = await eventOf(organiser.user.id, PAST);
    const orderId = await orderOn(past.eventId, {
      status: 'paid',
      buyer: { id: buyer.user.id, email: buyer.email },
      attempt: { status: 'success' },
      attendees: [{ ticketId: past.typeId, firstName: 'Bola', lastName: 'Ade', email: 'bola@example.ng' }],
    });
    const seat = (n: number, email: string) => ({
      orderId,
      eventId: past.eventId,
      ticketTypeId: past.typeId,
      seat: n,
      code: `code-${orderId}-${n}`,
      attendeeFirstName: n === 0 ? 'Chiamaka' : 'Bola',
      attendeeLastName: n === 0 ? 'Okafor' : 'Ade',
      attendeeEmail: email,
    });
    await db()
      .insert(issuedTickets)
      .values([seat(0, buyer.email.toUpperCase()), seat(1, 'bola@example.ng')]);

    expect((await remove(buyer.token, buyer.password)).statusCode).toBe(200);

    const [order] = await db().select().from(orders).where(eq(orders.id, orderId));
    expect(order).toMatchObject({
      status: 'paid',
      totalKobo: 500_000,
      buyerUserId: null,
      buyerFirstName: 'Deleted',
      buyerLastName: 'account',
      buyerPhone: '',
    });
    expect(order!.buyerEmail).toMatch(/@deleted\.invalid$/);
    expect(order!.attendees).toEqual([
      { ticketId: past.typeId, firstName: 'Bola', lastName: 'Ade', email: 'bola@example.ng' },
    ]);
    const tickets = await db().select().from(issuedTickets).where(eq(issuedTickets.orderId, orderId));
    const bySeat = Object.fromEntries(tickets.map((s) => [s.seat, s]));
    expect(bySeat[0]).toMatchObject({ attendeeFirstName: 'Deleted', attendeeLastName: 'account' });
    expect(bySeat[0]!.attendeeEmail).toMatch(/@deleted\.invalid$/);
    expect(bySeat[1]).toMatchObject({ attendeeFirstName: 'Bola', attendeeEmail: 'bola@example.ng' });
    expect(
      await db().select().from(paymentAttempts).where(eq(paymentAttempts.orderId, orderId)),
    ).toHaveLength(1);
    // With no events of their own, the user row itself goes.
    expect(await db().select().from(users).where(eq(users.id, buyer.user.id))).toEqual([]);
  });

  it('is refused (409, nothing changes) while a refund is in progress on their orders or events', async () => {
    const organiser = await signedInAccount(t);
    const buyer = await signedInAccount(t);
    const past = await eventOf(organiser.user.id, PAST);
    await orderOn(past.eventId, { status: 'refund_due', buyer: { id: buyer.user.id, email: buyer.email } });
    const asBuyer = await remove(buyer.token, buyer.password);
    expect(asBuyer.statusCode).toBe(409);
    expect(asBuyer.json().message).toBe(MESSAGES.refundInProgress);
    expect((await authed(t, 'GET', '/api/users/me', buyer.token)).statusCode).toBe(200);

    // The organiser of that order is refused too, and so is one whose refund is pending with the provider.
    expect((await remove(organiser.token, organiser.password)).json().message).toBe(
      MESSAGES.refundInProgress,
    );
    const other = await signedInAccount(t);
    const otherPast = await eventOf(other.user.id, PAST);
    await orderOn(otherPast.eventId, {
      status: 'refunded',
      attempt: { status: 'success', refundStatus: 'pending' },
    });
    const pending = await remove(other.token, other.password);
    expect(pending.statusCode).toBe(409);
    expect(pending.json().message).toBe(MESSAGES.refundInProgress);
    expect(await db().select().from(events).where(eq(events.id, otherPast.eventId))).toHaveLength(1);
    expect(await db().select().from(users).where(eq(users.id, other.user.id))).toHaveLength(1);
  });

  it('is refused while an upcoming event has a payment under way; a failed one only takes the event off sale', async () => {
    const a = await signedInAccount(t);
    const upcoming = await eventOf(a.user.id, FUTURE);
    const orderId = await orderOn(upcoming.eventId, { status: 'reserved', attempt: { status: 'pending' } });
    const refused = await remove(a.token, a.password);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(MESSAGES.hasUpcomingSales);

    // The payment failed: no sale, but the attempt is a money record, so the event stays, unpublished.
    await db().update(paymentAttempts).set({ status: 'failed' }).where(eq(paymentAttempts.orderId, orderId));
    await db().update(orders).set({ status: 'expired' }).where(eq(orders.id, orderId));
    expect((await remove(a.token, a.password)).statusCode).toBe(200);
    const [event] = await db().select().from(events).where(eq(events.id, upcoming.eventId));
    expect(event).toMatchObject({ status: 'draft', salesPaused: true });
    expect(
      await db().select().from(paymentAttempts).where(eq(paymentAttempts.orderId, orderId)),
    ).toHaveLength(1);
  });

  it('removes a deleted event’s poster only when no other event still uses it', async () => {
    const a = await signedInAccount(t);
    const b = await signedInAccount(t);
    const poster = await renderPoster('Lekki Sunset Jazz', 'Sax by the lagoon', {
      from: '#111827',
      to: '#2563eb',
      accent: '#22d3ee',
      motif: 'grid',
    });
    const shared = await t.deps.storage.put('posters', 'webp', poster);
    const own = await t.deps.storage.put('posters', 'webp', poster);
    await eventOf(a.user.id, FUTURE, shared);
    await eventOf(a.user.id, FUTURE, own);
    await eventOf(b.user.id, FUTURE, shared);
    expect((await remove(a.token, a.password)).statusCode).toBe(200);
    expect(await t.deps.storage.get(shared)).not.toBeNull();
    expect(await t.deps.storage.get(own)).toBeNull();
  });
});
