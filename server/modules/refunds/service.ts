import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { formatNaira, koboToNaira, nairaToKobo } from '../../../contract/money';
import type { RefundQuote, RefundRequest, RefundResponse } from '../../../contract/refunds';
import { renderHtml, renderText } from '../../adapters/mail/templates';
import { isUuid, type Tx } from '../../db/query';
import { issuedTickets, orderItems, orderRefunds, paymentAttempts } from '../../db/schema';
import { HttpError } from '../../http/errors';
import { findEvent, findOrder, setStatus } from '../orders/data';
import type { CheckoutDeps } from '../orders/deps';
import { releaseSeats } from '../orders/inventory';
import { MESSAGES } from '../orders/messages';
import { askProvider } from './provider';

type RefundRow = typeof orderRefunds.$inferSelect;

/**
 * The organiser refunds part or all of a paid order (decision 044). In one transaction, with the
 * order row locked: the chosen tickets are revoked ('refunded': refused at the door online and after
 * the scanner's next sync), their seats go back on sale, and the refund row is written 'pending'.
 * Then the provider is asked for that amount; a failure leaves the row 'failed' for the sweeper.
 * The same request key returns the first refund; tickets already refunded are not live any more,
 * and the sum of refunds never exceeds what the payment took.
 */
export async function refundOrder(
  deps: CheckoutDeps,
  orderId: string,
  userId: string,
  input: RefundRequest,
): Promise<{ refund: RefundResponse['refund']; created: boolean; releasedTypes: string[] }> {
  const result = await deps.db.transaction(async (tx) => {
    const order = await findOrder(tx, orderId, true);
    if (!order) throw new HttpError(404, MESSAGES.orderNotFound);
    const [repeated] = await tx
      .select()
      .from(orderRefunds)
      .where(and(eq(orderRefunds.orderId, order.id), eq(orderRefunds.requestKey, input.requestKey)))
      .limit(1);
    if (repeated) return { row: repeated, created: false, releasedTypes: [] as string[] };
    const paid = await refundablePayment(tx, order);

    const chosen = input.tickets ?? [];
    if (chosen.length === 0 && input.amountNaira === undefined) {
      throw new HttpError(400, 'Choose the tickets to refund or an amount.');
    }
    const { live, tickets, remaining, everySeat, seatsKobo } = await seatRefund(tx, order, paid, chosen);
    const amountKobo = input.amountNaira !== undefined ? nairaToKobo(input.amountNaira) : seatsKobo;
    if (amountKobo <= 0) throw new HttpError(400, 'The refund must be more than ₦0.');
    if (amountKobo > remaining) {
      throw new HttpError(
        409,
        `At most ${formatNaira(koboToNaira(Math.max(0, remaining)))} of this order can still be refunded.`,
      );
    }
    const whole = everySeat || amountKobo === remaining;
    // A whole refund takes every live ticket back; a partial one only the chosen ones.
    const revoked = whole ? live : tickets;
    if (revoked.length > 0) {
      await tx
        .update(issuedTickets)
        .set({ revokedAt: new Date(), revokeReason: 'refunded' })
        .where(
          and(
            inArray(
              issuedTickets.id,
              revoked.map((t) => t.id),
            ),
            isNull(issuedTickets.revokedAt),
          ),
        );
      // Seats back on sale are units: a table (decision 067) is one unit of its N tickets.
      const byType = new Map<string, number>();
      for (const t of units(revoked)) byType.set(t.ticketTypeId, (byType.get(t.ticketTypeId) ?? 0) + 1);
      await releaseSeats(
        tx,
        [...byType].map(([ticketTypeId, quantity]) => ({ ticketTypeId, quantity })),
      );
      for (const [ticketTypeId, quantity] of byType) {
        await tx
          .update(orderItems)
          .set({
            refundedQuantity: sql`least(${orderItems.quantity}, ${orderItems.refundedQuantity} + ${quantity})`,
          })
          .where(and(eq(orderItems.orderId, order.id), eq(orderItems.ticketTypeId, ticketTypeId)));
      }
    }
    const [row] = await tx
      .insert(orderRefunds)
      .values({
        orderId: order.id,
        paymentAttemptId: paid.id,
        amountKobo,
        ticketIds: revoked.map((t) => t.id),
        reason: input.reason,
        requestKey: input.requestKey,
        requestedBy: userId,
      })
      .returning();
    if (whole) {
      await setStatus(
        tx,
        order,
        'refunded',
        { statusMessage: MESSAGES.refunded },
        'refunded by the organiser',
      );
    }
    return {
      row: row as RefundRow,
      created: true,
      releasedTypes: [...new Set(revoked.map((t) => t.ticketTypeId))],
    };
  });
  if (result.created) {
    await askProvider(deps, result.row);
    await sendRefundMail(deps, result.row).catch((error) =>
      deps.log.error({ orderId, err: String(error) }, 'could not queue the refund email'),
    );
  }
  return {
    refund: await present(deps, result.row.id),
    created: result.created,
    releasedTypes: result.releasedTypes,
  };
}

