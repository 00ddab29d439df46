import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { ACCESS_CODE_MESSAGES, type AccessCode, type AccessCodeRequest } from '../../../contract/accessCodes';
import type { AppDeps } from '../../context';
import { type Executor, isUuid, queryRows, type Tx } from '../../db/query';
import { accessCodes, discountCodes, orders, ticketTypes } from '../../db/schema';
import { HttpError } from '../../http/errors';
import { integrityViolationOf } from '../../http/integrity';

/**
 * Access codes (decision 036): the organiser's list, and the one question checkout and the public
 * ticket list ask — which hidden types does this code unlock at this event?
 */

/** What a code unlocks, or null when it is not one of the event's access codes. */
export type Unlock = { id: string; ticketTypeIds: string[]; discountCode: string | null };

export async function unlockFor(db: Executor, eventId: string, code: string): Promise<Unlock | null> {
  // Event ids come from a URL too: one that is not a uuid names no event (and no code).
  if (!isUuid(eventId)) return null;
  const [row] = await queryRows<{ id: string; ticket_type_ids: string[]; discount_code: string | null }>(
    db,
    sql`select a.id, a.ticket_type_ids, d.code as discount_code
        from access_codes a left join discount_codes d on d.id = a.discount_code_id
        where a.event_id = ${eventId} and lower(a.code) = lower(${code.trim()}) limit 1`,
  );
  return row ? { id: row.id, ticketTypeIds: row.ticket_type_ids, discountCode: row.discount_code } : null;
}

/** What an order's stored access code unlocks now (a deleted code unlocks nothing more). */
export async function unlockById(db: Tx, id: string | null): Promise<ReadonlySet<string>> {
  if (!id) return new Set();
  const [row] = await db
    .select({ ids: accessCodes.ticketTypeIds })
    .from(accessCodes)
    .where(eq(accessCodes.id, id))
    .limit(1);
  return new Set(row?.ids ?? []);
}

export async function listAccessCodes(deps: AppDeps, eventId: string): Promise<AccessCode[]> {
  const rows = await deps.db
    .select({
      code: accessCodes,
      discountCode: discountCodes.code,
      orders: sql<number>`(select count(*)::int from ${orders} o where o.access_code_id = ${accessCodes.id}
        and o.status in ('reserved', 'paid'))`.mapWith(Number),
    })
    .from(accessCodes)
    .leftJoin(discountCodes, eq(discountCodes.id, accessCodes.discountCodeId))
    .where(eq(accessCodes.eventId, eventId))
    .orderBy(asc(accessCodes.createdAt));
  return rows.map((r) => ({
    id: r.code.id,
    code: r.code.code,
    ticketTypeIds: r.code.ticketTypeIds,
    discountCodeId: r.code.discountCodeId,
    discountCode: r.discountCode,
    orders: r.orders,
    createdAt: r.code.createdAt.toISOString(),
  }));
}

/** The types must be hidden types of this event; the discount one of its codes; the letters unused. */
async function checkRequest(deps: AppDeps, eventId: string, input: AccessCodeRequest) {
  const ids = [...new Set(input.ticketTypeIds)];
  const hidden = await deps.db
    .select({ id: ticketTypes.id })
    .from(ticketTypes)
    .where(and(eq(ticketTypes.eventId, eventId), inArray(ticketTypes.id, ids), eq(ticketTypes.hidden, true)));
  if (hidden.length !== ids.length) throw new HttpError(400, ACCESS_CODE_MESSAGES.typesNotHidden);
  if (input.discountCodeId) {
    const [d] = await deps.db
      .select({ id: discountCodes.id })
      .from(discountCodes)
      .where(and(eq(discountCodes.id, input.discountCodeId), eq(discountCodes.eventId, eventId)));
    if (!d) throw new HttpError(400, ACCESS_CODE_MESSAGES.discountNotInEvent);
  }
  const [clash] = await deps.db
    .select({ id: discountCodes.id })
    .from(discountCodes)
    .where(and(eq(discountCodes.eventId, eventId), sql`lower(${discountCodes.code}) = lower(${input.code})`));
  if (clash) throw new HttpError(409, ACCESS_CODE_MESSAGES.taken);
  return ids;
}

export async function createAccessCode(deps: AppDeps, eventId: string, input: AccessCodeRequest) {
  const ids = await checkRequest(deps, eventId, input);
  try {
    const [row] = await deps.db
      .insert(accessCodes)
      .values({ eventId, code: input.code, ticketTypeIds: ids, discountCodeId: input.discountCodeId ?? null })
      .returning();
    const made = (await listAccessCodes(deps, eventId)).find((c) => c.id === row!.id);
    return made as AccessCode;
  } catch (error) {
    if (integrityViolationOf(error)?.constraint === 'access_codes_event_code_key')
      throw new HttpError(409, ACCESS_CODE_MESSAGES.taken);
    throw error;
  }
}

export async function deleteAccessCode(deps: AppDeps, eventId: string, accessCodeId: string) {
  const gone = await deps.db
    .delete(accessCodes)
    .where(and(eq(accessCodes.id, accessCodeId), eq(accessCodes.eventId, eventId)))
    .returning({ id: accessCodes.id });
  if (gone.length === 0) throw new HttpError(404, 'Access code not found');
}
