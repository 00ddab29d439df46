import { eq, sql } from 'drizzle-orm';
import { events } from '../../db/schema';
import { HttpError } from '../../http/errors';
import type { EventRow, TicketTypeRow, Tx } from './data';
import { MESSAGES } from './messages';

const lagosFormat = new Intl.DateTimeFormat('en-NG', {
  timeZone: 'Africa/Lagos',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** Paused sales and a type's own sales window are checked before any seat is taken. */
export function checkTicketOnSale(event: EventRow, ticket: TicketTypeRow, nowMs: number) {
  if (event.salesPaused) throw new HttpError(409, MESSAGES.salesPaused);
  if (ticket.salesFrom && ticket.salesFrom.getTime() > nowMs) {
    throw new HttpError(
      409,
      MESSAGES.notYetOnSale(ticket.ticketName, `on ${lagosFormat.format(ticket.salesFrom)}`),
    );
  }
  if (ticket.salesUntil && ticket.salesUntil.getTime() <= nowMs) {
    throw new HttpError(409, MESSAGES.saleEnded(ticket.ticketName));
  }
}

/** The event's overall capacity was exceeded by this reservation (shared by all its types). */
export class EventSoldOut extends Error {
  constructor(readonly left: number) {
    super('event capacity reached');
  }
}

/**
 * Events with an overall capacity: every transaction that adds seats to one locks the event row
 * first (`lockEventForSeats`), then takes the types' seats, then checks the sum here. The lock
 * serialises those transactions, so each one's sum sees the others' committed seats: the event can
 * never end above its capacity. Events without one skip both steps (no extra hot row).
 */
export async function lockEventForSeats(tx: Tx, event: EventRow): Promise<void> {
  if (event.capacity === null) return;
  await tx.select({ id: events.id }).from(events).where(eq(events.id, event.id)).for('update');
}

export async function checkEventCapacity(tx: Tx, event: EventRow, added: number): Promise<void> {
  if (event.capacity === null || added <= 0) return;
  // Raw SQL with aliases: drizzle leaves columns unqualified inside sql``, and "id" would bind to the subquery's table.
  const result = await tx.execute(
    sql`select (select coalesce(sum(tt.sold), 0) from ticket_types tt where tt.event_id = e.id) - e.capacity as over
        from events e where e.id = ${event.id}`,
  );
  const over = Number((result as unknown as { rows: { over: number | string }[] }).rows[0]?.over ?? 0);
  // Seats that were left before this reservation = added − overshoot.
  if (over > 0) throw new EventSoldOut(Math.max(0, added - over));
}
