import { randomUUID } from 'node:crypto';
import { ACCESS_CODE_MESSAGES } from '../../../contract/accessCodes';
import { type CreateOrderRequest, type Order, orderTotalsKobo } from '../../../contract/orders';
import type { Tx } from '../../db/query';
import type { OrderAttendeeRow } from '../../db/schema';
import { HttpError } from '../../http/errors';
import type { Unlock } from '../access-codes/service';
import type { OnsaleGate } from '../onsale/gate';
import { type AnswerRow, checkOrderAnswers } from '../questions/answers';
import { type Allocation, allocate, type SeatAsk, type Stock, takenByType } from './allocate';
import type { batchState, EventRow, NewOrder, OrderRow, TicketTypeRow } from './data';
import {
  EventSoldOut,
  eventSeatsLeft,
  lockEventForSeats,
  lockTypesForSeats,
  SeatsUnavailable,
  takeLockedSeats,
} from './inventory';
import { MESSAGES } from './messages';
import { wireOrder } from './present';
import { assertEventOnSale, type PricedItem, priceItems, subtotalOf } from './pricing';
import { insertOrders, reservedRow, reserveInOneStatement } from './reserveInserts';

/**
 * The steps of one reservation batch (reserveBatch.ts runs them in order): screen each request,
 * decide who gets seats — from the rows just read (nothing fits, or the flash sale's one statement)
 * or under row locks — and turn the decision into each request's answer.
 */

/** One request of a batch, as the steps see it. */
export type BatchRequest = {
  userId: string;
  body: CreateOrderRequest;
  /** Already tried again after expired holds were released: a second refusal is final. */
  retried: boolean;
};

/** What screening resolved for a request from the batch's read: its access code and its answers. */
export type Checked = { unlock: Unlock | null; answers: AnswerRow[] };

/** What one request of a batch comes to; applied only after the batch's transaction committed. */
export type Outcome =
  | { kind: 'order'; order: Order; checked: Checked }
  | { kind: 'error'; error: unknown }
  | { kind: 'replace'; holdId: string; checked: Checked }
  /** Same buyer twice in one batch: the second goes after the first (and replaces its hold). */
  | { kind: 'again' }
  /** Refused while expired holds still count as sold: release them, then try once more. */
  | { kind: 'retry' };

type BatchState = Awaited<ReturnType<typeof batchState>>;

/** A request that passed screening: priced, with the id its order will have. */
type Candidate = {
  index: number;
  priced: PricedItem[];
  attendees: OrderAttendeeRow[];
  orderId: string;
  checked: Checked;
};

/** Who got seats: the allocation per candidate, and the order rows written for the winners. */
type Decision = { plan: Allocation[]; rows: Map<string, OrderRow> };

/** The candidates of one batch and what every step needs to know about them. */
export type Sale = {
  event: EventRow;
  types: TicketTypeRow[];
  candidates: Candidate[];
  asks: SeatAsk[];
  names: Map<string, string>;
  newOrder: (c: Candidate) => NewOrder & { id: string };
};

/**
 * Step 1, screening: each request is checked against the event as read, in the order one request
 * alone was always checked: its access code (404 when it is not one of the event's), its answers to
 * the event's live questions (400, questions/answers.ts), then priced, then the on-sale gate (not
 * before the on-sale time; a waiting-room pass while the room is on). A buyer with a live hold gets
 * it replaced; the same buyer twice goes again after this batch; the rest are candidates.
 */
export function screen(batch: BatchRequest[], state: BatchState, nowMs: number, gate?: OnsaleGate) {
  const outcomes: Outcome[] = [];
  const candidates: Candidate[] = [];
  const buyers = new Set<string>();
  batch.forEach((p, index) => {
    try {
      const code = p.body.accessCode;
      const unlock = code ? (state.unlocks.get(code.trim()) ?? null) : null;
      if (code && !unlock) throw new HttpError(404, ACCESS_CODE_MESSAGES.notValid);
      const answers = checkOrderAnswers(state.questions, p.body.items, p.body.answers);
      const checked = { unlock, answers };
      assertEventOnSale(state.event, nowMs);
      const attendees = p.body.attendees ?? [];
      const unlocked = new Set(unlock?.ticketTypeIds ?? []);
      const priced = priceItems(state.event, state.types, p.body.items, attendees, nowMs, unlocked);
      // A live hold is replaced; the replacement refuses only MORE seats of a waited-for type
      // (replaceOrderItems, decision 050), so a waiting-list offer can be completed at checkout.
      const holdId = state.holds.get(p.userId);
      // The on-sale time and the waiting room's pass (decision 059); a live hold already had its turn.
      if (!holdId) gate?.(state.event, state.types, p.userId, p.body, nowMs);
      // New seats of a type with a waiting list go to those waiting, in order (decisions 042, 050).
      const queued = holdId ? undefined : priced.find((i) => state.waiting.has(i.ticketTypeId));
      if (queued) throw new HttpError(409, MESSAGES.waitlistFirst(queued.ticket.ticketName));
      if (holdId) outcomes[index] = { kind: 'replace', holdId, checked };
      else if (buyers.has(p.userId)) outcomes[index] = { kind: 'again' };
      else {
        buyers.add(p.userId);
        candidates.push({ index, priced, attendees, orderId: randomUUID(), checked });
      }
    } catch (error) {
      outcomes[index] = { kind: 'error', error };
    }
  });
  return { outcomes, candidates };
}

