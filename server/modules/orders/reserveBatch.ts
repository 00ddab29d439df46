import { randomUUID } from 'node:crypto';
import { sumKobo } from '../../../contract/money';
import { type CreateOrderRequest, type Order, orderTotalsKobo } from '../../../contract/orders';
import type { OrderAttendeeRow } from '../../db/schema';
import { HttpError } from '../../http/errors';
import { type Allocation, allocate, type SeatAsk, type Stock, takenByType } from './allocate';
import {
  batchState,
  eventSeatsLeft,
  lockTicketTypes,
  type OrderRow,
  type TicketTypeRow,
  takeSeatTotals,
} from './data';
import type { CheckoutDeps } from './deps';
import { MESSAGES } from './messages';
import { wireOrder } from './present';
import { assertEventOnSale, type PricedItem, priceItems, subtotalOf } from './pricing';
import { insertOrders, reservedRow, reserveInOneStatement } from './reserveInserts';
import { checkEventCapacity, EventSoldOut, lockEventForSeats } from './salesRules';

/**
 * Group commit for POST /api/orders (decision 017). Reservations of one event that arrive while a
 * batch of that event is in flight wait for it, then go together: one read of the event, its types
 * and the buyers' holds; one transaction that locks the asked types once, allocates seats in
 * arrival order, inserts every order (3 statements) and takes the seats with ONE conditional
 * UPDATE — one commit and one WAL flush for N sales instead of N. Each request still gets its own
 * answer: its 201 order, or its own 400/404/409.
 *
 * Several API processes stay correct because nothing here is trusted across them: the allocation
 * is computed from rows this transaction has locked, and the UPDATE keeps its
 * `sold + n <= capacity` guard. The batch is only an optimisation of who waits for whom.
 */

/** Bounds one statement's parameters (~20 per order) well under PostgreSQL's 65,535. */
const MAX_BATCH = 500;

export type BatchHooks = {
  /** A buyer who already holds seats for the event gets that hold replaced (same deadline). */
  replace: (userId: string, holdId: string, body: CreateOrderRequest) => Promise<Order>;
  /** Releases the event's expired holds, waiting for another process already releasing them. */
  releaseExpired: (eventId: string) => Promise<unknown>;
};

type Pending = {
  userId: string;
  body: CreateOrderRequest;
  /** Already tried again after expired holds were released: a second refusal is final. */
  retried: boolean;
  resolve: (order: Order) => void;
  reject: (error: unknown) => void;
};

/** What one request of a batch comes to; applied only after the batch's transaction committed. */
type Outcome =
  | { kind: 'order'; order: Order }
  | { kind: 'error'; error: unknown }
  | { kind: 'replace'; holdId: string }
  /** Same buyer twice in one batch: the second goes after the first (and replaces its hold). */
  | { kind: 'again' }
  /** Refused while expired holds still count as sold: release them, then try once more. */
  | { kind: 'retry' };

class EventQueue {
  private queue: Pending[] = [];
  private running = false;

  constructor(
    private readonly deps: CheckoutDeps,
    private readonly eventId: string,
    private readonly hooks: BatchHooks,
    private readonly onIdle: () => void,
  ) {}

  submit(p: Pending) {
    this.queue.push(p);
    if (this.running) return;
    this.running = true;
    // One turn of the event loop first: requests parsed in the same turn share the first batch.
    setImmediate(() => void this.drain());
  }

  private async drain() {
    while (this.queue.length > 0) {
      const batch = this.queue.splice(0, MAX_BATCH);
      await this.settle(batch);
    }
    this.running = false;
    this.onIdle();
  }

  /** Runs a batch; if it fails as a whole, each request runs alone so only the culprit fails. */
  private async settle(batch: Pending[]): Promise<void> {
    let outcomes: Outcome[];
    try {
      outcomes = await this.run(batch);
    } catch (error) {
      if (batch.length === 1) {
        batch[0]!.reject(error);
        return;
      }
      for (const p of batch) await this.settle([p]);
      return;
    }
    const retry: Pending[] = [];
    const again: Pending[] = [];
    outcomes.forEach((o, i) => {
      const p = batch[i]!;
      if (o.kind === 'order') p.resolve(o.order);
      else if (o.kind === 'error') p.reject(o.error);
      else if (o.kind === 'replace') this.hooks.replace(p.userId, o.holdId, p.body).then(p.resolve, p.reject);
      else if (o.kind === 'again') again.push(p);
      else retry.push({ ...p, retried: true });
    });
    if (retry.length > 0) {
      try {
        await this.hooks.releaseExpired(this.eventId);
      } catch (error) {
        for (const p of retry) p.reject(error);
        retry.length = 0;
      }
    }
    this.queue.unshift(...again, ...retry);
  }

