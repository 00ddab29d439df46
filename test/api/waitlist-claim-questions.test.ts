import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderResponse, payResponse } from '../../contract/orders';
import { guestlistResponse } from '../../contract/organiser';
import { type Question, questionListResponse } from '../../contract/questions';
import { myWaitlistResponse } from '../../contract/waitlist';
import { authed } from '../helpers/accounts';
import { eventWithTypes, person } from '../helpers/checkout';
import { testDatabases } from '../helpers/databases';
import { buildTestApp, type TestApp } from '../helpers/testApp';

/**
 * Issue #32 item 4 (decision 050): a waiting-list offer is a hold made for the buyer, so checkout's
 * questions were never asked. Paying any hold now needs its required answers (400 naming the
 * question); the claim gives them with PUT /api/orders/:id/items (same seats), then pays, and the
 * guest list shows them.
 */
describe.each(testDatabases)(
  'claiming a waiting-list seat asks the checkout questions on $name',
  (database) => {
    let t: TestApp;

    beforeAll(async () => {
      t = await buildTestApp(database);
    }, 120_000);
    afterAll(async () => t?.close());

    it('refuses to pay an offer without the required answers; with them it is paid and they are listed', async () => {
      const organiser = await person(t.deps.db, 'organiser');
      const { event, types } = await eventWithTypes(t.deps.db, organiser.id, [
        { name: 'RSVP', priceKobo: 0, capacity: 1 },
      ]);
      const rsvp = types[0]!;
      const added = await authed(t, 'POST', `/api/events/${event.id}/questions`, organiser.token, {
        label: 'T-shirt size',
        kind: 'choice',
        scope: 'attendee',
        required: true,
        options: ['S', 'M', 'L'],
      });
      expect(added.statusCode, added.body).toBe(201);
      const shirt = questionListResponse.parse(added.json()).questions[0] as Question;

      const holder = await person(t.deps.db, 'holder');
      const held = await authed(t, 'POST', '/api/orders', holder.token, {
        eventId: event.id,
        items: { [rsvp.id]: 1 },
        buyer: { firstName: 'Ada', lastName: 'Obi', email: holder.email, phone: '+2348012345678' },
        answers: [{ questionId: shirt.id, ticketId: rsvp.id, index: 0, value: 'M' }],
      });
      expect(held.statusCode, held.body).toBe(201);
      const waiter = await person(t.deps.db, 'waiter');
      expect(
        (await authed(t, 'POST', '/api/waitlist', waiter.token, { ticketTypeId: rsvp.id, quantity: 1 }))
          .statusCode,
      ).toBe(201);
      await authed(t, 'DELETE', `/api/orders/${orderResponse.parse(held.json()).order._id}`, holder.token);
      const entry = myWaitlistResponse.parse(
        (await authed(t, 'GET', `/api/waitlist/event/${event.id}`, waiter.token)).json(),
      ).entries[0]!;
      expect(entry.status).toBe('offered');
      const offerId = entry.orderId!;

      const pay = () =>
        authed(t, 'POST', `/api/orders/${offerId}/pay`, waiter.token, {
          acceptTerms: true,
          emailUpdates: false,
        });
      const unanswered = await pay();
      expect(unanswered.statusCode, unanswered.body).toBe(400);
      expect(unanswered.json().message).toMatch(/T-shirt size \(attendee 1\): Please answer/);

      // A bad answer is refused like checkout's; the seats are the offer's own (no queue refusal).
      const bad = await authed(t, 'PUT', `/api/orders/${offerId}/items`, waiter.token, {
        items: { [rsvp.id]: 1 },
        answers: [{ questionId: shirt.id, ticketId: rsvp.id, index: 0, value: 'XXL' }],
      });
      expect(bad.statusCode, bad.body).toBe(400);
      // Someone else now waits behind: the claim screen's contact step re-sends the order (POST
      // /api/orders replaces the buyer's own hold) with the answers — the same seats, no queue jump.
      const behind = await person(t.deps.db, 'behind');
      expect(
        (await authed(t, 'POST', '/api/waitlist', behind.token, { ticketTypeId: rsvp.id, quantity: 1 }))
          .statusCode,
      ).toBe(201);
      const answered = await authed(t, 'POST', '/api/orders', waiter.token, {
        eventId: event.id,
        items: { [rsvp.id]: 1 },
        buyer: { firstName: 'Ngozi', lastName: 'Eze', email: waiter.email, phone: '+2348012345678' },
        answers: [{ questionId: shirt.id, ticketId: rsvp.id, index: 0, value: 'L' }],
      });
      expect(answered.statusCode, answered.body).toBe(201);
      expect(orderResponse.parse(answered.json()).order._id).toBe(offerId);

      const paid = await pay();
      expect(paid.statusCode, paid.body).toBe(200);
      const done = payResponse.parse(paid.json());
      expect('order' in done && done.order.status).toBe('paid');

      const list = guestlistResponse.parse(
        (await authed(t, 'GET', `/api/events/${event.id}/guestlist`, organiser.token)).json(),
      );
      const tickets = list.rows.flatMap((r) => r.tickets);
      expect(tickets).toHaveLength(1);
      expect(list.answers.byTicket[tickets[0]!.id]).toEqual([{ questionId: shirt.id, value: 'L' }]);
      // Someone else's hold stays theirs to answer.
      expect(
        (
          await authed(t, 'PUT', `/api/orders/${offerId}/items`, holder.token, {
            items: { [rsvp.id]: 1 },
          })
        ).statusCode,
      ).toBe(403);
    });
  },
);
