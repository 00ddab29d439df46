import { eq, sql } from 'drizzle-orm';
import type { CheckinRow, OfflineListResponse, OfflineTicket } from '../../../contract/checkin';
import { type LookupKey, ticketLookupKeys } from '../../../contract/doorLookup';
import { queryRows } from '../../db/query';
import { events, ticketCheckins } from '../../db/schema';
import { HttpError } from '../../http/errors';
import { ticketNameWithDate } from '../event-dates/data';
import { publicKeyForScanners } from '../issued-tickets/signing';
import { MESSAGES } from './access';
import { eventCounts } from './counts';
import type { CheckinDeps, Scanner } from './deps';
import { lookupHashSync, newLookupSalt } from './lookupHashes';
import { type DoorTicket, eventTickets, refusedAsTestMode } from './tickets';

/**
 * The list a door device keeps for offline scanning: every ticket of the event (of the gate's
 * types when the link is limited) by id, with its status and check-in, this event's revoked ids, and
 * the public key that lets the device check a code's signature itself. It never carries a ticket's
 * code: whoever holds the list (a leaked link and PIN, a lost phone) must not be able to print
 * tickets from it. A code scanned at the door names its ticket id, signed, and that is enough. What
 * the guest search looks up besides names (reference, order number, email, phone: decision 035) it
 * carries only as hashes salted with a salt new to this download (decision 049).
 */
export async function offlineList(
  deps: CheckinDeps,
  eventId: string,
  scanner: Scanner,
): Promise<OfflineListResponse> {
  const [event] = await deps.db
    .select({
      id: events.id,
      eventName: events.eventName,
      startDate: events.startDate,
      startTime: events.startTime,
      location: events.location,
      rotatingCodes: events.rotatingCodes,
    })
    .from(events)
    .where(eq(events.id, eventId))
    .limit(1);
  if (!event) throw new HttpError(404, MESSAGES.eventNotFound);
  const [tickets, counts] = await Promise.all([
    eventTickets(deps.db, eventId),
    eventCounts(deps.db, eventId),
  ]);
  const lookupSalt = newLookupSalt();
  const hashed = (key: LookupKey) => lookupHashSync(lookupSalt, key);
  const { rotatingCodes, ...shown } = event;
  return {
    event: { ...shown, startTime: event.startTime.slice(0, 5) },
    rotatingCodes,
    allowedTicketTypeIds: scanner.ticketTypeIds,
    tickets: await doorListTickets(deps, eventId, scanner, hashed, tickets),
    lookupSalt,
    revoked: tickets.filter((t) => t.cancelled).map((t) => t.id),
    publicKey: publicKeyForScanners(deps.signer),
    counts,
    generatedAt: new Date().toISOString(),
  };
}

/**
 * The event's tickets as a door sees them (of the gate's types when the link is limited): what the
 * offline list carries and what the guest search looks through, so both show the same guests.
 * `lookupOf` gives each look-up key its form: a salted hash for the list, plain for the search.
 */
export async function doorListTickets(
  deps: CheckinDeps,
  eventId: string,
  scanner: Scanner,
  lookupOf: (key: LookupKey) => string,
  known?: DoorTicket[],
): Promise<OfflineTicket[]> {
  const [tickets, checkins] = await Promise.all([
    known ?? eventTickets(deps.db, eventId),
    deps.db.select().from(ticketCheckins).where(eq(ticketCheckins.eventId, eventId)),
  ]);
  const byTicket = new Map(checkins.map((c) => [c.ticketId, c]));
  const allowed = scanner.ticketTypeIds;
  return tickets
    .filter((t) => !allowed || allowed.includes(t.ticketTypeId))
    .map((t) => {
      const c = byTicket.get(t.id);
      return {
        id: t.id,
        lookup: ticketLookupKeys(t).map(lookupOf),
        attendeeName: t.attendeeName,
        ticketTypeId: t.ticketTypeId,
        ticketName: t.ticketName,
        orderSeats: t.orderSeats,
        status: t.cancelled
          ? ('cancelled' as const)
          : refusedAsTestMode(t, deps.config.isProduction)
            ? ('test_mode' as const)
            : ('valid' as const),
        checkedInAt: c?.scannedAt.toISOString() ?? null,
        checkedInBy: c ? { gate: c.gate, device: c.device } : null,
        // Only a dated ticket carries its date (decision 046): a single-date event's list is as before.
        ...(t.eventDateId ? { eventDateId: t.eventDateId, dateName: t.dateName ?? '' } : {}),
        // Only a ticket with a phone linked carries its key (decision 058): 44 characters.
        ...(t.deviceKey ? { deviceKey: t.deviceKey } : {}),
        // Only a table's guest carries its table (decision 067).
        ...(t.table
          ? {
              table: {
                number: t.table.number,
                seat: t.table.seat,
                size: t.table.size,
                oneCode: t.table.oneCode,
              },
            }
          : {}),
      };
    });
}

/**
 * Who came and when (the organiser's and the door screen's view), newest first. A scan made with an
 * account is under that person's name, as the counts and the guest list name its gate (`gateName`),
 * not "Organiser": a door supervisor is not the organiser. A door link's scan keeps its gate and
 * device as they were (no person to name). A dated type carries its date.
 */
export async function eventCheckins(deps: CheckinDeps, eventId: string): Promise<CheckinRow[]> {
  const rows = await queryRows<{
    code: string;
    attendee_name: string;
    ticket_name: string;
    scanned_at: string | Date;
    gate: string | null;
    device: string | null;
  }>(
    deps.db,
    sql`
      select it.code, it.attendee_first_name || ' ' || it.attendee_last_name as attendee_name,
             ${ticketNameWithDate} as ticket_name, tc.scanned_at,
             coalesce(tc.gate, (select nullif(trim(concat_ws(' ', u.first_name, u.last_name)), '')
                                from users u where u.id = tc.user_id)) as gate, tc.device
      from ticket_checkins tc
      join issued_tickets it on it.id = tc.ticket_id and it.revoked_at is null
      join ticket_types on ticket_types.id = it.ticket_type_id
      where tc.event_id = ${eventId}
      order by tc.scanned_at desc`,
  );
  return rows.map((r) => ({
    code: r.code,
    attendeeName: r.attendee_name,
    ticketName: r.ticket_name,
    checkedInAt: new Date(r.scanned_at).toISOString(),
    checkedInBy: { gate: r.gate, device: r.device },
  }));
}
