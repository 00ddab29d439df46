import { sql } from 'drizzle-orm';
import type { ScanTicket } from '../../../contract/checkin';
import type { CancelReason, CodeKind } from '../../../contract/doorVerdict';
import { dateName } from '../../../contract/eventDates';
import { parseRotatingCode, type RotatingCode } from '../../../contract/rotatingCode';
import { readTicketReference } from '../../../contract/ticketReference';
import { type Executor, queryRows } from '../../db/query';

/** An issued ticket as the door sees it: who, which type, its order, and whether it still admits. */
export type DoorTicket = {
  id: string;
  eventId: string;
  /** What the door was shown: the signed code, or the short reference typed in its place. */
  code: string;
  reference: string;
  ticketTypeId: string;
  ticketName: string;
  attendeeName: string;
  orderReference: string;
  orderSeats: number;
  /** For the guest search: the attendee's email and the buyer's phone. */
  attendeeEmail: string;
  buyerPhone: string;
  /** Revoked (cancelled, refunded, reissued) or its order is no longer paid. */
  cancelled: boolean;
  revokeReason: string | null;
  /** Bought through the test-mode provider: nobody paid for it. */
  testMode: boolean;
  /** The date it admits on and that date's name (decision 046); null: any date. */
  eventDateId: string | null;
  dateName: string | null;
  /** The holder's phone key (decision 058), compressed; null: no phone linked. */
  deviceKey: string | null;
  /** Its event admits only live codes. */
  rotatingRequired: boolean;
  /** A table's guest (decision 067): its table, N, one code or not, and how many of the table are in. */
  table: DoorTable | null;
};

export type DoorTable = { number: number; seat: number; size: number; oneCode: boolean; admitted: number };

/** Guests of the ticket `it`'s table let in so far (its live tickets with a check-in). */
const TABLE_ADMITTED = sql`
  select count(*)::int from issued_tickets m join ticket_checkins c on c.ticket_id = m.id
  where m.ticket_type_id = it.ticket_type_id and m.table_number = it.table_number and m.revoked_at is null`;

const SELECT = sql`
  select it.id, it.event_id, it.code, it.reference, it.ticket_type_id, tt.ticket_name,
         it.attendee_email, o.buyer_phone,
         it.attendee_first_name || ' ' || it.attendee_last_name as attendee_name,
         o.reference as order_reference,
         (select count(*)::int from issued_tickets s where s.order_id = it.order_id and s.revoked_at is null) as order_seats,
         (it.revoked_at is not null or o.status <> 'paid') as cancelled,
         coalesce(it.revoke_reason, case when o.status <> 'paid' then o.status end) as revoke_reason,
         o.test_mode, tt.event_date_id, ed.date::text as date_day, ed.label as date_label,
         it.device_key, (e.rotating_codes = 'required') as rotating_required,
         it.table_number, it.table_seat, it.table_size, it.table_one_code,
         case when it.table_number is not null then (${TABLE_ADMITTED}) end as table_admitted
  from issued_tickets it
  join events e on e.id = it.event_id
  join orders o on o.id = it.order_id
  join ticket_types tt on tt.id = it.ticket_type_id
  left join event_dates ed on ed.id = tt.event_date_id`;

type Row = {
  id: string;
  event_id: string;
  code: string;
  reference: string;
  ticket_type_id: string;
  ticket_name: string;
  attendee_email: string;
  buyer_phone: string;
  attendee_name: string;
  order_reference: string;
  order_seats: number;
  cancelled: boolean;
  revoke_reason: string | null;
  test_mode: boolean;
  event_date_id: string | null;
  date_day: string | null;
  date_label: string | null;
  device_key: string | null;
  rotating_required: boolean;
  table_number: number | null;
  table_seat: number | null;
  table_size: number | null;
  table_one_code: boolean;
  table_admitted: number | null;
};

const doorTicketFromRow = (r: Row): DoorTicket => ({
  id: r.id,
  eventId: r.event_id,
  code: r.code,
  reference: r.reference,
  ticketTypeId: r.ticket_type_id,
  ticketName: r.ticket_name,
  attendeeName: r.attendee_name,
  orderReference: r.order_reference,
  orderSeats: Number(r.order_seats),
  attendeeEmail: r.attendee_email,
  buyerPhone: r.buyer_phone,
  cancelled: Boolean(r.cancelled),
  revokeReason: r.revoke_reason,
  testMode: Boolean(r.test_mode),
  eventDateId: r.event_date_id,
  dateName: r.date_day ? dateName({ date: r.date_day, label: r.date_label ?? '' }) : null,
  deviceKey: r.device_key,
  rotatingRequired: Boolean(r.rotating_required),
  table:
    r.table_number !== null && r.table_size !== null
      ? {
          number: Number(r.table_number),
          seat: Number(r.table_seat ?? 0),
          size: Number(r.table_size),
          oneCode: Boolean(r.table_one_code),
          admitted: Number(r.table_admitted ?? 0),
        }
      : null,
});

