import {
  type CreateOrderRequest,
  type Order,
  orderTotalsKobo,
  type ReadOrder,
  type ReplaceItemsRequest,
} from '../../../contract/orders';
import type { Tx } from '../../db/query';
import { HttpError } from '../../http/errors';
import { ACCESS_MESSAGES, buyersOrder, readableOrder } from '../access/eventAccess';
import { unlockById } from '../access-codes/service';
import { sameCharge, voidPendingAttempts } from '../payments/coverage';
import { answersForNewSeats, saveAnswers } from '../questions/answers';
import { offerAfterRelease } from '../waitlist/offers';
import { typesWithQueue } from '../waitlist/queue';
import {
  claimExpiredHolds,
  eventTicketTypes,
  findEvent,
  findOrder,
  itemsOf,
  type OrderRow,
  ordersOfBuyer,
  replaceItems,
  seatRequestsOf,
  setStatus,
  updateOrder,
} from './data';
import type { CheckoutDeps } from './deps';
import { applyDiscount, discountForItems, releaseDiscountUse } from './discounts';
import {
  EventSoldOut,
  lockEventForSeats,
  releaseSeats,
  type SeatRequest,
  SeatsUnavailable,
  takeSeats,
} from './inventory';
import { MESSAGES } from './messages';
import { presentOrder, presentOrders } from './present';
import { assertEventOnSale, type PricedItem, priceItems, subtotalOf } from './pricing';
import { reserveInBatch } from './reserveBatch';

/** Turns the database's refusal into the buyer's 409, naming the ticket type and what is left. */
async function soldOutError(db: Tx, error: SeatsUnavailable, items: PricedItem[]): Promise<HttpError> {
  const item = items.find((i) => i.ticketTypeId === error.ticketTypeId);
  const types = item ? await eventTicketTypes(db, item.ticket.eventId) : [];
  const now = types.find((t) => t.id === error.ticketTypeId);
  const left = now && now.capacity !== null ? Math.max(0, now.capacity - now.sold) : 0;
  return new HttpError(409, MESSAGES.soldOut(item?.ticket.ticketName ?? 'This ticket', left));
}

/**
 * POST /api/orders. Reserves seats for the signed-in buyer, grouped with the other reservations of
 * the event arriving at the same time (reserveBatch.ts, decision 017). The batch also reads the
 * event's questions and the access codes once for all its buyers, checks each request's code and
 * answers before any seat is taken (so a refusal leaves nothing behind, decision 045), and writes a
 * new order's answers in the statements that insert it (decision 051). A buyer who already holds
 * seats for this event (went back and changed quantities) gets that hold replaced, keeping its
 * deadline, and its answers replaced with it.
 */
export async function createOrder(
  deps: CheckoutDeps,
  userId: string,
  body: CreateOrderRequest,
): Promise<Order> {
  const { order, unlock } = await reserveInBatch(
    deps,
    {
      replace: async (buyerId, holdId, b, checked) => {
        const replaced = await replaceOrderItems(
          deps,
          buyerId,
          holdId,
          { items: b.items, attendees: b.attendees ?? [] },
          b.buyer,
          checked.unlock?.id ?? null,
        );
        await saveAnswers(deps.db, replaced._id, checked.answers);
        return replaced;
      },
      releaseExpired: (eventId) => expireDueHolds(deps, 100, { eventId, wait: true }),
    },
    userId,
    body,
  );
  // A code that unlocks and discounts: its discount, as if the buyer had typed it, under its own rules.
  if (unlock?.discountCode && !order.discountCode) return applyDiscount(deps, order._id, unlock.discountCode);
  return order;
}

/**
 * PUT /api/orders/:id/items: new quantities for a live hold, its answers checked against the new
 * seats first (questions/answers.ts: a refusal changes nothing), then stored with them.
 */
