import { randomUUID } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/query';
import { issuedTickets, ticketTypes } from '../../db/schema';
import { itemsOf, type OrderRow } from '../orders/data';
import type { TicketSigner } from './signing';

type TicketInsert = typeof issuedTickets.$inferInsert;

/**
 * Turns a paid order's seats into tickets: one row per seat, each with its own signed code. Seat k of
 * a type goes to the k-th attendee named for that type, else to the buyer. Runs inside the
 * transaction that marks the order paid (the order row is locked), and the partial unique index on
 * (order, seat) of live tickets makes a second issue impossible even so.
 *
 * A table for N (decision 067) is one unit of the order and N tickets here: the table takes the next
 * numbers of its type (one UPDATE of the type's counter, made only for table types, so ordinary
 * orders issue exactly as before), its first guest is the attendee named for the unit (else the
 * buyer), and the others are "Guest 2 of <buyer>"… held by the buyer until names are filled in.
 */
export async function issueTickets(tx: Tx, signer: TicketSigner, order: OrderRow): Promise<number> {
  const existing = await tx
    .select({ id: issuedTickets.id })
    .from(issuedTickets)
    .where(and(eq(issuedTickets.orderId, order.id), isNull(issuedTickets.revokedAt)))
    .limit(1);
  if (existing.length > 0) return 0;

  const items = await itemsOf(tx, [order.id]);
  const rows: TicketInsert[] = [];
  let seat = 0;
  const ticket = (ticketTypeId: string, person: { firstName: string; lastName: string; email: string }) => {
    const id = randomUUID();
    return {
      id,
      orderId: order.id,
      eventId: order.eventId,
      ticketTypeId,
      seat: seat++,
      code: signer.sign({ id, eventId: order.eventId, ticketTypeId }),
      attendeeFirstName: person.firstName,
      attendeeLastName: person.lastName,
      attendeeEmail: person.email,
    };
  };
  const buyer = { firstName: order.buyerFirstName, lastName: order.buyerLastName, email: order.buyerEmail };
  for (const item of items) {
    const named = order.attendees.filter((a) => a.ticketId === item.ticketTypeId);
    const first = item.tableSize ? await tableNumbers(tx, item.ticketTypeId, item.quantity) : 0;
    for (let k = 0; k < item.quantity; k += 1) {
      const lead = named[k] ?? buyer;
      if (!item.tableSize) {
        rows.push(ticket(item.ticketTypeId, lead));
        continue;
      }
      for (let g = 0; g < item.tableSize; g += 1) {
        const person =
          g === 0
            ? lead
            : {
                firstName: `Guest ${g + 1}`,
                lastName: `of ${buyer.firstName} ${buyer.lastName}`,
                email: buyer.email,
              };
        rows.push({
          ...ticket(item.ticketTypeId, person),
          tableNumber: first + k,
          tableSeat: g,
          tableSize: item.tableSize,
          tableOneCode: item.tableOneCode,
        });
      }
    }
  }
  if (rows.length === 0) return 0;
  const inserted = await tx
    .insert(issuedTickets)
    .values(rows)
    .onConflictDoNothing()
    .returning({ id: issuedTickets.id });
  return inserted.length;
}

/**
 * The first of `count` new table numbers of a type (1, 2, 3 … in the order tables are issued). The
 * counter only grows, so a refunded table's number is never given to another party the same night.
 */
async function tableNumbers(tx: Tx, ticketTypeId: string, count: number): Promise<number> {
  const [row] = await tx
    .update(ticketTypes)
    .set({ tablesNumbered: sql`${ticketTypes.tablesNumbered} + ${count}` })
    .where(eq(ticketTypes.id, ticketTypeId))
    .returning({ last: ticketTypes.tablesNumbered });
  return (row?.last ?? count) - count + 1;
}

/** Cancelled or refunded orders: every live ticket goes on the revocation list. */
export async function revokeOrderTickets(tx: Tx, orderId: string, reason: 'cancelled' | 'refunded') {
  await tx
    .update(issuedTickets)
    .set({ revokedAt: new Date(), revokeReason: reason })
    .where(and(eq(issuedTickets.orderId, orderId), isNull(issuedTickets.revokedAt)));
}
