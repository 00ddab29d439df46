import { asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { queryRows, savepoint, type Tx } from '../../db/query';
import { events, ticketTypes } from '../../db/schema';
import type { EventRow } from './data';

/**
 * The inventory kernel: the one place seats are taken and given back (decision 017, amendment).
 * Every seat-taker follows the same three steps, in this order:
 *   1. lock the event row, only when the event has an overall capacity (it serialises the takers
 *      whose seats share that capacity; events without one add no hot row);
 *   2. take the types' seats LAST in the transaction, with the one guarded UPDATE below, so a hot
 *      type row is locked only from that statement to COMMIT;
 *   3. check the event's total against its capacity.
 * A refusal is typed (SeatsUnavailable, EventSoldOut); callers turn it into the buyer's answer.
 */

export type SeatRequest = { ticketTypeId: string; quantity: number };

/** A type has fewer seats left than asked (the guarded UPDATE refused it). */
export class SeatsUnavailable extends Error {
  constructor(readonly ticketTypeId: string) {
    super('seats unavailable');
  }
}

/** The event's overall capacity, shared by all its types, would be exceeded; `left` were free before. */
export class EventSoldOut extends Error {
  constructor(readonly left: number) {
    super('event capacity reached');
  }
}

export type SeatRefusal = SeatsUnavailable | EventSoldOut;

export function isSeatRefusal(error: unknown): error is SeatRefusal {
  return error instanceof SeatsUnavailable || error instanceof EventSoldOut;
}

/**
 * THE seat guard: adds `n` to each listed type's `sold` only where `sold + n <= capacity` (a type
 * without a capacity is unlimited), returning the ids it updated — a missing id is a refusal. A
 * statement of its own, or the first step of a larger one (the flash sale's single statement).
 */
export function guardedTake(seats: [ticketTypeId: string, quantity: number][]): SQL {
  const values = sql.join(
    seats.map(([id, n]) => sql`(${id}::uuid, ${n}::int)`),
    sql`, `,
  );
  return sql`update ticket_types t set sold = t.sold + d.n from (values ${values}) as d(id, n)
    where t.id = d.id and (t.capacity is null or t.sold + d.n <= t.capacity) returning t.id`;
}

/** Step 1: the event row's lock, for an event with an overall capacity (a no-op otherwise). */
export async function lockEventForSeats(tx: Tx, event: EventRow): Promise<void> {
  if (event.capacity === null) return;
  await tx.select({ id: events.id }).from(events).where(eq(events.id, event.id)).for('update');
}

/** Seats left under the event's overall capacity (null: it has none). Read with the event locked. */
export async function eventSeatsLeft(tx: Tx, eventId: string): Promise<number | null> {
  // Aliased raw SQL: drizzle leaves columns unqualified inside sql``, and "id" would bind to the subquery's table.
  const [row] = await queryRows<{ left_: number | string | null }>(
    tx,
    sql`select e.capacity - (select coalesce(sum(tt.sold), 0) from ticket_types tt where tt.event_id = e.id) as left_
        from events e where e.id = ${eventId}`,
  );
  return row?.left_ === null || row?.left_ === undefined ? null : Number(row.left_);
}

/** Step 3: after `added` seats were taken, the event must not be above its capacity. */
export async function checkEventCapacity(tx: Tx, event: EventRow, added: number): Promise<void> {
  if (event.capacity === null || added <= 0) return;
  const left = await eventSeatsLeft(tx, event.id);
  // A negative remainder is the overshoot; seats that were free before this take = added − overshoot.
  if (left !== null && left < 0) throw new EventSoldOut(Math.max(0, added + left));
}

function totalOf(requests: SeatRequest[]): number {
  return requests.reduce((n, r) => n + Math.max(0, r.quantity), 0);
}

/**
 * Takes seats for one order: all three steps. One guarded UPDATE per type, in type-id order, so two
 * takers of the same types never wait on each other in a cycle. Throws a SeatRefusal; the caller's
 * transaction (or savepoint) then rolls the partial take back.
 */
export async function takeSeats(tx: Tx, event: EventRow, requests: SeatRequest[]): Promise<void> {
  await lockEventForSeats(tx, event);
  const wanted = requests
    .filter((r) => r.quantity > 0)
    .sort((a, b) => a.ticketTypeId.localeCompare(b.ticketTypeId));
  for (const r of wanted) {
    const taken = await queryRows<{ id: string }>(tx, guardedTake([[r.ticketTypeId, r.quantity]]));
    if (taken.length === 0) throw new SeatsUnavailable(r.ticketTypeId);
  }
  await checkEventCapacity(tx, event, totalOf(wanted));
}

/** takeSeats in a savepoint: true when taken; on a refusal false, and the outer transaction goes on. */
export async function tryTakeSeats(tx: Tx, event: EventRow, requests: SeatRequest[]): Promise<boolean> {
  try {
    await savepoint(tx, (sp) => takeSeats(sp, event, requests));
    return true;
  } catch (error) {
    if (isSeatRefusal(error)) return false;
    throw error;
  }
}

/**
 * Locks the ticket types a batch asks for, in id order (the order every seat-taker locks them), and
 * reads their stock; the batch then allocates from rows nobody else can change.
 */
export async function lockTypesForSeats(tx: Tx, ids: string[]) {
  if (ids.length === 0) return [];
  return tx
    .select({ id: ticketTypes.id, capacity: ticketTypes.capacity, sold: ticketTypes.sold })
    .from(ticketTypes)
    .where(inArray(ticketTypes.id, [...new Set(ids)]))
    .orderBy(asc(ticketTypes.id))
    .for('update');
}

/**
 * Steps 2 and 3 for a batch whose types (and event, if capped) are already locked: every type's
 * seats in ONE guarded UPDATE, then the event total. Throws a SeatRefusal.
 */
export async function takeLockedSeats(tx: Tx, event: EventRow, totals: Map<string, number>): Promise<void> {
  const list = [...totals].filter(([, n]) => n > 0).sort((a, b) => a[0].localeCompare(b[0]));
  if (list.length === 0) return;
  const taken = new Set((await queryRows<{ id: string }>(tx, guardedTake(list))).map((r) => r.id));
  const refused = list.find(([id]) => !taken.has(id));
  if (refused) throw new SeatsUnavailable(refused[0]);
  await checkEventCapacity(
    tx,
    event,
    list.reduce((n, [, q]) => n + q, 0),
  );
}

/** Gives seats back (expiry, cancellation, a replaced hold), summed per type. Never below zero. */
export async function releaseSeats(tx: Tx, requests: SeatRequest[]): Promise<void> {
  const byType = new Map<string, number>();
  for (const r of requests) byType.set(r.ticketTypeId, (byType.get(r.ticketTypeId) ?? 0) + r.quantity);
  for (const [ticketTypeId, quantity] of [...byType].sort((a, b) => a[0].localeCompare(b[0]))) {
    if (quantity <= 0) continue;
    await tx
      .update(ticketTypes)
      .set({ sold: sql`greatest(0, ${ticketTypes.sold} - ${quantity})` })
      .where(eq(ticketTypes.id, ticketTypeId));
  }
}