export async function changeOrderItems(
  deps: CheckoutDeps,
  userId: string,
  orderId: string,
  body: ReplaceItemsRequest,
): Promise<Order> {
  const current = await findOrder(deps.db, orderId);
  if (!current) throw new HttpError(404, MESSAGES.orderNotFound);
  if (current.buyerUserId !== userId) throw new HttpError(403, ACCESS_MESSAGES.notYourOrder);
  const answers = await answersForNewSeats(deps.db, current.eventId, orderId, body.items, body.answers);
  const order = await replaceOrderItems(deps, userId, orderId, body);
  await saveAnswers(deps.db, order._id, answers);
  return order;
}

/** The new quantities of a live hold (PUT /items and a re-POST), same deadline. */
export async function replaceOrderItems(
  deps: CheckoutDeps,
  userId: string,
  orderId: string,
  body: ReplaceItemsRequest,
  buyer?: CreateOrderRequest['buyer'],
  /** A new access code the buyer came back with (a re-POST); otherwise the order's own is used. */
  accessCodeId: string | null = null,
): Promise<Order> {
  const { db } = deps;
  const current = await findOrder(db, orderId);
  if (!current) throw new HttpError(404, MESSAGES.orderNotFound);
  if (current.buyerUserId !== userId) throw new HttpError(403, ACCESS_MESSAGES.notYourOrder);
  const nowMs = Date.now();
  const event = await findEvent(db, current.eventId);
  assertEventOnSale(event, nowMs);
  const types = await eventTicketTypes(db, event.id);
  const attendees = body.attendees ?? [];
  const access = accessCodeId ?? current.accessCodeId;
  const unlocked = await unlockById(db, access);
  const items = priceItems(event, types, body.items, attendees, nowMs, unlocked);
  const subtotalKobo = subtotalOf(items);
  let released: string[] = [];
  try {
    const row = await db.transaction(async (tx) => {
      const order = await findOrder(tx, orderId, true);
      // The event before the discount rows, the order every seat-taker keeps (late payments too).
      await lockEventForSeats(tx, event);
      if (order?.status !== 'reserved' || order.expiresAt.getTime() <= Date.now()) {
        throw new HttpError(409, MESSAGES.holdEnded);
      }
      const before = { lines: await itemsOf(tx, [order.id]), totalKobo: order.totalKobo };
      const previous = before.lines;
      const discount = await discountForItems(tx, order, items);
      await replaceItems(
        tx,
        order.id,
        items.map(({ ticketTypeId, quantity, unitPriceKobo }) => ({ ticketTypeId, quantity, unitPriceKobo })),
      );
      const totals = orderTotalsKobo(subtotalKobo, discount.discountKobo, order.feesAbsorbed);
      // A payment started for the old seats no longer pays for the new ones (payments/coverage.ts).
      if (!sameCharge(before, { lines: items, totalKobo: totals.totalKobo })) {
        await voidPendingAttempts(tx, order.id);
      }
      await updateOrder(tx, order.id, {
        ...totals,
        attendees,
        discountCode: discount.code,
        discountCodeId: discount.codeId,
        accessCodeId: access,
        ...(buyer
          ? {
              buyerFirstName: buyer.firstName,
              buyerLastName: buyer.lastName,
              buyerEmail: buyer.email,
              buyerPhone: buyer.phone,
            }
          : {}),
      });
      // Give the old seats back and take the new ones (by type, so a type kept at the same
      // quantity nets to nothing); the held seats never leave the buyer in between.
      const change = seatChange(previous, items);
      // More seats of a type others wait for are theirs, as at checkout (decision 050).
      const queued = await typesWithQueue(
        tx,
        change.more.map((m) => m.ticketTypeId),
      );
      const jump = items.find((i) => queued.has(i.ticketTypeId));
      if (jump) throw new HttpError(409, MESSAGES.waitlistFirst(jump.ticket.ticketName));
      await releaseSeats(tx, change.fewer);
      await takeSeats(tx, event, change.more);
      released = change.fewer.map((f) => f.ticketTypeId);
      return (await findOrder(tx, order.id)) as OrderRow;
    });
    // Seats this hold gave back go to the waiting list first, at once (decision 050).
    if (released.length > 0) await offerAfterRelease(deps, released);
    return presentOrder(db, row, 'buyer');
  } catch (error) {
    if (error instanceof SeatsUnavailable) throw await soldOutError(db, error, items);
    if (error instanceof EventSoldOut) throw new HttpError(409, MESSAGES.eventSoldOut(error.left));
    throw error;
  }
}

