import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../server/db/schema';
import {
  ACCESS_MESSAGES,
  buyersOrder,
  manageableEvent,
  manageableOrder,
  manageableTicketType,
  mayManage,
  readableOrder,
} from '../../server/modules/access/eventAccess';
import { authed } from '../helpers/accounts';
import { eventWithTypes, type Person, people } from '../helpers/checkout';
import { testDatabases } from '../helpers/databases';
import { buildTestApp, type TestApp } from '../helpers/testApp';

/** Runs `work` and gives the status and message it was refused with. */
async function refusal(work: () => Promise<unknown>): Promise<{ status: number; message: string }> {
  try {
    await work();
  } catch (error) {
    const { status, message } = error as { status: number; message: string };
    return { status, message };
  }
  throw new Error('expected a refusal');
}

const MISSING = '00000000-0000-4000-8000-000000000000';

describe.each(testDatabases)('Event access: one answer per question, on $name', (database) => {
  let t: TestApp;
  let owner: Person;
  let stranger: Person;
  let buyer: Person;
  let eventId: string;
  let ticketTypeId: string;
  let orderId: string;

  beforeAll(async () => {
    t = await buildTestApp(database);
    [owner, stranger, buyer] = (await people(t.deps.db, 3, 'access')) as [Person, Person, Person];
    const { event, types } = await eventWithTypes(t.deps.db, owner.id);
    eventId = event.id;
    ticketTypeId = types[0]!.id;
    const [order] = await t.deps.db
      .insert(orders)
      .values({
        eventId,
        buyerUserId: buyer.id,
        buyerFirstName: buyer.firstName,
        buyerLastName: buyer.lastName,
        buyerEmail: buyer.email,
        status: 'paid',
        totalKobo: 0,
        paidAt: new Date(),
      })
      .returning({ id: orders.id });
    orderId = order!.id;
  }, 120_000);
  afterAll(async () => t?.close());

  it('manageableEvent: the organiser gets the event; a stranger 403; a missing or malformed id 404', async () => {
    expect((await manageableEvent(t.deps.db, eventId, owner.id)).id).toBe(eventId);
    expect(await refusal(() => manageableEvent(t.deps.db, eventId, stranger.id))).toEqual({
      status: 403,
      message: ACCESS_MESSAGES.notYourEvent,
    });
    for (const id of [MISSING, 'not-a-uuid', "x' or '1'='1"]) {
      expect(await refusal(() => manageableEvent(t.deps.db, id, owner.id))).toEqual({
        status: 404,
        message: ACCESS_MESSAGES.eventNotFound,
      });
    }
  });

  it('manageableTicketType: the ticket type with its event for the organiser; 403 / 404 otherwise', async () => {
    const found = await manageableTicketType(t.deps.db, ticketTypeId, owner.id);
    expect([found.ticket.id, found.event.id]).toEqual([ticketTypeId, eventId]);
    expect(await refusal(() => manageableTicketType(t.deps.db, ticketTypeId, stranger.id))).toEqual({
      status: 403,
      message: ACCESS_MESSAGES.notYourEvent,
    });
    expect(await refusal(() => manageableTicketType(t.deps.db, MISSING, owner.id))).toEqual({
      status: 404,
      message: ACCESS_MESSAGES.ticketTypeNotFound,
    });
  });

  it('orders: the buyer and the organiser may read; only the organiser manages; only the buyer acts as buyer', async () => {
    expect((await readableOrder(t.deps.db, orderId, buyer.id)).id).toBe(orderId);
    expect((await readableOrder(t.deps.db, orderId, owner.id)).id).toBe(orderId);
    expect(await refusal(() => readableOrder(t.deps.db, orderId, stranger.id))).toEqual({
      status: 403,
      message: ACCESS_MESSAGES.notYourOrder,
    });

    expect((await manageableOrder(t.deps.db, orderId, owner.id)).id).toBe(orderId);
    for (const who of [buyer, stranger]) {
      expect(await refusal(() => manageableOrder(t.deps.db, orderId, who.id))).toEqual({
        status: 403,
        message: ACCESS_MESSAGES.notYourEvent,
      });
    }

    expect((await buyersOrder(t.deps.db, orderId, buyer.id)).id).toBe(orderId);
    expect(await refusal(() => buyersOrder(t.deps.db, orderId, owner.id))).toEqual({
      status: 403,
      message: ACCESS_MESSAGES.onlyBuyer,
    });

    for (const check of [readableOrder, manageableOrder, buyersOrder]) {
      for (const id of [MISSING, 'nope']) {
        expect(await refusal(() => check(t.deps.db, id, owner.id))).toEqual({
          status: 404,
          message: ACCESS_MESSAGES.orderNotFound,
        });
      }
    }
  });

  it('mayManage: the organiser of an event already loaded (or its team), and only for the roles asked', async () => {
    const event = { id: eventId, organiserId: owner.id };
    expect(await mayManage(t.deps.db, event, owner.id)).toBe(true);
    expect(await mayManage(t.deps.db, event, stranger.id)).toBe(false);
    expect(await mayManage(t.deps.db, event, owner.id, [])).toBe(false);
  });

  it('the same 403 words from organiser, check-in and order routes for someone else’s event', async () => {
    const answers = await Promise.all([
      authed(t, 'GET', `/api/events/${eventId}/manage`, stranger.token),
      authed(t, 'GET', `/api/events/${eventId}/checkin-links`, stranger.token),
      authed(t, 'GET', `/api/events/${eventId}/checkins`, stranger.token),
      authed(t, 'POST', `/api/orders/${orderId}/cancel`, stranger.token),
    ]);
    for (const res of answers) {
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json()).toEqual({ message: ACCESS_MESSAGES.notYourEvent });
    }
    const missing = await Promise.all([
      authed(t, 'GET', `/api/events/${MISSING}/manage`, stranger.token),
      authed(t, 'GET', `/api/events/${MISSING}/checkin-links`, stranger.token),
      authed(t, 'GET', `/api/events/${MISSING}/checkins`, stranger.token),
    ]);
    for (const res of missing) {
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json()).toEqual({ message: ACCESS_MESSAGES.eventNotFound });
    }
  });
});
