import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../../db/client';
import { events, ticketTypes } from '../../db/schema';
import { HttpError } from '../../http/errors';
import { currentUser } from '../auth/plugin';
import { isUuid } from '../events/service';

export const EVENT_NOT_FOUND = 'Event not found';
export const NOT_YOUR_EVENT = 'You can only manage your own events.';
export const TICKET_NOT_FOUND = 'Ticket not found';

export type EventRow = typeof events.$inferSelect;
export type TicketTypeRow = typeof ticketTypes.$inferSelect;

/** The event, when `userId` organises it: 404 when there is no such event, 403 when it is someone else's. */
export async function loadOwnedEvent(db: Database, eventId: string, userId: string): Promise<EventRow> {
  if (!isUuid(eventId)) throw new HttpError(404, EVENT_NOT_FOUND);
  const [row] = await db.select().from(events).where(eq(events.id, eventId)).limit(1);
  if (!row) throw new HttpError(404, EVENT_NOT_FOUND);
  if (row.organiserId !== userId) throw new HttpError(403, NOT_YOUR_EVENT);
  return row;
}

/** A ticket type with its event, when `userId` organises the event (404 / 403 otherwise). */
export async function loadOwnedTicket(
  db: Database,
  ticketId: string,
  userId: string,
): Promise<{ ticket: TicketTypeRow; event: EventRow }> {
  if (!isUuid(ticketId)) throw new HttpError(404, TICKET_NOT_FOUND);
  const [row] = await db
    .select({ ticket: ticketTypes, event: events })
    .from(ticketTypes)
    .innerJoin(events, eq(events.id, ticketTypes.eventId))
    .where(eq(ticketTypes.id, ticketId))
    .limit(1);
  if (!row) throw new HttpError(404, TICKET_NOT_FOUND);
  if (row.event.organiserId !== userId) throw new HttpError(403, NOT_YOUR_EVENT);
  return row;
}

/**
 * preValidation hooks: ownership is settled before the body is read or validated, so another
 * organiser gets 403 (and an unknown event 404) whatever they send, and an upload is never consumed.
 * The services check again (they own the rule); these only answer early.
 */
export function ownsEventParam(db: Database) {
  return async (request: FastifyRequest) => {
    const { eventId } = request.params as { eventId?: string };
    await loadOwnedEvent(db, eventId ?? '', currentUser(request).id);
  };
}

export function ownsTicketParam(db: Database) {
  return async (request: FastifyRequest) => {
    const { ticketId } = request.params as { ticketId?: string };
    await loadOwnedTicket(db, ticketId ?? '', currentUser(request).id);
  };
}
