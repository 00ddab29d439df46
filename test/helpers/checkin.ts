import { expect } from 'vitest';
import { type Order, orderResponse, payResponse } from '../../contract/orders';
import { authed } from './accounts';
import { buyerOf, type Person } from './checkout';
import type { TestApp } from './testApp';

/**
 * Tickets for check-in tests, bought the way people buy them: an order through the real checkout
 * API, paid through the built-in test-mode provider's approve step, which issues the signed codes.
 */
export async function buyTickets(t: TestApp, buyer: Person, eventId: string, items: Record<string, number>) {
  const created = await authed(t, 'POST', '/api/orders', buyer.token, {
    eventId,
    items,
    buyer: buyerOf(buyer),
  });
  expect(created.statusCode, created.body).toBe(201);
  const orderId = orderResponse.parse(created.json()).order._id;
  const pay = await authed(t, 'POST', `/api/orders/${orderId}/pay`, buyer.token, {
    acceptTerms: true,
    emailUpdates: false,
  });
  expect(pay.statusCode, pay.body).toBe(200);
  const answer = payResponse.parse(pay.json());
  if ('reference' in answer) {
    const approved = await t.app.inject({
      method: 'POST',
      url: `/api/payments/test/${answer.reference}/approve`,
    });
    expect(approved.statusCode, approved.body).toBe(200);
  }
  const read = await authed(t, 'GET', `/api/orders/${orderId}`, buyer.token);
  const order: Order = orderResponse.parse(read.json()).order;
  expect(order.status).toBe('paid');
  return order;
}

/** The issued ticket's id a signed code names (bytes 1–16 after the version byte). */
export function ticketIdOf(code: string): string {
  const hex = Buffer.from(code, 'base64url').subarray(1, 17).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
