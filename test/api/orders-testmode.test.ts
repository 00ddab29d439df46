import { createPublicKey, verify } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Order, orderResponse, readOrderResponse, testPaymentResponse } from '../../contract/orders';
import {
  discountCodes,
  issuedTickets,
  mailOutbox,
  orderEvents,
  orders,
  ticketTypes,
} from '../../server/db/schema';
import { buyerOf, eventWithTypes, type Person, people, person } from '../helpers/checkout';
import { testDatabases } from '../helpers/databases';
import { buildTestApp, type TestApp } from '../helpers/testApp';

/** The whole path in test mode (no PAYSTACK_SECRET_KEY): reserve → pay → the test page → tickets. */
describe.each(testDatabases)('Checkout in test mode on $name', (database) => {
  let t: TestApp;
  let organiser: Person;
  beforeAll(async () => {
    t = await buildTestApp(database, { env: { APP_URL: 'http://gatepass.test' } });
    organiser = await person(t.deps.db, 'organiser');
  });
  afterAll(async () => t?.close());

  const as = (
    p: Person | null,
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    payload?: object,
  ) =>
    t.app.inject({
      method,
      url,
      ...(payload ? { payload } : {}),
      headers: p ? { authorization: `Bearer ${p.token}` } : {},
    });
  const soldOf = async (id: string) =>
    (await t.deps.db.select({ sold: ticketTypes.sold }).from(ticketTypes).where(eq(ticketTypes.id, id)))[0]!
      .sold;

  async function reserved(
    buyer: Person,
    items: (types: { id: string }[]) => Record<string, number>,
    specs?: Parameters<typeof eventWithTypes>[2],
    extra: object = {},
  ) {
    const { event, types } = await eventWithTypes(t.deps.db, organiser.id, specs, {
      ticketEmailMessage: 'Gates open at 5pm. Bring your ID.',
    });
    const res = await as(buyer, 'POST', '/api/orders', {
      eventId: event.id,
      items: items(types),
      buyer: buyerOf(buyer),
      ...extra,
    });
    expect(res.statusCode, res.body).toBe(201);
    return { event, types, order: orderResponse.parse(res.json()).order };
  }
  const pay = (p: Person, order: Order, body: object = { acceptTerms: true, emailUpdates: true }) =>
    as(p, 'POST', `/api/orders/${order._id}/pay`, body);

  it('a free order completes at once: paid, tickets with verifiable signed codes, one email with PDF and .ics', async () => {
    const buyer = await person(t.deps.db);
    const { order, types } = await reserved(buyer, (ts) => ({ [ts[0]!.id]: 2 }), [
      { name: 'Community', priceKobo: 0 },
    ]);
    expect(order.total).toBe(0);
    const terms = await pay(buyer, order, { acceptTerms: false, emailUpdates: false });
    expect(terms.statusCode).toBe(400);
    expect(terms.json().message).toBe('Please accept the terms and conditions to continue');

    const res = await pay(buyer, order);
    expect(res.statusCode, res.body).toBe(200);
    const paid = orderResponse.parse(res.json()).order;
    expect(paid.status).toBe('paid');
    expect(paid.emailUpdates).toBe(true);
    expect(paid.tickets).toHaveLength(2);
    expect(new Set(paid.tickets.map((x) => x.code)).size).toBe(2);
    expect(paid.tickets[0]).toMatchObject({
      ticketName: 'Community',
      attendeeName: `${buyer.firstName} ${buyer.lastName}`,
    });
    expect(await soldOf(types[0]!.id)).toBe(2);

    // The door scanner's view: the public key verifies every code; a flipped byte does not.
    const key = (await as(null, 'GET', '/api/tickets/public-key')).json();
    const publicKey = createPublicKey({
      key: Buffer.from(key.publicKey, 'base64'),
      format: 'der',
      type: 'spki',
    });
    for (const ticket of paid.tickets) {
      expect(ticket.code.length).toBeLessThanOrEqual(140);
      const bytes = Buffer.from(ticket.code, 'base64url');
      expect(verify(null, bytes.subarray(0, 33), publicKey, bytes.subarray(33))).toBe(true);
      const forged = Buffer.from(bytes);
      forged[5] = forged[5]! ^ 1;
      expect(verify(null, forged.subarray(0, 33), publicKey, forged.subarray(33))).toBe(false);
    }

    const mails = await t.deps.db.select().from(mailOutbox).where(eq(mailOutbox.to, buyer.email));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Your 2 tickets for Afrobeats Night Lagos');
    expect(mails[0]!.text).toContain('Gates open at 5pm. Bring your ID.');
    const files = mails[0]!.attachments;
    expect(files.map((f) => f.contentType)).toEqual(['application/pdf', 'application/pdf', 'text/calendar']);
    expect(Buffer.from(files[0]!.contentBase64, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
    expect(Buffer.from(files[2]!.contentBase64, 'base64').toString()).toContain('BEGIN:VCALENDAR');

    // Paying again changes nothing.
    const again = await pay(buyer, order);
    expect(orderResponse.parse(again.json()).order.tickets.map((x) => x.code)).toEqual(
      paid.tickets.map((x) => x.code),
    );
    const issued = await t.deps.db.select().from(issuedTickets).where(eq(issuedTickets.orderId, order._id));
    expect(issued).toHaveLength(2);
  });

  it('a paid order goes to the labelled test page; approve → paid, Test mark, tickets to buyer and each attendee', async () => {
    const [buyer, friend] = await people(t.deps.db, 2);
    const { order } = await reserved(
      buyer!,
      (ts) => ({ [ts[0]!.id]: 2 }),
      [{ name: 'Regular', priceKobo: 1_000_000 }],
      {},
    );
    // Name the seats: one for the buyer, one for a friend.
    const put = await as(buyer!, 'PUT', `/api/orders/${order._id}/items`, {
      items: { [order.items[0]!.ticketId]: 2 },
      attendees: [
        { ticketId: order.items[0]!.ticketId, firstName: 'Ngozi', lastName: 'Eze', email: buyer!.email },
        { ticketId: order.items[0]!.ticketId, firstName: 'Tobi', lastName: 'Ade', email: friend!.email },
      ],
    });
    expect(put.statusCode, put.body).toBe(200);

    const res = await pay(buyer!, order);
    expect(res.statusCode, res.body).toBe(200);
    const { authorizationUrl, reference } = res.json();
    expect(authorizationUrl).toBe(`http://gatepass.test/pay/test/${reference}`);
    expect(reference).toMatch(/^[A-Za-z0-9.=-]+$/);
    expect(reference.startsWith(order.reference)).toBe(true);

    const page = testPaymentResponse.parse((await as(null, 'GET', `/api/payments/test/${reference}`)).json());
    expect(page).toMatchObject({
      amount: 20_300,
      status: 'pending',
      orderId: order._id,
      eventName: 'Afrobeats Night Lagos',
    });
    expect(page.callbackUrl).toBe(`http://gatepass.test/orders/${order._id}`);

    const pending = orderResponse.parse((await as(buyer!, 'GET', `/api/orders/${order._id}`)).json()).order;
    expect(pending).toMatchObject({ status: 'reserved', payment: 'pending', testMode: true });

    const approve = await as(null, 'POST', `/api/payments/test/${reference}/approve`);
    expect(approve.statusCode, approve.body).toBe(200);
    expect(approve.json()).toEqual({ status: 'success', callbackUrl: page.callbackUrl });
    const paid = orderResponse.parse(
      (await as(buyer!, 'POST', `/api/orders/${order._id}/verify`)).json(),
    ).order;
    expect(paid).toMatchObject({ status: 'paid', payment: 'success', testMode: true });
    expect(paid.tickets.map((x) => x.attendeeName)).toEqual(['Ngozi Eze', 'Tobi Ade']);
    // Decline after approval is refused.
    expect((await as(null, 'POST', `/api/payments/test/${reference}/decline`)).statusCode).toBe(409);

    const mailTo = async (to: string) => t.deps.db.select().from(mailOutbox).where(eq(mailOutbox.to, to));
    const toBuyer = await mailTo(buyer!.email);
    const toFriend = await mailTo(friend!.email);
    expect(toBuyer).toHaveLength(1);
    expect(toBuyer[0]!.attachments.filter((a) => a.contentType === 'application/pdf')).toHaveLength(2);
    expect(toFriend).toHaveLength(1);
    expect(toFriend[0]!.attachments.filter((a) => a.contentType === 'application/pdf')).toHaveLength(1);
    expect(toFriend[0]!.text).toContain('Tobi Ade');
    expect(toBuyer[0]!.text).toContain('TEST order');

    // My Tickets for the friend (tickets sent to their address) and the buyer.
    const friendTickets = (await as(friend!, 'GET', '/api/tickets/mine')).json();
    expect(friendTickets.upcoming).toHaveLength(1);
    expect(friendTickets.upcoming[0].attendeeName).toBe('Tobi Ade');
    expect(friendTickets.upcoming[0].qr).toMatch(/^data:image\/svg\+xml;base64,/);
    const code = friendTickets.upcoming[0].code;
    expect((await as(buyer!, 'GET', `/api/tickets/code/${code}`)).statusCode).toBe(200);
    const stranger = await person(t.deps.db);
    expect((await as(stranger, 'GET', `/api/tickets/code/${code}`)).statusCode).toBe(404);
    const pdf = await as(friend!, 'GET', `/api/tickets/code/${code}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const qr = await as(friend!, 'GET', `/api/tickets/code/${code}/qr.svg`);
    expect(qr.body).toContain('<svg');

    const transitions = await t.deps.db.select().from(orderEvents).where(eq(orderEvents.orderId, order._id));
    expect(transitions.map((e) => e.toStatus)).toEqual(['reserved', 'paid']);
  });

  it('declined, then retried with a new reference while the hold lasts', async () => {
    const buyer = await person(t.deps.db);
    const { order } = await reserved(buyer, (ts) => ({ [ts[0]!.id]: 1 }));
    const first = (await pay(buyer, order)).json();
    const decline = await as(null, 'POST', `/api/payments/test/${first.reference}/decline`);
    expect(decline.json().status).toBe('failed');
    const failed = orderResponse.parse((await as(buyer, 'GET', `/api/orders/${order._id}`)).json()).order;
    expect(failed).toMatchObject({ status: 'reserved', payment: 'failed' });
    const second = (await pay(buyer, order)).json();
    expect(second.reference).not.toBe(first.reference);
    await as(null, 'POST', `/api/payments/test/${second.reference}/approve`);
    const paid = orderResponse.parse((await as(buyer, 'GET', `/api/orders/${order._id}`)).json()).order;
    expect(paid.status).toBe('paid');
    expect(paid.tickets).toHaveLength(1);
  });

  it('late payment with the seats still free: re-taken and confirmed', async () => {
    const buyer = await person(t.deps.db);
    const { order, types } = await reserved(buyer, (ts) => ({ [ts[0]!.id]: 1 }), [{ capacity: 1 }]);
    const { reference } = (await pay(buyer, order)).json();
    await t.deps.db
      .update(orders)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(orders.id, order._id));
    expect(
      orderResponse.parse((await as(buyer, 'GET', `/api/orders/${order._id}`)).json()).order.status,
    ).toBe('expired');
    expect(await soldOf(types[0]!.id)).toBe(0);
    await as(null, 'POST', `/api/payments/test/${reference}/approve`);
    const late = orderResponse.parse((await as(buyer, 'GET', `/api/orders/${order._id}`)).json()).order;
    expect(late.status).toBe('paid');
    expect(late.statusMessage).toMatch(/seats were still free/);
    expect(late.tickets).toHaveLength(1);
    expect(await soldOf(types[0]!.id)).toBe(1);
  });

  it('late payment with the seats gone: refund_due → refunded, seats stay with the new buyer, buyer emailed', async () => {
    const [buyer, rival] = await people(t.deps.db, 2);
    const { order, event, types } = await reserved(buyer!, (ts) => ({ [ts[0]!.id]: 1 }), [{ capacity: 1 }]);
    const { reference } = (await pay(buyer!, order)).json();
    await t.deps.db
      .update(orders)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(orders.id, order._id));
    const taken = await as(rival!, 'POST', '/api/orders', {
      eventId: event.id,
      items: { [types[0]!.id]: 1 },
      buyer: buyerOf(rival!),
    });
    expect(taken.statusCode).toBe(201);
    await as(null, 'POST', `/api/payments/test/${reference}/approve`);
    const late = orderResponse.parse((await as(buyer!, 'GET', `/api/orders/${order._id}`)).json()).order;
    // Test mode refunds at once, so refund_due has already become refunded.
    expect(late.status).toBe('refunded');
    expect(late.statusMessage).toMatch(/refunding it in full/);
    expect(late.tickets).toHaveLength(0);
    expect(await soldOf(types[0]!.id)).toBe(1);
    const transitions = await t.deps.db.select().from(orderEvents).where(eq(orderEvents.orderId, order._id));
    expect(transitions.map((e) => e.toStatus)).toEqual(['reserved', 'expired', 'refund_due', 'refunded']);
    const mails = await t.deps.db.select().from(mailOutbox).where(eq(mailOutbox.to, buyer!.email));
    expect(mails.map((m) => m.subject)).toEqual(['Refund for your Afrobeats Night Lagos order']);
  });

  it('discount codes: unknown, expired, not started, not applicable, used up; uses are counted and given back', async () => {
    const buyer = await person(t.deps.db);
    const { order, event, types } = await reserved(buyer, (ts) => ({ [ts[0]!.id]: 2 }), [
      { name: 'Regular', priceKobo: 1_000_000 },
      { name: 'VIP', priceKobo: 5_000_000 },
    ]);
    const day = 86_400_000;
    await t.deps.db.insert(discountCodes).values([
      { eventId: event.id, code: 'SAVE10', kind: 'percent', percentOff: 10, maxUses: 5 },
      {
        eventId: event.id,
        code: 'OLD',
        kind: 'percent',
        percentOff: 10,
        validUntil: new Date(Date.now() - day),
      },
      {
        eventId: event.id,
        code: 'SOON',
        kind: 'percent',
        percentOff: 10,
        validFrom: new Date(Date.now() + day),
      },
      {
        eventId: event.id,
        code: 'VIPONLY',
        kind: 'fixed',
        amountOffKobo: 100_000,
        ticketTypeIds: [types[1]!.id],
      },
      { eventId: event.id, code: 'GONE', kind: 'percent', percentOff: 50, maxUses: 1, uses: 1 },
    ]);
    const apply = (code: string) => as(buyer, 'POST', `/api/orders/${order._id}/discount`, { code });
    const message = async (code: string) => {
      const res = await apply(code);
      expect(res.statusCode).toBe(400);
      return res.json().message;
    };
    expect(await message('NOPE')).toBe('This discount code is not valid for this event.');
    expect(await message('OLD')).toBe('This discount code has expired.');
    expect(await message('SOON')).toBe('This discount code is not active yet.');
    expect(await message('VIPONLY')).toBe('This discount code does not apply to the tickets in your order.');
    expect(await message('GONE')).toBe('This discount code has been used up.');

    const ok = await apply('save10');
    expect(ok.statusCode, ok.body).toBe(200);
    // ₦20,000 − 10 % = ₦18,000; fees 1.5 % of what is paid = ₦270.
    expect(orderResponse.parse(ok.json()).order).toMatchObject({
      subtotal: 20_000,
      discount: 2_000,
      fees: 270,
      total: 18_270,
      discountCode: 'SAVE10',
    });
    const uses = async (code: string) =>
      (await t.deps.db.select().from(discountCodes).where(eq(discountCodes.code, code)))[0]!.uses;
    expect(await uses('SAVE10')).toBe(1);
    // Applying it again does not count twice.
    await apply('SAVE10');
    expect(await uses('SAVE10')).toBe(1);
    // The hold expires: the use comes back.
    await t.deps.db
      .update(orders)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(orders.id, order._id));
    await as(buyer, 'GET', `/api/orders/${order._id}`);
    expect(await uses('SAVE10')).toBe(0);
  });

  it('a 10-use code applied by 40 buyers at once is used exactly 10 times', async () => {
    const { event, types } = await eventWithTypes(t.deps.db, organiser.id, [{ priceKobo: 1_000_000 }]);
    await t.deps.db
      .insert(discountCodes)
      .values({ eventId: event.id, code: 'TEN', kind: 'percent', percentOff: 20, maxUses: 10 });
    const buyers = await people(t.deps.db, 40);
    const made = await Promise.all(
      buyers.map((b) =>
        as(b, 'POST', '/api/orders', { eventId: event.id, items: { [types[0]!.id]: 1 }, buyer: buyerOf(b) }),
      ),
    );
    const answers = await Promise.all(
      made.map((m, i) =>
        as(buyers[i]!, 'POST', `/api/orders/${m.json().order._id}/discount`, { code: 'TEN' }),
      ),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(10);
    expect(
      answers.filter((a) => a.statusCode === 400).every((a) => a.json().message.includes('used up')),
    ).toBe(true);
    const [code] = await t.deps.db.select().from(discountCodes).where(eq(discountCodes.eventId, event.id));
    expect(code!.uses).toBe(10);
  }, 120_000);

  it('organiser actions: resend, edit an attendee (new code, old one revoked), cancel (seats back, refund)', async () => {
    const buyer = await person(t.deps.db);
    const { order, types } = await reserved(buyer, (ts) => ({ [ts[0]!.id]: 2 }));
    const { reference } = (await pay(buyer, order)).json();
    await as(null, 'POST', `/api/payments/test/${reference}/approve`);
    const paid = orderResponse.parse((await as(buyer, 'GET', `/api/orders/${order._id}`)).json()).order;
    const stranger = await person(t.deps.db);

    // The buyer may have their own tickets emailed again too (self-service).
    expect((await as(buyer, 'POST', `/api/orders/${order._id}/resend`)).statusCode).toBe(200);
    const resend = await as(organiser, 'POST', `/api/orders/${order._id}/resend`);
    expect(resend.statusCode).toBe(200);
    expect(resend.json().message).toBe('Tickets sent to 1 email address.');

    const old = paid.tickets[1]!.code;
    const edit = await as(organiser, 'PATCH', `/api/orders/${order._id}/tickets/${old}`, {
      firstName: 'Kemi',
      lastName: 'Bello',
      email: stranger.email,
    });
    expect(edit.statusCode, edit.body).toBe(200);
    // The new code is the buyer's to read (decision 048), not the organiser's.
    expect(readOrderResponse.parse(edit.json()).order.tickets[1]!.code).toBeUndefined();
    const edited = orderResponse.parse((await as(buyer, 'GET', `/api/orders/${order._id}`)).json()).order;
    expect(edited.tickets).toHaveLength(2);
    expect(edited.tickets[1]!.attendeeName).toBe('Kemi Bello');
    expect(edited.tickets[1]!.code).not.toBe(old);
    const revoked = (await as(null, 'GET', '/api/tickets/revoked')).json().revoked;
    const [oldRow] = await t.deps.db.select().from(issuedTickets).where(eq(issuedTickets.code, old));
    expect(revoked).toContainEqual(expect.objectContaining({ ticketId: oldRow!.id, reason: 'reissued' }));
    const newMail = await t.deps.db.select().from(mailOutbox).where(eq(mailOutbox.to, stranger.email));
    expect(newMail).toHaveLength(1);
    expect((await as(stranger, 'GET', `/api/tickets/code/${edited.tickets[1]!.code}`)).statusCode).toBe(200);
    expect(await soldOf(types[0]!.id)).toBe(2);
    const cancel = await as(organiser, 'POST', `/api/orders/${order._id}/cancel`);
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(orderResponse.parse(cancel.json()).order.status).toBe('refunded');
    expect(await soldOf(types[0]!.id)).toBe(0);
    const live = await t.deps.db
      .select()
      .from(issuedTickets)
      .where(sql`${issuedTickets.orderId} = ${order._id} and ${issuedTickets.revokedAt} is null`);
    expect(live).toHaveLength(0);
    expect((await as(organiser, 'POST', `/api/orders/${order._id}/cancel`)).statusCode).toBe(409);
  });
});
