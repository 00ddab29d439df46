import { asc, eq, inArray } from 'drizzle-orm';
import { feeOnTopKobo } from '../../../contract/fees';
import { koboToNaira } from '../../../contract/money';
import type { IssuedTicket, Order, OrderEventSummary, ReadOrder, TeamTicket } from '../../../contract/orders';
import { answerText, type OrderAnswer } from '../../../contract/questions';
import type { Tx } from '../../db/query';
import { eventQuestions, orderAnswers, orderRefunds, users } from '../../db/schema';
import { imageUrl } from '../images/url';
import { type EventRow, eventsByIds, type IssuedTicketRow, itemsOf, type OrderRow, ticketsOf } from './data';

export function eventSummary(e: EventRow): OrderEventSummary {
  return {
    _id: e.id,
    eventName: e.eventName,
    startDate: e.startDate,
    endDate: e.endDate,
    startTime: e.startTime.slice(0, 5),
    endTime: e.endTime.slice(0, 5),
    eventLocation: e.eventLocation,
    location: e.location,
    state: e.state,
    country: e.country,
    url: e.url,
    image: imageUrl(e.imageKey),
    imageFocus: `${e.imageFocusX}% ${e.imageFocusY}%`,
    organiserId: e.organiserId,
  };
}

/**
 * Who reads an order (decision 048): its buyer, who gets every ticket's signed code and share link, or
 * someone else the order is readable by (the event's team), who gets each ticket's name, type, status
 * and reference, and the code and link only of a ticket sent to their own verified address (its holder).
 * A code admits at the door and a share link reissues the ticket: they go to whom the ticket belongs.
 */
export type OrderReader = 'buyer' | { userId: string };

/** A ticket as its buyer or holder has it, code and share link included. */
export function wireTicket(t: IssuedTicketRow, ticketName: string): IssuedTicket {
  return {
    code: t.code,
    shareToken: t.shareToken,
    reference: t.reference,
    ticketId: t.ticketTypeId,
    ticketName,
    attendeeName: `${t.attendeeFirstName} ${t.attendeeLastName}`.trim(),
    attendeeEmail: t.attendeeEmail,
    checkedInAt: t.checkedInAt?.toISOString() ?? null,
    revoked: t.revokedAt !== null,
    // Only a table's guest says so (decision 067).
    ...(t.tableNumber !== null && t.tableSize !== null
      ? {
          table: {
            number: t.tableNumber,
            seat: t.tableSeat ?? 0,
            size: t.tableSize,
            oneCode: t.tableOneCode,
          },
        }
      : {}),
  };
}

/** A ticket in an order: without its code and share link for a reader who is neither buyer nor holder. */
function orderTicket(t: IssuedTicketRow, ticketName: string, secrets: boolean): TeamTicket {
  const { code, shareToken, ...facts } = wireTicket(t, ticketName);
  return secrets ? { ...facts, code, shareToken } : facts;
}

type ItemLine = {
  orderId: string;
  ticketTypeId: string;
  quantity: number;
  refundedQuantity: number;
  unitPriceKobo: number;
  ticketName: string;
};
type TicketLine = { ticket: IssuedTicketRow; ticketName: string };
type AnswerLine = OrderAnswer & { orderId: string };
type RefundLine = Pick<
  typeof orderRefunds.$inferSelect,
  'orderId' | 'amountKobo' | 'ticketIds' | 'reason' | 'createdAt'
>;

/** One order on the wire, from rows already read (a fresh reservation needs no query at all); as its buyer reads it. */
export function wireOrder(
  o: OrderRow,
  event: EventRow,
  items: ItemLine[],
  tickets: TicketLine[],
  refunds?: RefundLine[],
  answers?: AnswerLine[],
): Order;
/** The same, for a reader who gets a ticket's code and share link only where `seesSecrets` says so. */
export function wireOrder(
  o: OrderRow,
  event: EventRow,
  items: ItemLine[],
  tickets: TicketLine[],
  refunds: RefundLine[],
  answers: AnswerLine[],
  seesSecrets: (t: IssuedTicketRow) => boolean,
): ReadOrder;
export function wireOrder(
  o: OrderRow,
  event: EventRow,
  items: ItemLine[],
  tickets: TicketLine[],
  refunds: RefundLine[] = [],
  answers: AnswerLine[] = [],
  /** Whether this reader gets this ticket's code and share link (see OrderReader). */
  seesSecrets: (t: IssuedTicketRow) => boolean = () => true,
): ReadOrder {
  return {
    _id: o.id,
    status: o.status,
    expiresAt: o.expiresAt.toISOString(),
    reference: o.reference,
    event: eventSummary(event),
    buyer: {
      firstName: o.buyerFirstName,
      lastName: o.buyerLastName,
      email: o.buyerEmail,
      phone: o.buyerPhone,
    },
    items: items
      .filter((i) => i.orderId === o.id)
      .map((i) => ({
        ticketId: i.ticketTypeId,
        ticketName: i.ticketName,
        unitPrice: koboToNaira(i.unitPriceKobo),
        quantity: i.quantity,
        amount: koboToNaira(i.unitPriceKobo * i.quantity),
        refundedQuantity: i.refundedQuantity,
      })),
    attendees: o.attendees,
    subtotal: koboToNaira(o.subtotalKobo),
    discount: koboToNaira(o.discountKobo),
    fees: koboToNaira(feeOnTopKobo(o.feesKobo, o.feesAbsorbed)),
    feesIncluded: o.feesAbsorbed,
    total: koboToNaira(o.totalKobo),
    discountCode: o.discountCode,
    testMode: o.testMode,
    payment: o.paymentState,
    emailUpdates: o.emailUpdates,
    createdAt: o.createdAt.toISOString(),
    paidAt: o.paidAt?.toISOString() ?? null,
    tickets:
      o.status === 'paid'
        ? tickets
            .filter((t) => t.ticket.orderId === o.id)
            .map((t) => orderTicket(t.ticket, t.ticketName, seesSecrets(t.ticket)))
        : [],
    statusMessage: o.statusMessage,
    refunds: refunds
      .filter((r) => r.orderId === o.id)
      .map((r) => ({
        amount: koboToNaira(r.amountKobo),
        tickets: r.ticketIds.length,
        reason: r.reason,
        createdAt: r.createdAt.toISOString(),
      })),
    answers: answers.filter((a) => a.orderId === o.id).map(({ orderId: _, ...answer }) => answer),
  };
}

