import { randomUUID } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import { hasEnded } from '../../../contract/eventTime';
import { orderTotalsKobo } from '../../../contract/orders';
import { waitlistOfferMail } from '../../adapters/mail/templates';
import type { AppDeps } from '../../context';
import { queryRows, type Tx } from '../../db/query';
import { events, ticketTypes, waitlistEntries } from '../../db/schema';
import { ticketNameWithDate } from '../event-dates/data';
import type { NewOrder } from '../orders/data';
import { eventSeatsLeft, lockEventForSeats, lockTypesForSeats, takeLockedSeats } from '../orders/inventory';
import { insertOrders } from '../orders/reserveInserts';
import { entriesThatFit } from './queue';

/**
 * Offering returned seats to the waiting list (decision 042). An offer IS a reservation: a reserved
 * order for the waiting person, made under the inventory kernel's locks (inventory.ts) with its hold
 * ending at the offer's expiry. So a seat is never offered twice (it is held by one order) and a
 * claim cannot oversell (paying a hold is checkout's own path). Unclaimed, the hold expires through
 * the sweeper, its seats come back, and the next run offers them to the next person.
 *
 * Safe in several processes at once: each type's offers are made holding that type's row lock (the
 * lock every seat-taker takes, in the kernel's order: event if capped, then the type), so two runs
 * for one type take turns and the second sees the first's seats gone.
 */

export type OfferDeps = Pick<AppDeps, 'db' | 'mail' | 'config'> & {
  log?: { warn: (obj: object, msg: string) => void };
};

type Offer = {
  email: string;
  firstName: string;
  quantity: number;
  orderId: string;
  eventName: string;
  ticketName: string;
  minutes: number;
};

/** Order statuses in which the offered seats were bought (refunds come later, but the offer was claimed). */
const CLAIMED_ORDER = sql`('paid', 'refund_due', 'refunded')`;
const ENDED_ORDER = sql`('expired', 'cancelled')`;

/**
 * Step 1: offers whose order was paid become claimed; whose hold ended unpaid, expired. Idempotent,
 * so every process may run it.
 */
export async function settleOffers(db: Tx, where: { ticketTypeId?: string; eventId?: string } = {}) {
  const filter = where.ticketTypeId
    ? sql`and w.ticket_type_id = ${where.ticketTypeId}`
    : where.eventId
      ? sql`and w.event_id = ${where.eventId}`
      : sql``;
  await db.execute(sql`update waitlist_entries w
    set status = case when o.status in ${CLAIMED_ORDER} then 'claimed' else 'expired' end
    from orders o
    where o.id = w.order_id and w.status = 'offered'
      and (o.status in ${CLAIMED_ORDER} or o.status in ${ENDED_ORDER}) ${filter}`);
}

/** Step 2: the types where someone waits, the list is on and at least one seat looks free (re-checked under lock). */
async function typesToOffer(db: Tx, ticketTypeId?: string): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`select t.id from ticket_types t
      where t.waitlist_enabled and (t.capacity is null or t.sold < t.capacity)
        and exists (select 1 from waitlist_entries w where w.ticket_type_id = t.id and w.status = 'waiting')
        ${ticketTypeId ? sql`and t.id = ${ticketTypeId}` : sql``}
      order by t.id`,
  );
  return rows.map((r) => r.id);
}

/** True when the type can be sold now: the same window checkout applies (pricing.ts, salesRules.ts). */
function onSale(event: typeof events.$inferSelect, type: typeof ticketTypes.$inferSelect, nowMs: number) {
  if (event.status !== 'published' || event.salesPaused || hasEnded(event, nowMs)) return false;
  if (type.salesFrom && type.salesFrom.getTime() > nowMs) return false;
  if (type.salesUntil && type.salesUntil.getTime() <= nowMs) return false;
  return true;
}

/**
 * Step 3, one type in one transaction: lock as every seat-taker does, then offer to the waiting
 * entries in arrival order, each that fits what is free (queue.ts, decision 050): an entry that does
 * not fit keeps its place for a later return, and does not block those behind it.
 */
