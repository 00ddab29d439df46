import { and, eq, sql } from 'drizzle-orm';
import { sumKobo } from '../../../contract/money';
import { type Order, orderTotalsKobo } from '../../../contract/orders';
import type { Tx } from '../../db/query';
import { discountCodes } from '../../db/schema';
import { HttpError } from '../../http/errors';
import { voidPendingAttempts } from '../payments/coverage';
import { findOrder, itemsOf, type OrderRow, updateOrder } from './data';
import type { CheckoutDeps } from './deps';
import { MESSAGES } from './messages';
import { presentOrder } from './present';

type DiscountRow = typeof discountCodes.$inferSelect;
type LineForDiscount = { ticketTypeId: string; quantity: number; unitPriceKobo: number };

/**
 * Kobo off the order: per eligible paid ticket, percentOff of its price (rounded down to the kobo)
 * or amountOff (never more than the price). Free tickets are never discounted.
 */
export function discountKobo(code: DiscountRow, lines: LineForDiscount[]): number {
  const eligible = lines.filter(
    (l) =>
      l.unitPriceKobo > 0 && (code.ticketTypeIds.length === 0 || code.ticketTypeIds.includes(l.ticketTypeId)),
  );
  return sumKobo(
    eligible.map((l) => {
      const off =
        code.kind === 'percent'
          ? Math.floor((l.unitPriceKobo * (code.percentOff ?? 0)) / 100)
          : Math.min(code.amountOffKobo ?? 0, l.unitPriceKobo);
      return off * l.quantity;
    }),
  );
}

/** Why a code cannot be used now, or null when it can (uses are checked by the atomic UPDATE). */
function refusal(code: DiscountRow, lines: LineForDiscount[], nowMs: number): string | null {
  if (code.validFrom && code.validFrom.getTime() > nowMs) return MESSAGES.discountNotStarted;
  if (code.validUntil && code.validUntil.getTime() <= nowMs) return MESSAGES.discountExpired;
  if (lines.every((l) => l.unitPriceKobo === 0)) return MESSAGES.discountFree;
  if (discountKobo(code, lines) === 0) return MESSAGES.discountNotApplicable;
  return null;
}

/** One use more, only while uses < max_uses: concurrent buyers can never push a 10-use code to 11. */
async function takeUse(tx: Tx, codeId: string): Promise<boolean> {
  const taken = await tx
    .update(discountCodes)
    .set({ uses: sql`${discountCodes.uses} + 1` })
    .where(
      and(
        eq(discountCodes.id, codeId),
        sql`(${discountCodes.maxUses} is null or ${discountCodes.uses} < ${discountCodes.maxUses})`,
      ),
    )
    .returning({ id: discountCodes.id });
  return taken.length > 0;
}

async function giveUseBack(tx: Tx, codeId: string) {
  await tx
    .update(discountCodes)
    .set({ uses: sql`greatest(0, ${discountCodes.uses} - 1)` })
    .where(eq(discountCodes.id, codeId));
}

/** An expired or cancelled hold gives its code's use back. */
export async function releaseDiscountUse(tx: Tx, order: OrderRow) {
  if (order.discountCodeId) await giveUseBack(tx, order.discountCodeId);
}

/** A late payment re-takes the seats and the code it paid with (counted even past max_uses: it was paid). */
export async function retakeDiscountUse(tx: Tx, order: OrderRow) {
  if (!order.discountCodeId) return;
  await tx
    .update(discountCodes)
    .set({
      uses: sql`least(${discountCodes.uses} + 1, coalesce(${discountCodes.maxUses}, ${discountCodes.uses} + 1))`,
    })
    .where(eq(discountCodes.id, order.discountCodeId));
}

/**
 * New quantities for a hold that has a code: the discount is recomputed; a code that no longer
 * applies is dropped and its use given back.
 */
export async function discountForItems(tx: Tx, order: OrderRow, lines: LineForDiscount[]) {
  const none = { code: null, codeId: null, discountKobo: 0 };
  if (!order.discountCodeId) return none;
  const [code] = await tx.select().from(discountCodes).where(eq(discountCodes.id, order.discountCodeId));
  const amount = code ? discountKobo(code, lines) : 0;
  if (!code || amount === 0) {
    await giveUseBack(tx, order.discountCodeId);
    return none;
  }
  return { code: order.discountCode, codeId: code.id, discountKobo: amount };
}

/** POST /api/orders/:id/discount: validates the code against the event's codes and applies it. */
export async function applyDiscount(deps: CheckoutDeps, orderId: string, typed: string): Promise<Order> {
  const row = await deps.db.transaction(async (tx) => {
    const order = await findOrder(tx, orderId, true);
    if (!order) throw new HttpError(404, MESSAGES.orderNotFound);
    if (order.status !== 'reserved' || order.expiresAt.getTime() <= Date.now()) {
      throw new HttpError(409, MESSAGES.holdEnded);
    }
    const [code] = await tx
      .select()
      .from(discountCodes)
      .where(
        and(eq(discountCodes.eventId, order.eventId), sql`lower(${discountCodes.code}) = lower(${typed})`),
      )
      .limit(1);
    if (!code) throw new HttpError(400, MESSAGES.discountUnknown);
    const lines = await itemsOf(tx, [order.id]);
    const why = refusal(code, lines, Date.now());
    if (why) throw new HttpError(400, why);
    if (order.discountCodeId !== code.id) {
      if (!(await takeUse(tx, code.id))) throw new HttpError(400, MESSAGES.discountUsedUp);
      if (order.discountCodeId) await giveUseBack(tx, order.discountCodeId);
    }
    const totals = orderTotalsKobo(order.subtotalKobo, discountKobo(code, lines), order.feesAbsorbed);
    // A payment started at the old total no longer pays for the order (payments/coverage.ts).
    if (order.discountCodeId !== code.id || order.totalKobo !== totals.totalKobo) {
      await voidPendingAttempts(tx, order.id);
    }
    await updateOrder(tx, order.id, { ...totals, discountCode: code.code, discountCodeId: code.id });
    return (await findOrder(tx, order.id)) as OrderRow;
  });
  return presentOrder(deps.db, row, 'buyer');
}

/** DELETE /api/orders/:id/discount: takes the code off and gives its use back. */
export async function removeDiscount(deps: CheckoutDeps, orderId: string): Promise<Order> {
  const row = await deps.db.transaction(async (tx) => {
    const order = await findOrder(tx, orderId, true);
    if (!order) throw new HttpError(404, MESSAGES.orderNotFound);
    if (order.status !== 'reserved') throw new HttpError(409, MESSAGES.notReserved);
    if (order.discountCodeId) {
      await voidPendingAttempts(tx, order.id);
      await giveUseBack(tx, order.discountCodeId);
      await updateOrder(tx, order.id, {
        ...orderTotalsKobo(order.subtotalKobo, 0, order.feesAbsorbed),
        discountCode: null,
        discountCodeId: null,
      });
    }
    return (await findOrder(tx, order.id)) as OrderRow;
  });
  return presentOrder(deps.db, row, 'buyer');
}
