import { sql } from 'drizzle-orm';
import type { DoorVerdict } from '../../../contract/doorVerdict';
import { type Executor, queryRows, type Tx } from '../../db/query';
import { scanOfNonce } from './claim';
import type { DoorTicket } from './tickets';

/**
 * Tables at the door (decision 067). A table's guests are tickets grouped by (type, table number).
 * With one code per table, any code of the table admits the next guest not yet in, up to N: the
 * admission is recorded on that guest's ticket, so counts, the guest list and undo stay per ticket.
 */

/**
 * The ticket a one-code table's scan admits: the one an earlier upload of the same scan (its nonce)
 * took, else the table's first live guest without a check-in. The table's live rows are locked until
 * the transaction ends, so two doors scanning the table's code at once take two different guests.
 * Null: every guest of the table is in.
 */
export async function tableGuestToAdmit(tx: Tx, ticket: DoorTicket, nonce: string): Promise<string | null> {
  const table = ticket.table;
  if (!table) return ticket.id;
  const rows = await queryRows<{ id: string; in: boolean }>(
    tx,
    sql`
      select it.id, exists (select 1 from ticket_checkins c where c.ticket_id = it.id) as in
      from issued_tickets it
      where it.ticket_type_id = ${ticket.ticketTypeId} and it.table_number = ${table.number}
        and it.revoked_at is null
      order by it.table_seat
      for update`,
  );
  const first = await scanOfNonce(tx, nonce);
  if (first && rows.some((r) => r.id === first.ticketId)) return first.ticketId;
  return rows.find((r) => !r.in)?.id ?? null;
}

/** How many of the ticket's table are in now. */
export async function tableAdmitted(db: Executor, ticket: DoorTicket): Promise<number> {
  if (!ticket.table) return 0;
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`
      select count(*)::int as n from issued_tickets m join ticket_checkins c on c.ticket_id = m.id
      where m.ticket_type_id = ${ticket.ticketTypeId} and m.table_number = ${ticket.table.number}
        and m.revoked_at is null`,
  );
  return Number(row?.n ?? 0);
}

/** The verdict with the table's count as it is after the scan (only for a table's guest). */
export async function withTableCount(
  db: Executor,
  verdict: DoorVerdict,
  ticket: DoorTicket | null,
): Promise<DoorVerdict> {
  if (!ticket?.table || !verdict.ticket?.table) return verdict;
  const admitted = await tableAdmitted(db, ticket);
  return { ...verdict, ticket: { ...verdict.ticket, table: { ...verdict.ticket.table, admitted } } };
}
