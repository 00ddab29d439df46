import { randomUUID } from 'node:crypto';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { DoorSale, SaleResult } from '../../../contract/boxOffice';
import { queryRows, type Tx } from '../../db/query';
import {
  doorAllowances,
  doorSales,
  events,
  issuedTickets,
  orderItems,
  orders,
  ticketTypes,
} from '../../db/schema';
import { claimNonce, claimTicket } from '../checkin/claim';
import { ticketNameWithDate } from '../event-dates/data';
import { sendTicketEmails } from '../issued-tickets/email';
import { issueTickets } from '../issued-tickets/issue';
import { recordTransition } from '../orders/data';
import type { CheckoutDeps } from '../orders/deps';
import { checkEventCapacity, guardedTake, isSeatRefusal, lockEventForSeats } from '../orders/inventory';
import { lockedAllowance } from './allowances';
import type { Seller } from './seller';

/**
 * Recording a door sale (decision 062), once: the sale's id is the device's, and `door_sales` has it
 * as primary key, so a re-sent upload finds the sale already there and answers with the same tickets.
 * Seats come first from the device's allowance (already counted as sold), and only beyond it from the
 * type's stock through the inventory kernel's guarded take (a device that sold past its allowance is
 * refused, nothing recorded). The guest is admitted at once: each ticket gets its check-in.
 */

class NoSeats extends Error {}
class AlreadyRecorded extends Error {}

const MESSAGES = {
  recorded: 'Sold and admitted.',
  duplicate: 'Already recorded (sent before).',
  no_seats: 'Not enough seats left for this sale: it was not recorded. Refund the guest.',
  not_sellable: 'This device may not sell one of these ticket types.',
} as const;

type Line = { ticketTypeId: string; quantity: number; unitPriceKobo: number };

/** The sale's lines merged per type, priced from the allowance (its seats) and the type (beyond it). */
async function takeSeats(tx: Tx, seller: Seller, sale: DoorSale): Promise<Line[]> {
  const perType = new Map<string, number>();
  for (const l of sale.lines) perType.set(l.ticketTypeId, (perType.get(l.ticketTypeId) ?? 0) + l.quantity);
  const [event] = await tx.select().from(events).where(eq(events.id, seller.eventId)).limit(1);
  if (!event) throw new NoSeats();
  const lines: Line[] = [];
  const beyond: [string, number][] = [];
  const prices = new Map(
    (
      await tx
        .select({ id: ticketTypes.id, priceKobo: ticketTypes.priceKobo })
        .from(ticketTypes)
        .where(inArray(ticketTypes.id, [...perType.keys()]))
    ).map((t) => [t.id, t.priceKobo]),
  );
  for (const [ticketTypeId, quantity] of perType) {
    const held = await lockedAllowance(tx, seller.eventId, seller.deviceId, ticketTypeId);
    const take = held ? Math.min(quantity, held.seats - held.used) : 0;
    if (held && take > 0) {
      await tx
        .update(doorAllowances)
        .set({ used: held.used + take, updatedAt: new Date() })
        .where(eq(doorAllowances.id, held.id));
      lines.push({ ticketTypeId, quantity: take, unitPriceKobo: held.priceKobo });
    }
    if (quantity > take) {
      beyond.push([ticketTypeId, quantity - take]);
      lines.push({ ticketTypeId, quantity: quantity - take, unitPriceKobo: prices.get(ticketTypeId) ?? 0 });
    }
  }
  if (beyond.length > 0) {
    // A link the owner stopped sells only within the seats its device still held.
    if (!seller.selling) throw new NoSeats();
    await lockEventForSeats(tx, event);
    const taken = await queryRows<{ id: string }>(tx, guardedTake(beyond));
    if (taken.length !== beyond.length) throw new NoSeats();
    await checkEventCapacity(
      tx,
      event,
      beyond.reduce((n, [, q]) => n + q, 0),
    ).catch((error) => {
      throw isSeatRefusal(error) ? new NoSeats() : error;
    });
  }
  return lines;
}

/** The guest's name as first and last (the last may be empty: a door takes one name). */
function splitName(name: string): [string, string] {
  const [first, ...rest] = name.trim().split(/\s+/);
  return [first ?? name, rest.join(' ')];
}

async function soldTickets(tx: Tx, orderId: string) {
  return tx
    .select({
      firstName: issuedTickets.attendeeFirstName,
      lastName: issuedTickets.attendeeLastName,
      ticketName: ticketNameWithDate,
      shareToken: issuedTickets.shareToken,
    })
    .from(issuedTickets)
    .innerJoin(ticketTypes, eq(ticketTypes.id, issuedTickets.ticketTypeId))
    .where(and(eq(issuedTickets.orderId, orderId), isNull(issuedTickets.revokedAt)))
    .orderBy(issuedTickets.seat);
}