  private async run(batch: Pending[]): Promise<Outcome[]> {
    const { db } = this.deps;
    const nowMs = Date.now();
    const { event, types, holds, expired } = await batchState(
      db,
      this.eventId,
      batch.map((p) => p.userId),
    );
    const outcomes: Outcome[] = [];
    const candidates: Candidate[] = [];
    const buyers = new Set<string>();
    batch.forEach((p, index) => {
      try {
        assertEventOnSale(event, nowMs);
        const attendees = p.body.attendees ?? [];
        const priced = priceItems(event, types, p.body.items, attendees, nowMs);
        const holdId = holds.get(p.userId);
        if (holdId) outcomes[index] = { kind: 'replace', holdId };
        else if (buyers.has(p.userId)) outcomes[index] = { kind: 'again' };
        else {
          buyers.add(p.userId);
          candidates.push({ index, priced, attendees, orderId: randomUUID() });
        }
      } catch (error) {
        outcomes[index] = { kind: 'error', error };
      }
    });
    if (!event || candidates.length === 0) return outcomes;

    const asks: SeatAsk[] = candidates.map((c) =>
      c.priced.map((i) => ({ ticketTypeId: i.ticketTypeId, quantity: i.quantity })),
    );
    const names = new Map(types.map((t) => [t.id, t.ticketName]));
    const deadline = new Date(Date.now() + this.deps.config.reservationMinutes * 60_000);
    const newOrder = (c: Candidate) => ({
      id: c.orderId,
      eventId: event.id,
      buyerUserId: batch[c.index]!.userId,
      buyer: batch[c.index]!.body.buyer,
      attendees: c.attendees,
      expiresAt: deadline,
      items: c.priced.map(({ ticketTypeId, quantity, unitPriceKobo }) => ({
        ticketTypeId,
        quantity,
        unitPriceKobo,
      })),
      totals: orderTotalsKobo(subtotalOf(c.priced), 0),
    });

    // First from the rows just read, without a lock. When nothing fits (a sold-out sale) every
    // refusal is true of a committed state and no transaction is needed at all.
    const stock = new Map<string, Stock>(types.map((t) => [t.id, { capacity: t.capacity, sold: t.sold }]));
    const eventLeft = event.capacity === null ? null : event.capacity - types.reduce((n, t) => n + t.sold, 0);
    let plan = allocate(asks, stock, eventLeft);
    let rows = new Map<string, OrderRow>();
    const taken = takenByType(asks, plan);
    let done = !plan.some((a) => a.ok);
    if (!done && event.capacity === null && taken.size === 1) {
      // One type, no event-wide cap (a flash sale): one self-committing statement whose guard
      // re-checks the seats. It refuses only if someone else (another process, a replaced hold)
      // took seats since the read; then the locked path below decides.
      const [[typeId, seats]] = [...taken] as [[string, number]];
      const winners = candidates.filter((_, i) => plan[i]?.ok).map(newOrder);
      const made = await reserveInOneStatement(db, typeId, seats, winners);
      if (made) {
        rows = new Map(winners.map((o) => [o.id, reservedRow(o, made.get(o.id)!)]));
        done = true;
      }
    }
    if (!done) {
      const decided = await db.transaction(async (tx) => {
        let left: number | null = null;
        if (event.capacity !== null) {
          await lockEventForSeats(tx, event);
          left = await eventSeatsLeft(tx, event.id);
        }
        const locked = await lockTicketTypes(
          tx,
          asks.flatMap((a) => a.map((i) => i.ticketTypeId)),
        );
        const lockedPlan = allocate(asks, new Map(locked.map((t) => [t.id, t])), left);
        const winners = candidates.filter((_, i) => lockedPlan[i]?.ok).map(newOrder);
        if (winners.length === 0) return { plan: lockedPlan, inserted: [] };
        const inserted = await insertOrders(tx, winners);
        // Last in the transaction: the hot rows' locks are released at COMMIT, right after.
        const lockedTaken = takenByType(asks, lockedPlan);
        const updated = await takeSeatTotals(tx, lockedTaken);
        // Under our own row locks the guard cannot refuse; if it ever does, nothing commits and
        // the batch runs again one request at a time, each with its own answer.
        for (const id of lockedTaken.keys()) {
          if (!updated.has(id)) throw new HttpError(409, MESSAGES.soldOut(names.get(id) ?? 'This ticket', 0));
        }
        try {
          await checkEventCapacity(tx, event, sumKobo([...lockedTaken.values()]));
        } catch (error) {
          if (error instanceof EventSoldOut) throw new HttpError(409, MESSAGES.eventSoldOut(error.left));
          throw error;
        }
        return { plan: lockedPlan, inserted };
      });
      plan = decided.plan;
      rows = new Map(decided.inserted.map((r) => [r.id, r]));
    }

    const refusals = new Map<string, HttpError>();
    candidates.forEach((c, i) => {
      const a = plan[i] as Allocation;
      const row = rows.get(c.orderId);
      if (a.ok && row) {
        outcomes[c.index] = { kind: 'order', order: wireOrder(row, event, itemLines(row.id, c.priced), []) };
      } else if (!a.ok && expired && !batch[c.index]!.retried) {
        outcomes[c.index] = { kind: 'retry' };
      } else if (!a.ok) {
        outcomes[c.index] = { kind: 'error', error: refusal(a, names, refusals) };
      } else {
        throw new Error('an allocated order was not inserted');
      }
    });
    return outcomes;
  }
}

