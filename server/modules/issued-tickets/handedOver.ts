import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/query';
import { issuedTickets, ticketChanges } from '../../db/schema';

/**
 * The seat has left its buyer: a transfer or a claim moved it to someone else (decision 053). Its
 * buyer no longer holds it (no code, no QR, no further change): a resale leaves the seller no way in.
 * The holder it was sent to still does, through their address.
 */
export const handedOver = sql<boolean>`exists (select 1 from ticket_changes tc where tc.order_id = ${issuedTickets.orderId} and tc.seat = ${issuedTickets.seat} and tc.kind in ('transfer', 'claim'))`;

/** Whether this seat was transferred or claimed away from its buyer (see `handedOver`). */
export async function wasHandedOver(db: Tx, ticket: { orderId: string; seat: number }): Promise<boolean> {
  const [row] = await db
    .select({ id: ticketChanges.id })
    .from(ticketChanges)
    .where(
      and(
        eq(ticketChanges.orderId, ticket.orderId),
        eq(ticketChanges.seat, ticket.seat),
        inArray(ticketChanges.kind, ['transfer', 'claim']),
      ),
    )
    .limit(1);
  return row !== undefined;
}
