import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { type Order, orderResponse } from '../../contract/orders';
import { ticketTypes } from '../../server/db/schema';
import { authed } from './accounts';
import { buyerOf, type Person } from './checkout';
import type { TestApp } from './testApp';

/** Shared steps of the waiting-list tests (waitlist*.test.ts). */

/** A reserved order of `p` for these seats (201 expected). */
export async function holdSeats(
  t: TestApp,
  p: Person,
  eventId: string,
  items: Record<string, number>,
): Promise<Order> {
  const res = await authed(t, 'POST', '/api/orders', p.token, { eventId, items, buyer: buyerOf(p) });
  expect(res.statusCode, res.body).toBe(201);
  return orderResponse.parse(res.json()).order;
}

/** A type's seats sold or held, as the database counts them. */
export async function soldOf(t: TestApp, ticketTypeId: string): Promise<number> {
  const [row] = await t.deps.db
    .select({ sold: ticketTypes.sold })
    .from(ticketTypes)
    .where(eq(ticketTypes.id, ticketTypeId));
  return row!.sold;
}
