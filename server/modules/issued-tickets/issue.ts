import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { Tx } from '../../db/query';
import { issuedTickets } from '../../db/schema';
import { itemsOf, type OrderRow } from '../orders/data';
import type { TicketSigner } from './signing';

/**
 * Turns a paid order's seats into tickets: one row per seat, each with its own signed code. Seat k of
 * a type goes to the k-th attendee named for that type, else to the buyer. Runs inside the
 * transaction that marks the order paid (the order row is locked), and the partial unique index on
 * (order, seat) of live tickets makes a second issue impossible even so.
 */
export async function issueTickets(tx: Tx, signer: TicketSigner, order: OrderRow): Promise<number> {
  const existing = await tx
    .select({ id: issuedTickets.id })
    .from(issuedTickets)
    .where(and(eq(issuedTickets.orderId, order.id), isNull(issuedTickets.revokedAt)))
    .limit(1);
  if (existing.length > 0) return 0;

  const items = await itemsOf(tx, [order.id]);
  const rows: (typeof issuedTickets.$inferInsert)[] = [];
  let seat = 0;
  for (const item of items) {
    const named = order.attendees.filter((a) => a.ticketId === item.ticketTypeId);
    for (let k = 0; k < item.quantity; k += 1) {
      const attendee = named[k];
      const id = randomUUID();
      rows.push({
        id,
        orderId: order.id,
        eventId: order.eventId,
        ticketTypeId: item.ticketTypeId,
        seat: seat++,
        code: signer.sign({ id, eventId: order.eventId, ticketTypeId: item.ticketTypeId }),
        attendeeFirstName: attendee?.firstName ?? order.buyerFirstName,
        attendeeLastName: attendee?.lastName ?? order.buyerLastName,
        attendeeEmail: attendee?.email ?? order.buyerEmail,
      });
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

/** Cancelled or refunded orders: every live ticket goes on the revocation list. */
export async function revokeOrderTickets(tx: Tx, orderId: string, reason: 'cancelled' | 'refunded') {
  await tx
    .update(issuedTickets)
    .set({ revokedAt: new Date(), revokeReason: reason })
    .where(and(eq(issuedTickets.orderId, orderId), isNull(issuedTickets.revokedAt)));
}
