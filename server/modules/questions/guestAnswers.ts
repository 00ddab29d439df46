import { type SQL, sql } from 'drizzle-orm';
import type { GuestRow } from '../../../contract/organiser';
import type { GuestAnswer, GuestAnswers } from '../../../contract/questions';
import type { Database } from '../../db/client';
import { queryRows } from '../../db/query';

/**
 * The answers behind the guest list's lines (decision 045): per order, and per live ticket. A ticket's
 * seat among its type's seats in the order is its seat minus the type's first seat (tickets are issued
 * type by type, seat k of a type to its k-th attendee; a reissued ticket keeps its seat), which is the
 * position the buyer answered for. Deleted questions keep their column while they have answers.
 */
export async function guestAnswersOf(
  db: Database,
  eventId: string,
  lines: readonly GuestRow[],
): Promise<GuestAnswers> {
  const [questions, perOrder, perTicket] = await Promise.all([
    queryRows<{ id: string; label: string; scope: 'order' | 'attendee'; deleted: boolean }>(
      db,
      sql`select q.id, q.label, q.scope, q.deleted_at is not null as deleted from event_questions q
          where q.event_id = ${eventId}
            and (q.deleted_at is null or exists (select 1 from order_answers a where a.question_id = q.id))
          order by q.deleted_at nulls first, q.position, q.created_at`,
    ),
    queryRows<{ owner: string; question_id: string; value: string }>(
      db,
      sql`select a.order_id as owner, a.question_id, a.value from order_answers a
          join orders o on o.id = a.order_id
          where o.event_id = ${eventId} and a.seat_index is null`,
    ),
    perTicketAnswers(db, sql`it.event_id = ${eventId}`),
  ]);
  const orderIds = new Set(lines.map((l) => l.orderId));
  const ticketIds = new Set(lines.flatMap((l) => l.tickets.map((t) => t.id)));
  const rank = new Map(questions.map((q, i) => [q.id, i]));
  const group = (rows: { owner: string; question_id: string; value: string }[], keep: Set<string>) => {
    const out: Record<string, GuestAnswer[]> = {};
    for (const r of rows) {
      if (!keep.has(r.owner)) continue;
      const list = out[r.owner] ?? [];
      list.push({ questionId: r.question_id, value: r.value });
      out[r.owner] = list;
    }
    for (const list of Object.values(out))
      list.sort((a, b) => (rank.get(a.questionId) ?? 0) - (rank.get(b.questionId) ?? 0));
    return out;
  };
  return {
    questions: questions.map((q) => ({
      id: q.id,
      label: q.label,
      scope: q.scope,
      deleted: Boolean(q.deleted),
    })),
    byOrder: group(perOrder, orderIds),
    byTicket: group(perTicket, ticketIds),
  };
}

type OwnedAnswer = { owner: string; question_id: string; label: string; value: string };

/**
 * The per-attendee answers of live tickets (`owner` is the ticket's id), for the tickets `where`
 * picks (a condition on issued_tickets `it`). A ticket's seat among its type's seats in the order is
 * its seat minus the type's first seat: the position the buyer answered for.
 */
function perTicketAnswers(db: Database, where: SQL): Promise<OwnedAnswer[]> {
  return queryRows<OwnedAnswer>(
    db,
    sql`select t.id as owner, a.question_id, q.label, a.value
        from (select it.id, it.order_id, it.ticket_type_id, it.revoked_at,
                it.seat - min(it.seat) over (partition by it.order_id, it.ticket_type_id) as idx
              from issued_tickets it where ${where}) t
        join order_answers a on a.order_id = t.order_id and a.ticket_type_id = t.ticket_type_id
          and a.seat_index = t.idx
        join event_questions q on q.id = a.question_id
        where t.revoked_at is null
        order by q.position, q.created_at`,
  );
}

export type LabelledAnswer = { label: string; value: string };

/**
 * One order's answers as its ticket email repeats them: the order's own (for the buyer) and each live
 * ticket's (for whoever holds it), labelled with their questions, in the questions' order.
 */
export async function orderAnswersForMail(
  db: Database,
  orderId: string,
): Promise<{ order: LabelledAnswer[]; byTicket: Map<string, LabelledAnswer[]> }> {
  const [perOrder, perTicket] = await Promise.all([
    queryRows<LabelledAnswer>(
      db,
      sql`select q.label, a.value from order_answers a
          join event_questions q on q.id = a.question_id
          where a.order_id = ${orderId} and a.seat_index is null
          order by q.position, q.created_at`,
    ),
    perTicketAnswers(db, sql`it.order_id = ${orderId}`),
  ]);
  const byTicket = new Map<string, LabelledAnswer[]>();
  for (const { owner, label, value } of perTicket)
    byTicket.set(owner, [...(byTicket.get(owner) ?? []), { label, value }]);
  return { order: perOrder, byTicket };
}