/** A sale's answer; its tickets' links only where the guest gave a phone (the door sends them on WhatsApp). */
async function answer(
  tx: Tx,
  saleId: string,
  result: 'recorded' | 'duplicate',
  orderId: string,
): Promise<SaleResult> {
  const [order] = await tx
    .select({ reference: orders.reference, phone: orders.buyerPhone, email: orders.buyerEmail })
    .from(orders)
    .where(eq(orders.id, orderId));
  const tickets = order?.phone
    ? (await soldTickets(tx, orderId)).map((t) => ({
        attendeeName: `${t.firstName} ${t.lastName}`.trim(),
        ticketName: t.ticketName,
        shareToken: t.shareToken,
      }))
    : [];
  return {
    id: saleId,
    result,
    message: MESSAGES[result],
    orderReference: order?.reference,
    tickets,
    emailed: !!order?.email,
  };
}

/** Records one sale (or finds it recorded); mails the tickets when it is new and the guest gave an email. */
export async function recordSale(deps: CheckoutDeps, seller: Seller, sale: DoorSale): Promise<SaleResult> {
  const refused = (result: 'no_seats' | 'not_sellable'): SaleResult => ({
    id: sale.id,
    result,
    message: MESSAGES[result],
    tickets: [],
    emailed: false,
  });
  const known = async () => {
    const [row] = await deps.db
      .select({ orderId: doorSales.orderId })
      .from(doorSales)
      .where(eq(doorSales.id, sale.id));
    return row;
  };
  const before = await known();
  if (before) return answer(deps.db, sale.id, 'duplicate', before.orderId);

  const typeIds = [...new Set(sale.lines.map((l) => l.ticketTypeId))];
  const types = await deps.db
    .select({ id: ticketTypes.id })
    .from(ticketTypes)
    .where(and(eq(ticketTypes.eventId, seller.eventId), inArray(ticketTypes.id, typeIds)));
  if (
    types.length !== typeIds.length ||
    typeIds.some((id) => seller.ticketTypeIds && !seller.ticketTypeIds.includes(id))
  )
    return refused('not_sellable');

  const soldAt = new Date(sale.soldAt);
  const [firstName, lastName] = splitName(sale.guestName);
  let orderId: string;
  try {
    orderId = await deps.db.transaction(async (tx) => {
      const lines = await takeSeats(tx, seller, sale);
      const totalKobo = lines.reduce((n, l) => n + l.quantity * l.unitPriceKobo, 0);
      const [order] = await tx
        .insert(orders)
        .values({
          eventId: seller.eventId,
          buyerFirstName: firstName,
          buyerLastName: lastName,
          buyerEmail: sale.email ?? '',
          buyerPhone: sale.phone ?? '',
          status: 'paid',
          channel: 'door',
          paymentState: 'success',
          subtotalKobo: totalKobo,
          totalKobo,
          paidAt: soldAt,
          createdAt: soldAt,
          statusMessage: 'Sold at the door',
        })
        .returning();
      if (!order) throw new NoSeats();
      const saved = await tx
        .insert(doorSales)
        .values({
          id: sale.id,
          eventId: seller.eventId,
          orderId: order.id,
          deviceId: seller.deviceId,
          device: seller.device,
          gate: seller.gate,
          linkId: seller.linkId,
          userId: seller.userId,
          staffName: seller.staffName,
          method: sale.method,
          paymentNote: sale.method === 'cash' ? '' : (sale.paymentNote ?? ''),
          tickets: lines.reduce((n, l) => n + l.quantity, 0),
          totalKobo,
          soldAt,
        })
        .onConflictDoNothing()
        .returning({ id: doorSales.id });
      // The same sale uploaded twice at once: the other upload got it in first; this one is undone.
      if (saved.length === 0) throw new AlreadyRecorded();
      await tx.insert(orderItems).values(lines.map((l) => ({ ...l, orderId: order.id })));
      await recordTransition(tx, order.id, null, 'paid', 'Sold at the door');
      await issueTickets(tx, deps.signer, order);
      const tickets = await tx
        .select({ id: issuedTickets.id })
        .from(issuedTickets)
        .where(eq(issuedTickets.orderId, order.id));
      for (const t of tickets) {
        const scan = {
          nonce: randomUUID(),
          eventId: seller.eventId,
          ticketId: t.id,
          scannedAt: soldAt,
          gate: seller.gate,
          device: seller.device,
          deviceId: seller.deviceId,
          linkId: seller.linkId,
          userId: seller.userId,
        };
        await claimNonce(tx, scan);
        await claimTicket(tx, scan);
      }
      return order.id;
    });
  } catch (error) {
    if (error instanceof NoSeats) return refused('no_seats');
    if (error instanceof AlreadyRecorded) {
      const row = await known();
      if (row) return answer(deps.db, sale.id, 'duplicate', row.orderId);
    }
    throw error;
  }
  if (sale.email) {
    await sendTickets(deps, orderId);
  }
  return answer(deps.db, sale.id, 'recorded', orderId);
}

/** The existing ticket mail (outbox/mailer); a mail that fails is logged, the sale stands. */
async function sendTickets(deps: CheckoutDeps, orderId: string) {
  try {
    await sendTicketEmails(deps, orderId);
  } catch (error) {
    deps.log.error({ err: error, orderId }, 'door sale: ticket email failed');
  }
}