type Candidate = { index: number; priced: PricedItem[]; attendees: OrderAttendeeRow[]; orderId: string };

/** The items as GET /api/orders/:id lists them: in the order the types were created. */
function itemLines(orderId: string, priced: PricedItem[]) {
  return [...priced]
    .sort(
      (a, b) =>
        a.ticket.createdAt.getTime() - b.ticket.createdAt.getTime() ||
        a.ticketTypeId.localeCompare(b.ticketTypeId),
    )
    .map((i) => ({
      orderId,
      ticketTypeId: i.ticketTypeId,
      quantity: i.quantity,
      unitPriceKobo: i.unitPriceKobo,
      ticketName: i.ticket.ticketName,
    }));
}

/**
 * The 409 of a refused request. Requests of one batch refused alike share one error object: a sold-out
 * batch refuses hundreds at once, and each new Error captures (and source-maps) a stack nobody reads.
 */
function refusal(
  a: Exclude<Allocation, { ok: true }>,
  names: Map<string, TicketTypeRow['ticketName']>,
  made: Map<string, HttpError>,
) {
  const message =
    a.reason === 'event'
      ? MESSAGES.eventSoldOut(a.left)
      : MESSAGES.soldOut(names.get(a.ticketTypeId) ?? 'This ticket', a.left);
  let error = made.get(message);
  if (!error) {
    error = new HttpError(409, message);
    made.set(message, error);
  }
  return error;
}

/** One queue per event, per app (its deps); a queue with nothing to do is dropped. */
const queues = new WeakMap<CheckoutDeps, Map<string, EventQueue>>();

export function reserveInBatch(
  deps: CheckoutDeps,
  hooks: BatchHooks,
  userId: string,
  body: CreateOrderRequest,
): Promise<Order> {
  let byEvent = queues.get(deps);
  if (!byEvent) {
    byEvent = new Map();
    queues.set(deps, byEvent);
  }
  let queue = byEvent.get(body.eventId);
  if (!queue) {
    const forEvent = byEvent;
    queue = new EventQueue(deps, body.eventId, hooks, () => forEvent.delete(body.eventId));
    byEvent.set(body.eventId, queue);
  }
  const q = queue;
  return new Promise((resolve, reject) => q.submit({ userId, body, retried: false, resolve, reject }));
}
