import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { PaymentSplit, PaymentTransactions } from '../../adapters/payments/types';
import type { Database } from '../../db/client';
import type { Tx } from '../../db/query';
import { orderItems, orderPromoters, type orders, promoters } from '../../db/schema';
import { orderCommissionKobo } from './commission';
import { promoterSubaccounts } from './figures';

type OrderRow = typeof orders.$inferSelect;
export type Attribution = { promoter: typeof promoters.$inferSelect; commissionKobo: number };

/**
 * Attributes an order as its buyer pays (decision 064), inside the payment's transaction with the
 * order locked. Of the codes the browser sent, only one of this event's promoters counts (a code of
 * another event's promoter is ignored, never an error: it changes nothing). A new code replaces an
 * earlier one (last link wins); no code keeps the attribution a previous attempt stored. The
 * commission is reckoned again each time, since the order's tickets or discount may have changed,
 * with the promoter's rule as it is now: a changed commission applies to orders paid from then on,
 * and the stored figure is what the order keeps (decision 070). A removed promoter attributes
 * nothing: neither their code nor an earlier attempt's attribution to them counts any more.
 */
export async function attributeOrder(
  tx: Tx,
  order: OrderRow,
  refs: readonly string[] | undefined,
): Promise<Attribution | null> {
  let [promoter] =
    refs && refs.length > 0
      ? await tx
          .select()
          .from(promoters)
          .where(
            and(
              eq(promoters.eventId, order.eventId),
              inArray(promoters.code, [...refs]),
              isNull(promoters.removedAt),
            ),
          )
          .limit(1)
      : [];
  if (!promoter) {
    const [kept] = await tx
      .select({ promoter: promoters })
      .from(orderPromoters)
      .innerJoin(promoters, eq(promoters.id, orderPromoters.promoterId))
      .where(eq(orderPromoters.orderId, order.id))
      .limit(1);
    promoter = kept?.promoter;
    if (promoter?.removedAt) {
      // Removed since an earlier, unpaid attempt: this payment is a new sale, and theirs no longer.
      await tx.delete(orderPromoters).where(eq(orderPromoters.orderId, order.id));
      return null;
    }
  }
  if (!promoter) return null;
  const lines = await tx
    .select({
      ticketTypeId: orderItems.ticketTypeId,
      quantity: orderItems.quantity,
      unitPriceKobo: orderItems.unitPriceKobo,
    })
    .from(orderItems)
    .where(eq(orderItems.orderId, order.id));
  const commissionKobo = orderCommissionKobo(lines, order.subtotalKobo, order.discountKobo, {
    base: { kind: promoter.commissionKind, value: promoter.commissionValue },
    perType: promoter.perType,
  });
  await tx
    .insert(orderPromoters)
    .values({ orderId: order.id, promoterId: promoter.id, commissionKobo, settlement: 'owed' })
    .onConflictDoUpdate({
      target: orderPromoters.orderId,
      set: { promoterId: promoter.id, commissionKobo, settlement: 'owed' },
    });
  return { promoter, commissionKobo };
}

/**
 * The split for a payment whose order a promoter brought: when the promoter's own account has a
 * verified payout subaccount with the current provider, the payment itself pays them — the
 * organiser's subaccount takes the ticket money less the commission, the promoter's the commission,
 * Gatepass keeps the fees. Otherwise no split (the organiser's usual subaccount), and the commission
 * stays 'owed'. The order's attribution row records which it was.
 */
export async function splitFor(
  db: Database,
  payments: Pick<PaymentTransactions, 'mode'>,
  order: OrderRow,
  attribution: Attribution | null,
  organiserSubaccount: string | null,
): Promise<PaymentSplit | null> {
  if (!attribution || attribution.commissionKobo <= 0) return null;
  const email = attribution.promoter.email.toLowerCase();
  const promoterAccount = (await promoterSubaccounts(db, [email], payments.mode)).get(email);
  if (!promoterAccount) return null;
  const organiserShare = Math.max(0, order.totalKobo - order.feesKobo - attribution.commissionKobo);
  const split: PaymentSplit = {
    type: 'flat',
    bearer_type: 'account',
    subaccounts: [
      ...(organiserSubaccount && organiserShare > 0
        ? [{ subaccount: organiserSubaccount, share: organiserShare }]
        : []),
      { subaccount: promoterAccount, share: attribution.commissionKobo },
    ],
  };
  await db.update(orderPromoters).set({ settlement: 'split' }).where(eq(orderPromoters.orderId, order.id));
  return split;
}
