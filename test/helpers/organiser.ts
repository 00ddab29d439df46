import { expect } from 'vitest';
import type { EventDetailsRequest } from '../../contract/organiser';
import { eventSavedResponse } from '../../contract/organiser';
import type { CreateTicketRequest } from '../../contract/tickets';
import { ticketSavedResponse } from '../../contract/tickets';
import { orderItems, orders } from '../../server/db/schema';
import { authed, signedInAccount } from './accounts';
import type { TestApp } from './testApp';

/** Fixtures for the organiser suites: valid forms (dates in the future), and paid orders. */

/** 'YYYY-MM-DD' `days` from today (UTC; far enough ahead that Lagos time never matters). */
export function dayFromNow(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

export function validEvent(overrides: Partial<EventDetailsRequest> = {}): EventDetailsRequest {
  return {
    eventName: 'Lagos Jazz Night',
    category: 'Music',
    description: 'An evening of live jazz on the island.',
    startDate: dayFromNow(30),
    endDate: dayFromNow(30),
    startTime: '18:00',
    endTime: '23:00',
    eventLocation: 'physical',
    country: 'Nigeria',
    state: 'Lagos',
    location: '12 Admiralty Way, Lekki',
    ...overrides,
  };
}

export function freeTicket(
  eventId: string,
  overrides: Partial<CreateTicketRequest> = {},
): CreateTicketRequest {
  return {
    eventId,
    ticketName: 'Regular',
    ticketDescription: 'Standing',
    ticketType: 'free',
    ticketStock: 'limited',
    availableTickets: 100,
    purchaseLimit: 4,
    benefits: 'Entry',
    ...overrides,
  };
}

export function paidTicket(
  eventId: string,
  overrides: Partial<CreateTicketRequest> = {},
): CreateTicketRequest {
  return {
    eventId,
    ticketName: 'VIP',
    ticketDescription: 'Front rows',
    ticketType: 'paid',
    ticketStock: 'limited',
    availableTickets: 50,
    purchaseLimit: 2,
    benefits: 'Seat and a drink',
    ticketPrice: 15000,
    ...overrides,
  };
}

export async function organiser(t: TestApp) {
  return signedInAccount(t);
}

export async function createEvent(t: TestApp, token: string, overrides: Partial<EventDetailsRequest> = {}) {
  const res = await authed(t, 'POST', '/api/events/create', token, validEvent(overrides));
  expect(res.statusCode, res.body).toBe(201);
  return eventSavedResponse.parse(res.json()).event;
}

export async function createTicket(t: TestApp, token: string, body: CreateTicketRequest) {
  const res = await authed(t, 'POST', '/api/tickets/create', token, body);
  expect(res.statusCode, res.body).toBe(201);
  return ticketSavedResponse.parse(res.json()).ticket;
}

/** A paid order as checkout will leave it (orders + order_items, status paid), written directly. */
export async function insertPaidOrder(
  t: TestApp,
  opts: {
    eventId: string;
    lines: { ticketTypeId: string; quantity: number; unitPriceKobo: number }[];
    buyer?: { firstName: string; lastName: string; email: string };
    status?: 'paid' | 'reserved';
  },
) {
  const buyer = opts.buyer ?? { firstName: 'Tunde', lastName: 'Bakare', email: 'tunde@example.ng' };
  const [order] = await t.deps.db
    .insert(orders)
    .values({
      eventId: opts.eventId,
      buyerFirstName: buyer.firstName,
      buyerLastName: buyer.lastName,
      buyerEmail: buyer.email,
      // Checkout's statuses: an order not yet paid is a live hold ('reserved').
      status: opts.status ?? 'paid',
      totalKobo: opts.lines.reduce((n, l) => n + l.quantity * l.unitPriceKobo, 0),
      paidAt: opts.status === 'reserved' ? null : new Date(),
    })
    .returning({ id: orders.id });
  await t.deps.db.insert(orderItems).values(opts.lines.map((l) => ({ orderId: order!.id, ...l })));
  return order!.id;
}

/**
 * The organiser's payout account, saved the only way one is saved (decision 053): their payout
 * settings, with the password. Ticket forms may then send it back or leave it out.
 */
export async function savePayout(
  t: TestApp,
  who: { token: string; password: string },
  account: { bank: string; accountNumber: string } = { bank: '058', accountNumber: '2034567891' },
) {
  const res = await authed(t, 'PUT', '/api/payments/payout-account', who.token, {
    ...account,
    password: who.password,
  });
  expect(res.statusCode, res.body).toBe(200);
}
