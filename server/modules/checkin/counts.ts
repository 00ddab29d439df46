import { type SQLWrapper, sql } from 'drizzle-orm';
import type { CheckinCounts } from '../../../contract/checkin';
import { dateName } from '../../../contract/eventDates';
import { type Executor, queryRows } from '../../db/query';

/** Gate shown for a scan made with an account whose name is gone (the account was deleted). */
export const ORGANISER_GATE = 'Organiser';

/**
 * The gate a scan counts under, for the Check-in tab's counts and its arrivals chart alike: a door
 * link's label, or for a scan made with an account (the owner, a co-organiser, a door supervisor)
 * that person's name, so two supervisors at two doors are two lines, not one "Organiser".
 */
export const gateName = (gate: SQLWrapper, userId: SQLWrapper) =>
  sql<string>`coalesce(${gate}, (select nullif(trim(concat_ws(' ', u.first_name, u.last_name)), '') from users u where u.id = ${userId}), ${ORGANISER_GATE})`;

/**
 * Checked in / total for the event, per ticket type and per gate. Only live tickets count (a
 * revoked ticket admits nobody, so it is in neither number).
 */
export async function eventCounts(db: Executor, eventId: string): Promise<CheckinCounts> {
  // A dated type (decision 046) is counted under its date's name: the counts per date, per type.
  const perType = await queryRows<{
    id: string;
    name: string;
    total: number;
    checked_in: number;
    date_day: string | null;
    date_label: string | null;
    event_date_id: string | null;
  }>(
    db,
    sql`
      select tt.id, tt.ticket_name as name, tt.event_date_id, ed.date::text as date_day, ed.label as date_label,
             count(it.id)::int as total, count(tc.ticket_id)::int as checked_in
      from ticket_types tt
      left join event_dates ed on ed.id = tt.event_date_id
      left join issued_tickets it on it.ticket_type_id = tt.id and it.revoked_at is null
      left join ticket_checkins tc on tc.ticket_id = it.id
      where tt.event_id = ${eventId}
      group by tt.id, tt.ticket_name, tt.event_date_id, tt.created_at, ed.date, ed.start_time, ed.label
      order by ed.date nulls first, ed.start_time, tt.created_at, tt.ticket_name`,
  );
  const perGate = await queryRows<{ gate: string; checked_in: number }>(
    db,
    sql`
      select ${gateName(sql`tc.gate`, sql`tc.user_id`)} as gate, count(*)::int as checked_in
      from ticket_checkins tc
      join issued_tickets it on it.id = tc.ticket_id and it.revoked_at is null
      where tc.event_id = ${eventId}
      group by 1 order by 1`,
  );
  return {
    checkedIn: perType.reduce((n, t) => n + Number(t.checked_in), 0),
    total: perType.reduce((n, t) => n + Number(t.total), 0),
    perType: perType.map((t) => ({
      ticketTypeId: t.id,
      ticketName: t.date_day
        ? `${t.name} · ${dateName({ date: t.date_day, label: t.date_label ?? '' })}`
        : t.name,
      checkedIn: Number(t.checked_in),
      total: Number(t.total),
      ...(t.event_date_id ? { eventDateId: t.event_date_id } : {}),
    })),
    perGate: perGate.map((g) => ({ gate: g.gate, checkedIn: Number(g.checked_in) })),
  };
}