type Order = NonNullable<Awaited<ReturnType<typeof findOrder>>>;

/** The order's successful payment a refund gives back from; 409 when there is none. */
async function refundablePayment(tx: Tx, order: Order) {
  if (order.status !== 'paid') throw new HttpError(409, 'Only a paid order can be refunded.');
  const [paid] = await tx
    .select()
    .from(paymentAttempts)
    .where(
      and(
        eq(paymentAttempts.orderId, order.id),
        eq(paymentAttempts.status, 'success'),
        isNull(paymentAttempts.refundStatus),
      ),
    )
    .limit(1);
  if (!paid || paid.amountKobo <= 0)
    throw new HttpError(409, 'This order was not paid for, so there is nothing to refund.');
  return paid;
}

/**
 * The chosen seats and what refunding them gives back: each seat's unit price less its share of the
 * order's discount, or, when every live seat is chosen, all that is still paid (fees included, as
 * cancelling does). One rule for the refund and for the review's quote.
 */
async function seatRefund(tx: Tx, order: Order, paid: { amountKobo: number }, chosen: string[]) {
  const live = await tx
    .select()
    .from(issuedTickets)
    .where(and(eq(issuedTickets.orderId, order.id), isNull(issuedTickets.revokedAt)));
  const picked = new Map<string, (typeof live)[number]>();
  for (const key of chosen) {
    const ticket = live.find((t) => (isUuid(key) && t.id === key.toLowerCase()) || t.code === key);
    if (!ticket) throw new HttpError(409, 'Only live tickets of this order can be refunded.');
    picked.set(ticket.id, ticket);
    // A table is refunded whole (decision 067): any guest of it picks all its live tickets.
    if (ticket.tableNumber !== null)
      for (const mate of live)
        if (mate.ticketTypeId === ticket.ticketTypeId && mate.tableNumber === ticket.tableNumber)
          picked.set(mate.id, mate);
  }
  const tickets = [...picked.values()];
  const [done] = await tx
    .select({ kobo: sql<number>`coalesce(sum(${orderRefunds.amountKobo}), 0)`.mapWith(Number) })
    .from(orderRefunds)
    .where(eq(orderRefunds.orderId, order.id));
  const remaining = paid.amountKobo - (done?.kobo ?? 0);
  const everySeat = live.length > 0 && tickets.length === live.length;
  let seatsKobo = 0;
  if (everySeat) seatsKobo = remaining;
  else if (tickets.length > 0) {
    const items = await tx.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    for (const t of units(tickets)) {
      const unit = items.find((i) => i.ticketTypeId === t.ticketTypeId)?.unitPriceKobo ?? 0;
      const share = order.subtotalKobo > 0 ? Math.round((order.discountKobo * unit) / order.subtotalKobo) : 0;
      seatsKobo += Math.max(0, unit - share);
    }
  }
  return { live, tickets, remaining, everySeat, seatsKobo };
}