/** The candidates as seat asks and new orders, all with the same deadline. */
export function saleOf(
  batch: BatchRequest[],
  event: EventRow,
  types: TicketTypeRow[],
  candidates: Candidate[],
  reservationMinutes: number,
): Sale {
  const deadline = new Date(Date.now() + reservationMinutes * 60_000);
  return {
    event,
    types,
    candidates,
    asks: candidates.map((c) =>
      c.priced.map((i) => ({ ticketTypeId: i.ticketTypeId, quantity: i.quantity })),
    ),
    names: new Map(types.map((t) => [t.id, t.ticketName])),
    newOrder: (c) => ({
      id: c.orderId,
      eventId: event.id,
      buyerUserId: batch[c.index]!.userId,
      buyer: batch[c.index]!.body.buyer,
      attendees: c.attendees,
      accessCodeId: c.checked.unlock?.id ?? null,
      expiresAt: deadline,
      answers: c.checked.answers,
      items: c.priced.map(({ ticketTypeId, quantity, unitPriceKobo }) => ({
        ticketTypeId,
        quantity,
        unitPriceKobo,
      })),
      totals: orderTotalsKobo(subtotalOf(c.priced), 0, event.feeMode === 'absorbed'),
    }),
  };
}

/**
 * Step 2a, without a lock, from the rows just read. When nothing fits (a sold-out sale) every
 * refusal is true of a committed state and no transaction is needed. One type and no event-wide cap
 * (a flash sale): one self-committing statement whose guard re-checks the seats. Null when neither
 * settles it — the guard refused because someone else (another process, a replaced hold) took
 * seats since the read, or the sale needs locks — and the locked path decides.
 */
export async function decideFromRead(db: Tx, sale: Sale): Promise<Decision | null> {
  const { event, types, asks, candidates } = sale;
  const stock = new Map<string, Stock>(types.map((t) => [t.id, { capacity: t.capacity, sold: t.sold }]));
  const eventLeft = event.capacity === null ? null : event.capacity - types.reduce((n, t) => n + t.sold, 0);
  const plan = allocate(asks, stock, eventLeft);
  if (!plan.some((a) => a.ok)) return { plan, rows: new Map() };
  const taken = takenByType(asks, plan);
  if (event.capacity !== null || taken.size !== 1) return null;
  const [[typeId, seats]] = [...taken] as [[string, number]];
  const winners = candidates.filter((_, i) => plan[i]?.ok).map(sale.newOrder);
  const made = await reserveInOneStatement(db, typeId, seats, winners);
  if (!made) return null;
  return { plan, rows: new Map(winners.map((o) => [o.id, reservedRow(o, made.get(o.id)!)])) };
}

/**
 * Step 2b, under locks, in one transaction: the inventory's order (event if capped, then the asked
 * types in id order), allocation from the locked rows, the winners' orders, and their seats LAST so
 * the hot rows' locks end at COMMIT, right after.
 */
export async function decideLocked(db: Tx, sale: Sale): Promise<Decision> {
  const { event, asks, candidates } = sale;
  return db.transaction(async (tx) => {
    let left: number | null = null;
    if (event.capacity !== null) {
      await lockEventForSeats(tx, event);
      left = await eventSeatsLeft(tx, event.id);
    }
    const locked = await lockTypesForSeats(
      tx,
      asks.flatMap((a) => a.map((i) => i.ticketTypeId)),
    );
    const plan = allocate(asks, new Map(locked.map((t) => [t.id, t])), left);
    const winners = candidates.filter((_, i) => plan[i]?.ok).map(sale.newOrder);
    if (winners.length === 0) return { plan, rows: new Map() };
    const inserted = await insertOrders(tx, winners);
    await takeLockedOrRefuse(tx, sale, takenByType(asks, plan));
    return { plan, rows: new Map(inserted.map((r) => [r.id, r])) };
  });
}

/**
 * Under our own row locks the guard cannot refuse; if it ever does, nothing commits and the batch
 * runs again one request at a time, each with its own 409.
 */
async function takeLockedOrRefuse(tx: Tx, sale: Sale, taken: Map<string, number>) {
  try {
    await takeLockedSeats(tx, sale.event, taken);
  } catch (error) {
    if (error instanceof SeatsUnavailable) {
      throw new HttpError(409, MESSAGES.soldOut(sale.names.get(error.ticketTypeId) ?? 'This ticket', 0));
    }
    if (error instanceof EventSoldOut) throw new HttpError(409, MESSAGES.eventSoldOut(error.left));
    throw error;
  }
}

/**
 * Step 3, the answers: a winner's order; a refusal while expired holds still count as sold is
 * tried once more after they are released; any other refusal is its 409.
 */
export function answer(
  batch: BatchRequest[],
  outcomes: Outcome[],
  sale: Sale,
  decision: Decision,
  expiredHolds: boolean,
): Outcome[] {
  const refusals = new Map<string, HttpError>();
  sale.candidates.forEach((c, i) => {
    const a = decision.plan[i] as Allocation;
    const row = decision.rows.get(c.orderId);
    if (a.ok && row) {
      outcomes[c.index] = {
        kind: 'order',
        order: wireOrder(row, sale.event, itemLines(row.id, c.priced), []),
        checked: c.checked,
      };
    } else if (!a.ok && expiredHolds && !batch[c.index]!.retried) {
      outcomes[c.index] = { kind: 'retry' };
    } else if (!a.ok) {
      outcomes[c.index] = { kind: 'error', error: refusal(a, sale.names, refusals) };
    } else {
      throw new Error('an allocated order was not inserted');
    }
  });
  return outcomes;
}

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
      refundedQuantity: 0,
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
