import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { PromotersResponse, PromoterUpdateRequest } from '../../../contract/promoters';
import type { AppDeps } from '../../context';
import { type CommissionRuleRow, promoters, ticketTypes } from '../../db/schema';
import { HttpError } from '../../http/errors';
import { MANAGING_ROLES, manageableEvent } from '../access/eventAccess';
import { ruleToRow } from './commission';
import { PROMOTER_MESSAGES, promotersView } from './service';

/**
 * Changing and removing a promoter (decision 070). Neither rewrites an order: each attributed order
 * keeps the commission stored when its buyer paid (order_promoters), so a new rule applies to orders
 * paid from then on, and a removed promoter keeps every order already theirs in Sales, the charts,
 * the CSVs and the payout statement. Removing sets `removed_at`; attribution, the click count and
 * /r/<code> then ignore the promoter.
 */

export const EDIT_MESSAGES = {
  notFound: 'This promoter does not exist for this event.',
  removed: 'This promoter was removed; add them again to give them a new link.',
} as const;

/** The event's own ticket types named by per-type rules, as stored rules; another event's is a 400. */
export async function perTypeRows(
  deps: Pick<AppDeps, 'db'>,
  eventId: string,
  input: Record<string, { kind: 'percent' | 'flat'; value: number }> | undefined,
): Promise<Record<string, CommissionRuleRow>> {
  const named = Object.keys(input ?? {});
  if (named.length === 0) return {};
  const own = await deps.db
    .select({ id: ticketTypes.id })
    .from(ticketTypes)
    .where(and(eq(ticketTypes.eventId, eventId), inArray(ticketTypes.id, named)));
  if (own.length !== named.length) throw new HttpError(400, PROMOTER_MESSAGES.typeNotInEvent);
  return Object.fromEntries(Object.entries(input ?? {}).map(([id, rule]) => [id, ruleToRow(rule)]));
}

async function promoterOf(deps: Pick<AppDeps, 'db'>, eventId: string, promoterId: string) {
  const [row] = await deps.db
    .select({ id: promoters.id, removedAt: promoters.removedAt })
    .from(promoters)
    .where(and(eq(promoters.id, promoterId), eq(promoters.eventId, eventId)))
    .limit(1);
  if (!row) throw new HttpError(404, EDIT_MESSAGES.notFound);
  return row;
}

/** A new name or commission for a live promoter; orders already paid keep the commission they earned. */
export async function updatePromoter(
  deps: AppDeps,
  userId: string,
  eventId: string,
  promoterId: string,
  input: PromoterUpdateRequest,
): Promise<PromotersResponse> {
  await manageableEvent(deps.db, eventId, userId, MANAGING_ROLES);
  const current = await promoterOf(deps, eventId, promoterId);
  if (current.removedAt) throw new HttpError(409, EDIT_MESSAGES.removed);
  const perType = await perTypeRows(deps, eventId, input.perType);
  const rule = ruleToRow(input.commission);
  const [changed] = await deps.db
    .update(promoters)
    .set({ name: input.name, commissionKind: rule.kind, commissionValue: rule.value, perType })
    // Removed between the read and here: the removal stands.
    .where(and(eq(promoters.id, promoterId), isNull(promoters.removedAt)))
    .returning({ id: promoters.id });
  if (!changed) throw new HttpError(409, EDIT_MESSAGES.removed);
  return promotersView(deps, eventId);
}

/** Removes a promoter: their link stops attributing; their orders stay theirs. Removing twice is a no-op. */
export async function removePromoter(
  deps: AppDeps,
  userId: string,
  eventId: string,
  promoterId: string,
): Promise<PromotersResponse> {
  await manageableEvent(deps.db, eventId, userId, MANAGING_ROLES);
  await promoterOf(deps, eventId, promoterId);
  await deps.db
    .update(promoters)
    .set({ removedAt: sql`now()` })
    .where(and(eq(promoters.id, promoterId), isNull(promoters.removedAt)));
  return promotersView(deps, eventId);
}