/** One entry per unit sold: a ticket, or one per table however many of its guests are listed. */
function units<T extends { ticketTypeId: string; tableNumber: number | null }>(tickets: T[]): T[] {
  const seen = new Set<string>();
  return tickets.filter((t) => {
    if (t.tableNumber === null) return true;
    const key = `${t.ticketTypeId}:${t.tableNumber}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * What refunding these seats would give back, by the refund's own rule (`seatRefund`), for the
 * review before the organiser confirms (decision 055). Nothing is written.
 */
export async function quoteRefund(deps: { db: Tx }, orderId: string, chosen: string[]): Promise<RefundQuote> {
  const order = await findOrder(deps.db, orderId);
  if (!order) throw new HttpError(404, MESSAGES.orderNotFound);
  const paid = await refundablePayment(deps.db, order);
  const { remaining, everySeat, seatsKobo } = await seatRefund(deps.db, order, paid, chosen);
  return {
    amountNaira: koboToNaira(Math.min(seatsKobo, Math.max(0, remaining))),
    everySeat,
    remainingNaira: koboToNaira(Math.max(0, remaining)),
  };
}

/** Whether the organiser refunded part of this order already (cancelling it would refund too much). */
export async function hasOrderRefunds(deps: { db: Tx }, orderId: string): Promise<boolean> {
  const rows = await deps.db
    .select({ id: orderRefunds.id })
    .from(orderRefunds)
    .where(and(eq(orderRefunds.orderId, orderId), ne(orderRefunds.amountKobo, 0)))
    .limit(1);
  return rows.length > 0;
}

async function present(deps: CheckoutDeps, refundId: string): Promise<RefundResponse['refund']> {
  const [row] = await deps.db.select().from(orderRefunds).where(eq(orderRefunds.id, refundId)).limit(1);
  if (!row) throw new HttpError(404, 'Refund not found.');
  const order = await findOrder(deps.db, row.orderId);
  const [done] = await deps.db
    .select({ kobo: sql<number>`coalesce(sum(${orderRefunds.amountKobo}), 0)`.mapWith(Number) })
    .from(orderRefunds)
    .where(eq(orderRefunds.orderId, row.orderId));
  return {
    id: row.id,
    orderId: row.orderId,
    amountNaira: koboToNaira(row.amountKobo),
    ticketIds: row.ticketIds,
    reason: row.reason,
    status: row.status,
    orderStatus: order?.status ?? 'refunded',
    refundedNaira: koboToNaira(done?.kobo ?? 0),
    createdAt: row.createdAt.toISOString(),
  };
}

async function sendRefundMail(deps: CheckoutDeps, refund: RefundRow): Promise<void> {
  const order = await findOrder(deps.db, refund.orderId);
  if (!order) return;
  const event = await findEvent(deps.db, order.eventId);
  const title = `Refund for your ${event?.eventName ?? 'Gatepass'} order`;
  const seats = refund.ticketIds.length;
  const blocks = [
    {
      kind: 'p' as const,
      text: `The organiser is refunding ${formatNaira(koboToNaira(refund.amountKobo))}${
        seats > 0
          ? ` for ${seats} ticket${seats === 1 ? '' : 's'}, which no longer admit${seats === 1 ? 's' : ''} at the door`
          : ''
      }.`,
    },
    { kind: 'p' as const, text: `The organiser's reason: ${refund.reason}` },
    {
      kind: 'p' as const,
      text: 'Refunds reach your account within a few working days, depending on your bank.',
    },
    { kind: 'button' as const, label: 'View your order', href: `${deps.config.appUrl}/orders/${order.id}` },
  ];
  const greeting = `Hello ${order.buyerFirstName},`;
  const footer = `Order ${order.reference}.`;
  await deps.mail.send({
    to: order.buyerEmail,
    subject: title,
    text: renderText(title, greeting, blocks, footer),
    html: renderHtml(title, greeting, blocks, footer),
  });
}