async function offerForType(db: Tx, ticketTypeId: string): Promise<Offer[]> {
  const [found] = await db
    // The type's name with its date (multi-date events), as the offer email names it.
    .select({ event: events, type: ticketTypes, name: ticketNameWithDate })
    .from(ticketTypes)
    .innerJoin(events, eq(events.id, ticketTypes.eventId))
    .where(eq(ticketTypes.id, ticketTypeId));
  if (!found) return [];
  const { event } = found;
  return db.transaction(async (tx) => {
    await lockEventForSeats(tx, event);
    const [stock] = await lockTypesForSeats(tx, [ticketTypeId]);
    const [type] = await tx.select().from(ticketTypes).where(eq(ticketTypes.id, ticketTypeId));
    if (!stock || !type?.waitlistEnabled || !onSale(event, type, Date.now())) return [];
    const typeLeft = stock.capacity === null ? Number.POSITIVE_INFINITY : stock.capacity - stock.sold;
    const eventLeft = event.capacity === null ? null : await eventSeatsLeft(tx, event.id);
    const free = Math.min(typeLeft, eventLeft ?? Number.POSITIVE_INFINITY);
    if (free <= 0) return [];
    const waiting = await tx
      .select()
      .from(waitlistEntries)
      .where(and(eq(waitlistEntries.ticketTypeId, ticketTypeId), eq(waitlistEntries.status, 'waiting')))
      .orderBy(asc(waitlistEntries.createdAt), asc(waitlistEntries.id))
      .for('update');
    const minutes = event.waitlistOfferMinutes;
    const expiresAt = new Date(Date.now() + minutes * 60_000);
    const chosen = entriesThatFit(waiting, free).map((entry) => {
      const subtotal = type.priceKobo * entry.quantity;
      return {
        entry,
        order: {
          id: randomUUID(),
          eventId: event.id,
          buyerUserId: entry.userId,
          buyer: { firstName: entry.firstName, lastName: entry.lastName, email: entry.email, phone: '' },
          attendees: [],
          accessCodeId: null,
          expiresAt,
          items: [{ ticketTypeId, quantity: entry.quantity, unitPriceKobo: type.priceKobo }],
          totals: orderTotalsKobo(subtotal, 0, event.feeMode === 'absorbed'),
        } satisfies NewOrder & { id: string },
      };
    });
    if (chosen.length === 0) return [];
    await insertOrders(
      tx,
      chosen.map((c) => c.order),
    );
    for (const { entry, order } of chosen) {
      await tx
        .update(waitlistEntries)
        .set({ status: 'offered', orderId: order.id, offeredAt: new Date(), expiresAt })
        .where(eq(waitlistEntries.id, entry.id));
    }
    // The seats LAST, as every seat-taker takes them; under our locks the guard cannot refuse.
    await takeLockedSeats(
      tx,
      event,
      new Map([[ticketTypeId, chosen.reduce((n, c) => n + c.entry.quantity, 0)]]),
    );
    return chosen.map(({ entry, order }) => ({
      email: entry.email,
      firstName: entry.firstName,
      quantity: entry.quantity,
      orderId: order.id,
      eventName: event.eventName,
      ticketName: found.name,
      minutes,
    }));
  });
}

/**
 * Offers returned seats to the waiting lists (all, or one type's): settle finished offers, then per
 * type with free seats and someone waiting, make the offers; the emails go after each COMMIT.
 * Returns how many offers were made. Run by the sweeper each tick and right after seats are given back.
 */
export async function offerReturnedSeats(deps: OfferDeps, ticketTypeId?: string): Promise<number> {
  await settleOffers(deps.db, ticketTypeId ? { ticketTypeId } : {});
  let made = 0;
  for (const id of await typesToOffer(deps.db, ticketTypeId)) {
    const offers = await offerForType(deps.db, id);
    made += offers.length;
    for (const offer of offers) await mailOffer(deps, offer);
  }
  return made;
}

/** Like offerReturnedSeats, for a caller whose own work is done: a failure is logged, the sweeper retries. */
export async function offerAfterRelease(deps: OfferDeps, ticketTypeIds: string[] | null): Promise<void> {
  try {
    if (ticketTypeIds === null) await offerReturnedSeats(deps);
    else for (const id of new Set(ticketTypeIds)) await offerReturnedSeats(deps, id);
  } catch (error) {
    deps.log?.warn({ err: String(error) }, 'waiting-list offers failed; the next sweep retries');
  }
}

async function mailOffer(deps: OfferDeps, offer: Offer) {
  await deps.mail.send(
    waitlistOfferMail({
      to: offer.email,
      firstName: offer.firstName,
      eventName: offer.eventName,
      ticketName: offer.ticketName,
      quantity: offer.quantity,
      minutes: offer.minutes,
      link: `${deps.config.appUrl}/orders/${offer.orderId}`,
    }),
  );
}
