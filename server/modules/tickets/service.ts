import { and, asc, eq } from 'drizzle-orm';
import type { Ticket } from '../../../contract/tickets';
import type { Database } from '../../db/client';
import { events, ticketTypes } from '../../db/schema';
import { getVisibleEvent } from '../events/service';
import { toWireTicket } from './data';

/** Ticket types of published events (what the home page reads to find card images). */
export async function listPublicTickets(db: Database): Promise<Ticket[]> {
  const rows = await db
    .select({ ticket: ticketTypes })
    .from(ticketTypes)
    .innerJoin(events, eq(events.id, ticketTypes.eventId))
    .where(and(eq(events.status, 'published'), eq(ticketTypes.hidden, false)))
    .orderBy(asc(ticketTypes.eventId), asc(ticketTypes.priceKobo), asc(ticketTypes.createdAt));
  return rows.map((r) => toWireTicket(r.ticket));
}

/**
 * Ticket types of one event, cheapest first; null when the event is not visible to the viewer.
 * Hidden types only when `unlocked` (an access code's types) names them (decision 036).
 */
export async function listEventTickets(
  db: Database,
  eventId: string,
  viewerId: string | null,
  unlocked: ReadonlySet<string> = new Set(),
) {
  const event = await getVisibleEvent(db, eventId, viewerId);
  if (!event) return null;
  const rows = await db
    .select()
    .from(ticketTypes)
    .where(eq(ticketTypes.eventId, eventId))
    .orderBy(asc(ticketTypes.priceKobo), asc(ticketTypes.createdAt));
  return rows.filter((t) => !t.hidden || unlocked.has(t.id)).map(toWireTicket);
}
