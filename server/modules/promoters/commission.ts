import { koboToNaira, nairaToKobo } from '../../../contract/money';
import type { CommissionRule } from '../../../contract/promoters';
import type { CommissionRuleRow } from '../../db/schema';

/**
 * The commission arithmetic (decision 064), in integer kobo, free of the database so it is tested
 * on its own. A promoter earns on what the order's tickets were actually paid: each line's price
 * times its quantity less the line's share of the discount, never the service fee. A percentage is
 * of that; an amount per ticket is per seat, capped at what the seat was paid.
 */

export type CommissionLine = { ticketTypeId: string; quantity: number; unitPriceKobo: number };
export type CommissionRules = { base: CommissionRuleRow; perType: Record<string, CommissionRuleRow> };

/** Wire rule (percent or Naira) → stored rule (basis points or kobo). */
export function ruleToRow(rule: CommissionRule): CommissionRuleRow {
  return rule.kind === 'percent'
    ? { kind: 'percent', value: Math.round(rule.value * 100) }
    : { kind: 'flat', value: nairaToKobo(rule.value) };
}

export function ruleToWire(row: CommissionRuleRow): CommissionRule {
  return { kind: row.kind, value: row.kind === 'percent' ? row.value / 100 : koboToNaira(row.value) };
}

/** Each line's paid amount: price × quantity less its share of the order's discount (largest share last, so the shares sum to the discount). */
export function paidPerLine(lines: CommissionLine[], subtotalKobo: number, discountKobo: number): number[] {
  const gross = lines.map((l) => l.unitPriceKobo * l.quantity);
  if (subtotalKobo <= 0 || discountKobo <= 0) return gross;
  let given = 0;
  return gross.map((g, i) => {
    const share =
      i === lines.length - 1 ? discountKobo - given : Math.floor((discountKobo * g) / subtotalKobo);
    given += share;
    return Math.max(0, g - share);
  });
}

/** The commission an order earns when paid, before any refund. */
export function orderCommissionKobo(
  lines: CommissionLine[],
  subtotalKobo: number,
  discountKobo: number,
  rules: CommissionRules,
): number {
  const paid = paidPerLine(lines, subtotalKobo, discountKobo);
  let total = 0;
  for (const [i, line] of lines.entries()) {
    const rule = rules.perType[line.ticketTypeId] ?? rules.base;
    const linePaid = paid[i] ?? 0;
    total +=
      rule.kind === 'percent'
        ? Math.round((linePaid * rule.value) / 10_000)
        : Math.min(linePaid, rule.value * line.quantity);
  }
  return total;
}

/**
 * What is left of a commission after refunds: it shrinks in the proportion the ticket money was
 * given back (a partial refund of one seat of three takes a third of a flat commission back), and is
 * nothing once the order is refunded whole or due a refund. `paidKobo` is what the tickets were paid
 * (subtotal less discount); refunds above it (fees given back too) cannot take more than all.
 */
export function commissionAfterRefunds(
  commissionKobo: number,
  paidKobo: number,
  refundedKobo: number,
  wholeOrderRefunded: boolean,
): number {
  if (wholeOrderRefunded || paidKobo <= 0) return 0;
  const kept = Math.max(0, paidKobo - refundedKobo);
  return Math.floor((commissionKobo * kept) / paidKobo);
}
