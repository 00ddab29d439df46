import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { koboToNaira } from '../../../contract/money';
import type { PromoterFigures } from '../../../contract/promoters';
import type { Tx } from '../../db/query';
import { orderPromoters, orders, payoutAccounts, type promoters, users } from '../../db/schema';
import { commissionAfterRefunds } from './commission';

type Reader = Pick<Tx, 'select'>;

/** Order states whose money was taken: paid, and paid then given back (whose commission is reversed). */
const PAID_ONCE = ['paid', 'refund_due', 'refunded'] as const;

export type PromoterTotals = {
  clicks: number;
  orders: number;
  tickets: number;
  salesKobo: number;
  commissionKobo: number;
  settledKobo: number;
  owedKobo: number;
  reversedKobo: number;
};

const empty = (clicks: number): PromoterTotals => ({
  clicks,
  orders: 0,
  tickets: 0,
  salesKobo: 0,
  commissionKobo: 0,
  settledKobo: 0,
  owedKobo: 0,
  reversedKobo: 0,
});

/**
 * Each promoter's figures from their attributed orders: counts and money only. The query reads no
 * buyer column at all, so nothing a buyer typed can reach a promoter's page.
 */
export async function promoterTotals(
  db: Reader,
  list: { id: string; clicks: number }[],
): Promise<Map<string, PromoterTotals>> {
  const totals = new Map(list.map((p) => [p.id, empty(p.clicks)]));
  if (list.length === 0) return totals;
  const rows = await db
    .select({
      promoterId: orderPromoters.promoterId,
      commissionKobo: orderPromoters.commissionKobo,
      settlement: orderPromoters.settlement,
      status: orders.status,
      paidKobo: sql<number>`${orders.subtotalKobo} - ${orders.discountKobo}`.mapWith(Number),
      liveTickets:
        sql<number>`(select coalesce(sum(i.quantity - i.refunded_quantity), 0) from order_items i where i.order_id = ${orders.id})`.mapWith(
          Number,
        ),
      refundedKobo:
        sql<number>`(select coalesce(sum(r.amount_kobo), 0) from order_refunds r where r.order_id = ${orders.id})`.mapWith(
          Number,
        ),
    })
    .from(orderPromoters)
    .innerJoin(orders, eq(orders.id, orderPromoters.orderId))
    .where(
      and(
        inArray(
          orderPromoters.promoterId,
          list.map((p) => p.id),
        ),
        inArray(orders.status, [...PAID_ONCE]),
      ),
    );
  for (const row of rows) {
    const t = totals.get(row.promoterId);
    if (!t) continue;
    const whole = row.status !== 'paid';
    const net = commissionAfterRefunds(row.commissionKobo, row.paidKobo, row.refundedKobo, whole);
    t.orders += 1;
    t.tickets += whole ? 0 : row.liveTickets;
    t.salesKobo += whole ? 0 : Math.max(0, row.paidKobo - row.refundedKobo);
    t.commissionKobo += net;
    t.reversedKobo += row.commissionKobo - net;
    if (row.settlement === 'split') t.settledKobo += net;
    else t.owedKobo += net;
  }
  return totals;
}

export function figuresToWire(t: PromoterTotals): PromoterFigures {
  return {
    clicks: t.clicks,
    orders: t.orders,
    tickets: t.tickets,
    salesNaira: koboToNaira(t.salesKobo),
    commissionNaira: koboToNaira(t.commissionKobo),
    settledNaira: koboToNaira(t.settledKobo),
    owedNaira: koboToNaira(t.owedKobo),
    reversedNaira: koboToNaira(t.reversedKobo),
  };
}

/**
 * The payout subaccounts of promoters' own accounts, by promoter email (lowercase): only a verified
 * email's account, and only one the current provider holds, can take a split.
 */
export async function promoterSubaccounts(
  db: Reader,
  emails: string[],
  mode: 'paystack' | 'test',
): Promise<Map<string, string>> {
  if (emails.length === 0) return new Map();
  const rows = await db
    .select({ email: sql<string>`lower(${users.email})`, code: payoutAccounts.subaccountCode })
    .from(users)
    .innerJoin(payoutAccounts, eq(payoutAccounts.userId, users.id))
    .where(
      and(
        inArray(
          sql`lower(${users.email})`,
          emails.map((e) => e.toLowerCase()),
        ),
        isNotNull(users.emailVerifiedAt),
        isNotNull(payoutAccounts.subaccountCode),
        eq(payoutAccounts.providerMode, mode),
      ),
    );
  return new Map(rows.map((r) => [r.email, r.code as string]));
}

export type PromoterRow = typeof promoters.$inferSelect;