/** What a new set of quantities changes per type: seats to give back and seats to take. */
function seatChange(previous: SeatRequest[], next: SeatRequest[]) {
  const delta = new Map<string, number>();
  for (const p of previous) delta.set(p.ticketTypeId, (delta.get(p.ticketTypeId) ?? 0) - p.quantity);
  for (const i of next) delta.set(i.ticketTypeId, (delta.get(i.ticketTypeId) ?? 0) + i.quantity);
  const change = (sign: 1 | -1) =>
    [...delta]
      .filter(([, d]) => d * sign > 0)
      .map(([ticketTypeId, d]) => ({ ticketTypeId, quantity: d * sign }));
  return { more: change(1), fewer: change(-1) };
}

export async function getOrder(deps: CheckoutDeps, userId: string, orderId: string): Promise<ReadOrder> {
  let order = await readableOrder(deps.db, orderId, userId);
  // A hold past its deadline reads as expired at once, not only after the next sweep.
  if (order.status === 'reserved' && order.expiresAt.getTime() <= Date.now()) {
    await expireOrder(deps, order.id);
    order = (await findOrder(deps.db, order.id)) ?? order;
  }
  return presentOrder(deps.db, order, { userId });
}

export async function myOrders(deps: CheckoutDeps, userId: string): Promise<Order[]> {
  return presentOrders(deps.db, await ordersOfBuyer(deps.db, userId), 'buyer');
}

/** Ends one hold: seats and any discount use go back. No-op unless the order is still reserved. */
async function endHold(tx: Tx, order: OrderRow, to: 'expired' | 'cancelled', note?: string) {
  const seats = await seatRequestsOf(tx, order.id);
  await releaseSeats(tx, seats);
  await releaseDiscountUse(tx, order);
  await setStatus(tx, order, to, {}, note);
}

export async function expireOrder(deps: CheckoutDeps, orderId: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const order = await findOrder(tx, orderId, true);
    if (order?.status !== 'reserved' || order.expiresAt.getTime() > Date.now()) return;
    await endHold(tx, order, 'expired');
  });
}

/** DELETE /api/orders/:id by the buyer: lets the seats go before the deadline. */
export async function abandonOrder(deps: CheckoutDeps, userId: string, orderId: string): Promise<Order> {
  await buyersOrder(deps.db, orderId, userId);
  const row = await deps.db.transaction(async (tx) => {
    const order = await findOrder(tx, orderId, true);
    if (!order) throw new HttpError(404, MESSAGES.orderNotFound);
    if (order.status !== 'reserved') throw new HttpError(409, MESSAGES.notReserved);
    await endHold(tx, order, 'cancelled', 'released by the buyer');
    return (await findOrder(tx, orderId)) as OrderRow;
  });
  return presentOrder(deps.db, row, 'buyer');
}

/**
 * Releases expired holds, a batch per transaction. Several processes may sweep at once: each claims
 * different orders (SKIP LOCKED) and none blocks another. Returns how many holds were released.
 */
export async function expireDueHolds(
  deps: CheckoutDeps,
  batch = 100,
  opts: { eventId?: string; wait?: boolean } = {},
): Promise<number> {
  let released = 0;
  for (;;) {
    const n = await deps.db.transaction(async (tx) => {
      const due = await claimExpiredHolds(tx, batch, opts);
      for (const order of due) await endHold(tx, order, 'expired');
      return due.length;
    });
    released += n;
    if (n < batch) return released;
  }
}