/** The buyers' answers to these orders' questions, in the questions' order (one indexed query). */
async function answersOf(db: Tx, orderIds: string[]): Promise<AnswerLine[]> {
  const rows = await db
    .select({
      orderId: orderAnswers.orderId,
      questionId: orderAnswers.questionId,
      ticketTypeId: orderAnswers.ticketTypeId,
      seatIndex: orderAnswers.seatIndex,
      value: orderAnswers.value,
      kind: eventQuestions.kind,
    })
    .from(orderAnswers)
    .innerJoin(eventQuestions, eq(eventQuestions.id, orderAnswers.questionId))
    .where(inArray(orderAnswers.orderId, orderIds))
    .orderBy(asc(eventQuestions.position), asc(orderAnswers.ticketTypeId), asc(orderAnswers.seatIndex));
  return rows.map((r) => ({
    orderId: r.orderId,
    questionId: r.questionId,
    ...(r.ticketTypeId === null ? {} : { ticketId: r.ticketTypeId, index: r.seatIndex ?? 0 }),
    // Stored as read ('Yes'/'No'); the wire gives yes/no back as the boolean the buyer sent.
    value: r.kind === 'yes_no' ? r.value === answerText(true) : r.value,
  }));
}

/** The organiser's refunds of these orders, oldest first (one indexed query). */
function refundsOf(db: Tx, orderIds: string[]): Promise<RefundLine[]> {
  return db
    .select({
      orderId: orderRefunds.orderId,
      amountKobo: orderRefunds.amountKobo,
      ticketIds: orderRefunds.ticketIds,
      reason: orderRefunds.reason,
      createdAt: orderRefunds.createdAt,
    })
    .from(orderRefunds)
    .where(inArray(orderRefunds.orderId, orderIds))
    .orderBy(asc(orderRefunds.createdAt));
}

/** The address a reader holds tickets at: their email once verified (decision 038), else none. */
async function holderEmail(db: Tx, userId: string): Promise<string | null> {
  const [u] = await db
    .select({ email: users.email, verified: users.emailVerifiedAt })
    .from(users)
    .where(eq(users.id, userId));
  return u?.verified ? u.email.toLowerCase() : null;
}

/**
 * Orders as the API returns them, with items, event summary, tickets, refunds and answers, in five
 * queries (six for a reader who is not the buyer: their address, to find the tickets they hold).
 */
export async function presentOrders(db: Tx, rows: OrderRow[], reader: 'buyer'): Promise<Order[]>;
export async function presentOrders(db: Tx, rows: OrderRow[], reader: OrderReader): Promise<ReadOrder[]>;
export async function presentOrders(db: Tx, rows: OrderRow[], reader: OrderReader): Promise<ReadOrder[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const readerId = reader === 'buyer' ? null : reader.userId;
  const [items, tickets, refunds, answers, evs, email] = await Promise.all([
    itemsOf(db, ids),
    ticketsOf(db, ids),
    refundsOf(db, ids),
    answersOf(db, ids),
    eventsByIds(
      db,
      rows.map((r) => r.eventId),
    ),
    readerId === null || rows.every((r) => r.buyerUserId === readerId) ? null : holderEmail(db, readerId),
  ]);
  const eventById = new Map(evs.map((e) => [e.id, e]));
  return rows.map((o) => {
    const event = eventById.get(o.eventId);
    if (!event) throw new Error(`order ${o.id} has no event`);
    const ownOrder = readerId === null || o.buyerUserId === readerId;
    const holds = (t: IssuedTicketRow) => email !== null && t.attendeeEmail.toLowerCase() === email;
    return wireOrder(o, event, items, tickets, refunds, answers, (t) => ownOrder || holds(t));
  });
}

export async function presentOrder(db: Tx, row: OrderRow, reader: 'buyer'): Promise<Order>;
export async function presentOrder(db: Tx, row: OrderRow, reader: OrderReader): Promise<ReadOrder>;
export async function presentOrder(db: Tx, row: OrderRow, reader: OrderReader): Promise<ReadOrder> {
  const [order] = await presentOrders(db, [row], reader);
  if (!order) throw new Error('order vanished');
  return order;
}
