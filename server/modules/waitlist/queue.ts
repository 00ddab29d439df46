import { sql } from 'drizzle-orm';
import { MAX_PER_TYPE } from '../../../contract/orders';
import { queryRows, type Tx } from '../../db/query';
import type { events, ticketTypes } from '../../db/schema';

/**
 * The waiting list's queue rule in one place (decision 050). A type's returned seats belong to the
 * people waiting for it, offered in arrival order to every entry that FITS what came back; nobody
 * outside the line takes them — not a new checkout, not a hold switched onto the type, not a hold
 * raised on it. These helpers are what the join, the offer run and every seat-taking path share.
 */

/**
 * The most seats a join may ask for: what the type could ever sell to one order — its purchase
 * limit, its stock and the event's overall capacity (an ask above these could never be offered).
 */
export function joinLimit(
  type: Pick<typeof ticketTypes.$inferSelect, 'purchaseLimit' | 'capacity'>,
  event: Pick<typeof events.$inferSelect, 'capacity'>,
): number {
  return Math.min(
    MAX_PER_TYPE,
    type.purchaseLimit,
    type.capacity ?? Number.POSITIVE_INFINITY,
    event.capacity ?? Number.POSITIVE_INFINITY,
  );
}

/**
 * Who is offered `free` seats: walking the line in arrival order, every entry whose ask fits what
 * is still free. An entry that does not fit keeps its place (it is first for a later return) and
 * does not stop the walk, so one oversized ask can never block the seats behind it.
 */
export function entriesThatFit<E extends { quantity: number }>(waiting: readonly E[], free: number): E[] {
  const chosen: E[] = [];
  let left = free;
  for (const entry of waiting) {
    if (entry.quantity > left) continue;
    chosen.push(entry);
    left -= entry.quantity;
    if (left === 0) break;
  }
  return chosen;
}

/**
 * The types among `ticketTypeIds` someone waits for (list on): seats of these go to the line, so a
 * hold may not take more of them. Read inside the caller's transaction; one query.
 */
export async function typesWithQueue(tx: Tx, ticketTypeIds: readonly string[]): Promise<Set<string>> {
  if (ticketTypeIds.length === 0) return new Set();
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`select t.id from ticket_types t
      where t.id in (${sql.join(
        ticketTypeIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )}) and t.waitlist_enabled
        and exists (select 1 from waitlist_entries w where w.ticket_type_id = t.id and w.status = 'waiting')`,
  );
  return new Set(rows.map((r) => r.id));
}
