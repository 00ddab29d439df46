import { asc, inArray } from 'drizzle-orm';
import { koboToNaira } from '../../../contract/money';
import type { IssuedTicket, Order, OrderEventSummary } from '../../../contract/orders';
import type { Tx } from '../../db/query';
import { orderRefunds } from '../../db/schema';
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

export function wireTicket(t: IssuedTicketRow, ticketName: string): IssuedTicket {
  return {
    code: t.code,
    reference: t.reference,
    ticketId: t.ticketTypeId,
    ticketName,
    attendeeName: `${t.attendeeFirstName} ${t.attendeeLastName}`.trim(),
    attendeeEmail: t.attendeeEmail,
    checkedInAt: t.checkedInAt?.toISOString() ?? null,
    revoked: t.revokedAt !== null,
    shareToken: t.shareToken,
  };
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
type RefundLine = Pick<
  typeof orderRefunds.$inferSelect,
  'orderId' | 'amountKobo' | 'ticketIds' | 'reason' | 'createdAt'
>;

/** One order on the wire, from rows already read (a fresh reservation needs no query at all). */
export function wireOrder(
  o: OrderRow,
  event: EventRow,
  items: ItemLine[],
  tickets: TicketLine[],
  refunds: RefundLine[] = [],
): Order {
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
    fees: koboToNaira(o.feesKobo),
    total: koboToNaira(o.totalKobo),
    discountCode: o.discountCode,
    testMode: o.testMode,
    payment: o.paymentState,
    emailUpdates: o.emailUpdates,
    createdAt: o.createdAt.toISOString(),
    paidAt: o.paidAt?.toISOString() ?? null,
    tickets:
      o.status === 'paid'
        ? tickets.filter((t) => t.ticket.orderId === o.id).map((t) => wireTicket(t.ticket, t.ticketName))
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
  };
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

/** Orders as the API returns them, with items, event summary, tickets and refunds, in four queries. */
export async function presentOrders(db: Tx, rows: OrderRow[]): Promise<Order[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [items, tickets, refunds, evs] = await Promise.all([
    itemsOf(db, ids),
    ticketsOf(db, ids),
    refundsOf(db, ids),
    eventsByIds(
      db,
      rows.map((r) => r.eventId),
    ),
  ]);
  const eventById = new Map(evs.map((e) => [e.id, e]));
  return rows.map((o) => {
    const event = eventById.get(o.eventId);
    if (!event) throw new Error(`order ${o.id} has no event`);
    return wireOrder(o, event, items, tickets, refunds);
  });
}

export async function presentOrder(db: Tx, row: OrderRow): Promise<Order> {
  const [order] = await presentOrders(db, [row]);
  if (!order) throw new Error('order vanished');
  return order;
}
