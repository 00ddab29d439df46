import { asc, count, eq } from 'drizzle-orm';
import { koboToNaira } from '../../../contract/money';
import type { OrganiserEvent } from '../../../contract/organiser';
import type { OrganiserTicket } from '../../../contract/tickets';
import type { Database } from '../../db/client';
import { events, ticketTypes } from '../../db/schema';
import { HttpError } from '../../http/errors';
import { ACCESS_MESSAGES, type TicketTypeRow } from '../access/eventAccess';
import { ticketNameWithDate } from '../event-dates/data';
import { selectEvents } from '../events/data';
import { figuresByEvent, soldByTicketType } from '../management/orderQueries';
import { toWireTicket } from '../tickets/data';

/** The organiser's view of one event: the public fields plus message, dates flag, sold, revenue, type count. */
export async function organiserEventView(db: Database, eventId: string): Promise<OrganiserEvent> {
  const [wire] = await selectEvents(db, eq(events.id, eventId));
  const [extra] = await db
    .select({
      ticketEmailMessage: events.ticketEmailMessage,
      needsDates: events.needsDates,
      transfersEnabled: events.transfersEnabled,
      closeHours: events.ticketChangesCloseHours,
      rotatingCodes: events.rotatingCodes,
    })
    .from(events)
    .where(eq(events.id, eventId));
  if (!wire || !extra) throw new HttpError(404, ACCESS_MESSAGES.eventNotFound);
  const [types] = await db.select({ n: count() }).from(ticketTypes).where(eq(ticketTypes.eventId, eventId));
  const figures = (await figuresByEvent(db, [eventId])).get(eventId);
  return {
    ...wire,
    ticketEmailMessage: extra.ticketEmailMessage,
    ticketChanges: {
      transfersEnabled: extra.transfersEnabled,
      closeHours: extra.closeHours,
      rotatingCodes: extra.rotatingCodes,
    },
    needsDates: extra.needsDates,
    sold: figures?.sold ?? 0,
    testSold: figures?.testSold ?? 0,
    revenue: koboToNaira(figures?.revenueKobo ?? 0),
    ticketTypeCount: types?.n ?? 0,
  };
}

/**
 * A ticket type in the organiser's views; `paidSold` is what paid orders hold; `nameWithDate` the
 * name with its date ('Regular · Night 2 · Sat 5 Dec'), given for a type of one date of several.
 */
export function toOrganiserTicket(
  row: TicketTypeRow,
  paidSold?: number,
  nameWithDate?: string,
): OrganiserTicket {
  return {
    ...toWireTicket(row),
    ...(row.eventDateId && nameWithDate ? { nameWithDate } : {}),
    quantity: row.capacity,
    // The row's `sold` counts seats taken, paid or held: what is paid is from the one figures query
    // (the same as Sales), and the rest is on hold.
    sold: paidSold ?? 0,
    held: Math.max(0, row.sold - (paidSold ?? 0)),
  };
}

export async function organiserTickets(db: Database, eventId: string): Promise<OrganiserTicket[]> {
  const rows = await db
    .select({ row: ticketTypes, nameWithDate: ticketNameWithDate })
    .from(ticketTypes)
    .where(eq(ticketTypes.eventId, eventId))
    .orderBy(asc(ticketTypes.createdAt), asc(ticketTypes.id));
  const paid = await soldByTicketType(db, eventId);
  return rows.map(({ row, nameWithDate }) => toOrganiserTicket(row, paid.get(row.id), nameWithDate));
}
