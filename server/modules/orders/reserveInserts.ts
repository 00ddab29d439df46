import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/query';
import { orderAnswers, orderEvents, orderItems, orders } from '../../db/schema';
import type { NewOrder, OrderRow } from './data';
import { guardedTake } from './inventory';

/**
 * The reservation batch's writes (reserveBatch.ts): new orders, their items and first transitions
 * inserted for many buyers at once, and the flash sale's single statement that also takes the seats.
 */

/** The columns a new reservation sets itself (the rest are the table's defaults). */
function reservedColumns(o: NewOrder & { id: string }) {
  return {
    id: o.id,
    eventId: o.eventId,
    buyerUserId: o.buyerUserId,
    buyerFirstName: o.buyer.firstName,
    buyerLastName: o.buyer.lastName,
    buyerEmail: o.buyer.email,
    buyerPhone: o.buyer.phone,
    attendees: o.attendees,
    accessCodeId: o.accessCodeId,
    status: 'reserved' as const,
    expiresAt: o.expiresAt,
    ...o.totals,
  };
}

/** The answers of these new orders as order_answers rows (decision 045). */
const answerRows = (list: readonly (NewOrder & { id: string })[]) =>
  list.flatMap((o) => (o.answers ?? []).map((a) => ({ orderId: o.id, ...a })));

/**
 * Inserts many reservations at once: orders (ids chosen by the caller, so items and transitions
 * need no round trip back), their items, their first transition and their answers — three
 * statements for any number of orders, four when some answered checkout questions.
 */
export async function insertOrders(tx: Tx, list: (NewOrder & { id: string })[]): Promise<OrderRow[]> {
  if (list.length === 0) return [];
  const rows = await tx.insert(orders).values(list.map(reservedColumns)).returning();
  await tx.insert(orderItems).values(list.flatMap((o) => o.items.map((i) => ({ ...i, orderId: o.id }))));
  await tx
    .insert(orderEvents)
    .values(
      list.map((o) => ({ orderId: o.id, fromStatus: null, toStatus: 'reserved' as const, note: null })),
    );
  const answers = answerRows(list);
  if (answers.length > 0) await tx.insert(orderAnswers).values(answers);
  return rows;
}

/**
 * The flash-sale path: all of a batch's seats come from ONE ticket type of an event without an
 * overall capacity. ONE statement, committed on its own — one transaction and one WAL flush for the
 * whole batch: the inventory's seat guard on the type row (inventory.ts) and, only if it took the seats,
 * the orders, their items, their first transitions and their answers. Returns each order's database-made fields,
 * or null when the guard refused (then nothing at all was written).
 *
 * The rows travel as three JSON parameters read by `json_to_recordset` (decision 056), not as a
 * VALUES list of ~20 parameters per order: for 150 orders that list took ~10 ms of the server's CPU
 * to build and render (drizzle's sql chunks, one per value) and ~3,000 parameters for the driver to
 * serialise and PostgreSQL to parse and plan. The columns' casts are those of the VALUES list.
 */
export async function reserveInOneStatement(
  db: Tx,
  ticketTypeId: string,
  seats: number,
  list: (NewOrder & { id: string })[],
): Promise<Map<string, { reference: string; createdAt: Date }> | null> {
  const orderRows = list.map((o) => ({
    id: o.id,
    event_id: o.eventId,
    buyer_user_id: o.buyerUserId,
    first_name: o.buyer.firstName,
    last_name: o.buyer.lastName,
    email: o.buyer.email,
    phone: o.buyer.phone,
    attendees: o.attendees,
    access_code_id: o.accessCodeId,
    expires_at: o.expiresAt.toISOString(),
    subtotal: o.totals.subtotalKobo,
    discount: o.totals.discountKobo,
    fees: o.totals.feesKobo,
    absorbed: o.totals.feesAbsorbed,
    total: o.totals.totalKobo,
  }));
  const itemRows = list.flatMap((o) =>
    o.items.map((i) => ({
      order_id: o.id,
      ticket_type_id: i.ticketTypeId,
      quantity: i.quantity,
      unit_price_kobo: i.unitPriceKobo,
    })),
  );
  const answers = answerRows(list).map((a) => ({
    order_id: a.orderId,
    question_id: a.questionId,
    ticket_type_id: a.ticketTypeId,
    seat_index: a.seatIndex,
    value: a.value,
  }));
  // The answers go in the same statement, only if the orders do.
  const answered =
    answers.length === 0
      ? sql``
      : sql`, answered as (
      insert into order_answers (order_id, question_id, ticket_type_id, seat_index, value)
      select v.order_id, v.question_id, v.ticket_type_id, v.seat_index, v.value
      from json_to_recordset(${JSON.stringify(answers)}::json)
        as v(order_id uuid, question_id uuid, ticket_type_id uuid, seat_index int, value text)
      where exists (select 1 from taken)
    )`;
  const rows = await queryRows<{ id: string; reference: string; created_at: Date | string }>(
    db,
    sql`
    with taken as (${guardedTake([[ticketTypeId, seats]])}),
    made as (
      insert into orders (id, event_id, buyer_user_id, buyer_first_name, buyer_last_name, buyer_email,
        buyer_phone, attendees, access_code_id, status, expires_at, subtotal_kobo, discount_kobo, fees_kobo,
        fees_absorbed, total_kobo)
      select v.id, v.event_id, v.buyer_user_id, v.first_name, v.last_name, v.email, v.phone, v.attendees,
        v.access_code_id, 'reserved', v.expires_at, v.subtotal, v.discount, v.fees, v.absorbed, v.total
      from json_to_recordset(${JSON.stringify(orderRows)}::json) as v(id uuid, event_id uuid, buyer_user_id uuid,
        first_name text, last_name text, email text, phone text, attendees jsonb, access_code_id uuid,
        expires_at timestamptz, subtotal int, discount int, fees int, absorbed boolean, total int)
      where exists (select 1 from taken)
      returning id, reference, created_at
    ),
    lines as (
      insert into order_items (order_id, ticket_type_id, quantity, unit_price_kobo)
      select v.order_id, v.ticket_type_id, v.quantity, v.unit_price_kobo
      from json_to_recordset(${JSON.stringify(itemRows)}::json)
        as v(order_id uuid, ticket_type_id uuid, quantity int, unit_price_kobo int)
      where exists (select 1 from taken)
    ),
    first_transition as (
      insert into order_events (order_id, from_status, to_status) select id, null, 'reserved' from made
    )${answered}
    select id, reference, created_at from made`,
  );
  if (rows.length === 0) return null;
  if (rows.length !== list.length) throw new Error('a batch statement inserted some of its orders');
  return new Map(rows.map((r) => [r.id, { reference: r.reference, createdAt: new Date(r.created_at) }]));
}

/** The row a reservation made by reserveInOneStatement has: what we sent plus the table's defaults. */
export function reservedRow(
  o: NewOrder & { id: string },
  made: { reference: string; createdAt: Date },
): OrderRow {
  return {
    ...reservedColumns(o),
    reference: made.reference,
    discountCode: null,
    discountCodeId: null,
    testMode: false,
    channel: 'online',
    emailUpdates: false,
    paymentState: 'none',
    statusMessage: null,
    createdAt: made.createdAt,
    paidAt: null,
    updatedAt: made.createdAt,
  };
}