export async function ticketByCode(db: Executor, code: string): Promise<DoorTicket | null> {
  const [row] = await queryRows<Row>(db, sql`${SELECT} where it.code = ${code} limit 1`);
  return row ? doorTicketFromRow(row) : null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * What a scanner sent in place of a signed code, if anything: a ticket's short reference typed from
 * its page or printout, or a ticket's id picked in the guest search (decision 049). These are looked
 * up rather than verified, so they are what the per-link look-up limit counts.
 */
export function presentedLookup(presented: string): { reference: string } | { id: string } | null {
  const reference = readTicketReference(presented);
  if (reference) return { reference };
  const id = presented.trim();
  return UUID.test(id) ? { id: id.toLowerCase() } : null;
}

/**
 * The ticket a door was shown: a scanned signed code, a short reference typed from the ticket's
 * page or printout, or a ticket id picked in the guest search (both looked up within this event, the
 * only place a reference is unique). `byReference` tells the verdict it was looked up rather than
 * verified; the ticket's `code` is then what was presented, so such a door never receives the signed
 * code that would let it print the ticket, and one that sent an id is not told the reference either.
 */
export async function ticketPresented(db: Executor, eventId: string, presented: string): Promise<Presented> {
  const rotating = parseRotatingCode(presented);
  if (rotating) {
    // A holder's live code (decision 058) names its ticket's id; its signature and time are checked
    // against the ticket's phone key by the caller, at the scan's time.
    const [row] = await queryRows<Row>(db, sql`${SELECT} where it.id = ${rotating.ticketId} limit 1`);
    return {
      ticket: row ? { ...doorTicketFromRow(row), code: presented } : null,
      byReference: false,
      kind: 'rotating',
      rotating,
    };
  }
  const lookup = presentedLookup(presented);
  if (!lookup) return { ticket: await ticketByCode(db, presented), byReference: false, kind: 'printed' };
  if ('id' in lookup) {
    const [row] = await queryRows<Row>(
      db,
      sql`${SELECT} where it.event_id = ${eventId} and it.id = ${lookup.id} limit 1`,
    );
    return {
      ticket: row ? { ...doorTicketFromRow(row), code: lookup.id, reference: '' } : null,
      byReference: true,
      kind: 'search',
    };
  }
  const { reference } = lookup;
  const [row] = await queryRows<Row>(
    db,
    sql`${SELECT} where it.event_id = ${eventId} and it.reference = ${reference} limit 1`,
  );
  return {
    ticket: row ? { ...doorTicketFromRow(row), code: reference } : null,
    byReference: true,
    kind: 'reference',
  };
}

/** What a door was shown, found: the ticket, and how it was shown (a live code keeps its parts). */
export type Presented = {
  ticket: DoorTicket | null;
  byReference: boolean;
  kind: CodeKind;
  rotating?: RotatingCode;
};

/** Every ticket issued for the event (revoked ones too: the offline list marks them cancelled). */
export async function eventTickets(db: Executor, eventId: string): Promise<DoorTicket[]> {
  return (
    await queryRows<Row>(
      db,
      sql`${SELECT} where it.event_id = ${eventId} order by it.attendee_last_name, it.attendee_first_name`,
    )
  ).map(doorTicketFromRow);
}

export const scanTicketOf = (t: DoorTicket): ScanTicket => ({
  code: t.code,
  reference: t.reference,
  attendeeName: t.attendeeName,
  ticketTypeId: t.ticketTypeId,
  ticketName: t.ticketName,
  orderReference: t.orderReference,
  orderSeats: t.orderSeats,
  ...(t.dateName ? { dateName: t.dateName } : {}),
  ...(t.table ? { table: { number: t.table.number, size: t.table.size, admitted: t.table.admitted } } : {}),
});

/**
 * A production door admits only tickets somebody paid for (or that were free): an order settled by
 * the test-mode provider is refused there, though it stays scannable on a development server.
 */
export const refusedAsTestMode = (t: Pick<DoorTicket, 'testMode'>, isProduction: boolean) =>
  isProduction && t.testMode;

/** The door's reason for a revoked ticket, from the ticket's revoke reason or its order's status. */
export function cancelReasonOf(t: Pick<DoorTicket, 'revokeReason'>): CancelReason {
  if (t.revokeReason === 'reissued') return 'reissued';
  if (t.revokeReason === 'refunded' || t.revokeReason === 'refund_due') return 'refunded';
  return 'cancelled';
}
