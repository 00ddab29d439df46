import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod/mini';
import type { DiscountCode, discountRequest } from '../../../contract/discounts';
import { instantToLagos, lagosToInstant } from '../../../contract/lagosTime';
import { koboToNaira, nairaToKobo } from '../../../contract/money';
import type { AppDeps } from '../../context';
import { isUuid } from '../../db/query';
import { discountCodes, ticketTypes } from '../../db/schema';
import { HttpError } from '../../http/errors';
import { integrityViolationOf } from '../../http/integrity';
import { manageableEvent } from '../access/eventAccess';

type DiscountInput = z.output<typeof discountRequest>;
type DiscountRow = typeof discountCodes.$inferSelect;

export const DISCOUNT_NOT_FOUND = 'Discount code not found';

export function toWireDiscount(row: DiscountRow): DiscountCode {
  return {
    _id: row.id,
    eventId: row.eventId,
    code: row.code,
    kind: row.kind,
    percentOff: row.percentOff,
    amountOff: row.amountOffKobo === null ? null : koboToNaira(row.amountOffKobo),
    maxUses: row.maxUses,
    uses: row.uses,
    validFrom: row.validFrom ? instantToLagos(row.validFrom) : null,
    validUntil: row.validUntil ? instantToLagos(row.validUntil) : null,
    ticketTypeIds: row.ticketTypeIds,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Another request created the same code between our check and the insert (or the edit). */
const isDuplicateCode = (error: unknown) =>
  integrityViolationOf(error)?.constraint === 'discount_codes_event_code_key';

async function checkTicketTypes(deps: AppDeps, eventId: string, ids: string[]) {
  if (ids.length === 0) return;
  const rows = await deps.db
    .select({ id: ticketTypes.id })
    .from(ticketTypes)
    .where(and(eq(ticketTypes.eventId, eventId), inArray(ticketTypes.id, ids)));
  if (rows.length !== new Set(ids).size) throw new HttpError(400, 'Choose ticket types of this event');
}

function columns(input: DiscountInput) {
  return {
    code: input.code,
    kind: input.kind,
    percentOff: input.kind === 'percent' ? (input.percentOff ?? null) : null,
    amountOffKobo: input.kind === 'fixed' ? nairaToKobo(input.amountOff ?? 0) : null,
    maxUses: input.maxUses ?? null,
    validFrom: input.validFrom ? lagosToInstant(input.validFrom) : null,
    validUntil: input.validUntil ? lagosToInstant(input.validUntil) : null,
    ticketTypeIds: [...new Set(input.ticketTypeIds ?? [])],
  };
}

const duplicateCode = (code: string) =>
  new HttpError(409, `This event already has the code ${code.toUpperCase()} (codes ignore case).`);

export async function listDiscounts(deps: AppDeps, userId: string, eventId: string): Promise<DiscountCode[]> {
  await manageableEvent(deps.db, eventId, userId);
  const rows = await deps.db
    .select()
    .from(discountCodes)
    .where(eq(discountCodes.eventId, eventId))
    .orderBy(asc(discountCodes.createdAt), asc(discountCodes.id));
  return rows.map(toWireDiscount);
}

export async function createDiscount(
  deps: AppDeps,
  userId: string,
  eventId: string,
  input: DiscountInput,
): Promise<DiscountCode> {
  await manageableEvent(deps.db, eventId, userId);
  const values = columns(input);
  await checkTicketTypes(deps, eventId, values.ticketTypeIds);
  try {
    const [row] = await deps.db
      .insert(discountCodes)
      .values({ eventId, ...values })
      .returning();
    return toWireDiscount(row!);
  } catch (error) {
    if (isDuplicateCode(error)) throw duplicateCode(input.code);
    throw error;
  }
}

async function loadDiscount(deps: AppDeps, eventId: string, discountId: string): Promise<DiscountRow> {
  if (!isUuid(discountId)) throw new HttpError(404, DISCOUNT_NOT_FOUND);
  const [row] = await deps.db
    .select()
    .from(discountCodes)
    .where(and(eq(discountCodes.id, discountId), eq(discountCodes.eventId, eventId)));
  if (!row) throw new HttpError(404, DISCOUNT_NOT_FOUND);
  return row;
}

/** Edits a code; its maximum uses can never drop below the uses already counted. */
export async function updateDiscount(
  deps: AppDeps,
  userId: string,
  eventId: string,
  discountId: string,
  input: DiscountInput,
): Promise<DiscountCode> {
  await manageableEvent(deps.db, eventId, userId);
  const existing = await loadDiscount(deps, eventId, discountId);
  const values = columns(input);
  await checkTicketTypes(deps, eventId, values.ticketTypeIds);
  if (values.maxUses !== null && values.maxUses < existing.uses) {
    throw new HttpError(
      409,
      `This code has already been used ${existing.uses} times; maximum uses cannot be lower.`,
    );
  }
  try {
    // Conditional on the uses counted at this moment, so a reservation landing meanwhile cannot be overrun.
    const [row] = await deps.db
      .update(discountCodes)
      .set({ ...values, updatedAt: sql`now()` })
      .where(
        and(
          eq(discountCodes.id, discountId),
          values.maxUses === null ? undefined : sql`${discountCodes.uses} <= ${values.maxUses}`,
        ),
      )
      .returning();
    if (!row) throw new HttpError(409, 'The code was used while you edited; reload and try again.');
    return toWireDiscount(row);
  } catch (error) {
    if (isDuplicateCode(error)) throw duplicateCode(input.code);
    throw error;
  }
}

/** Deletes an unused code; a used one is kept (orders refer to it) and can be stopped by its dates or limit. */
export async function deleteDiscount(deps: AppDeps, userId: string, eventId: string, discountId: string) {
  await manageableEvent(deps.db, eventId, userId);
  const existing = await loadDiscount(deps, eventId, discountId);
  if (existing.uses > 0) {
    throw new HttpError(
      409,
      'This code has been used, so it cannot be deleted. To stop it, set its valid-until date or its maximum uses.',
    );
  }
  await deps.db.delete(discountCodes).where(and(eq(discountCodes.id, discountId), eq(discountCodes.uses, 0)));
}
