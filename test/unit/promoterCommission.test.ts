import { describe, expect, it } from 'vitest';
import {
  commissionAfterRefunds,
  orderCommissionKobo,
  paidPerLine,
  ruleToRow,
  ruleToWire,
} from '../../server/modules/promoters/commission';

/** The commission arithmetic of decision 064, in kobo, with the expected figures worked out by hand. */
describe('promoter commission', () => {
  const lines = [
    { ticketTypeId: 'regular', quantity: 3, unitPriceKobo: 1_000_000 },
    { ticketTypeId: 'vip', quantity: 1, unitPriceKobo: 2_500_001 },
  ];
  const subtotal = 3 * 1_000_000 + 2_500_001;

  it('shares the discount over the lines so the shares add up to it exactly', () => {
    for (const discount of [0, 1, 333_333, 1_000_000, subtotal]) {
      const paid = paidPerLine(lines, subtotal, discount);
      expect(paid.reduce((a, b) => a + b, 0)).toBe(subtotal - discount);
    }
    expect(paidPerLine(lines, subtotal, 0)).toEqual([3_000_000, 2_500_001]);
  });

  it('a percentage of what each line paid; ₦ per seat capped at what the seat paid; per-type rules win', () => {
    const tenPercent = { base: ruleToRow({ kind: 'percent', value: 10 }), perType: {} };
    expect(orderCommissionKobo(lines, subtotal, 0, tenPercent)).toBe(300_000 + 250_000);
    // Half off: each line paid half.
    expect(orderCommissionKobo(lines, subtotal, Math.floor(subtotal / 2), tenPercent)).toBe(
      150_000 + 125_000,
    );
    const flat = {
      base: ruleToRow({ kind: 'flat', value: 500 }),
      perType: { vip: ruleToRow({ kind: 'flat', value: 2000 }) },
    };
    expect(orderCommissionKobo(lines, subtotal, 0, flat)).toBe(3 * 50_000 + 200_000);
    // A flat commission above what a nearly free seat paid is capped at that.
    const cheap = [{ ticketTypeId: 'regular', quantity: 2, unitPriceKobo: 10_000 }];
    expect(orderCommissionKobo(cheap, 20_000, 0, flat)).toBe(20_000);
  });

  it('refunds take back the share of the ticket money given back; a whole refund takes all', () => {
    expect(commissionAfterRefunds(200_000, 2_000_000, 0, false)).toBe(200_000);
    expect(commissionAfterRefunds(200_000, 2_000_000, 1_000_000, false)).toBe(100_000);
    expect(commissionAfterRefunds(200_000, 2_000_000, 2_030_000, false)).toBe(0);
    expect(commissionAfterRefunds(200_000, 2_000_000, 0, true)).toBe(0);
    expect(commissionAfterRefunds(200_000, 0, 0, false)).toBe(0);
  });

  it('rules go to the database as basis points or kobo and come back as they were typed', () => {
    expect(ruleToRow({ kind: 'percent', value: 12.5 })).toEqual({ kind: 'percent', value: 1250 });
    expect(ruleToRow({ kind: 'flat', value: 1500.5 })).toEqual({ kind: 'flat', value: 150_050 });
    expect(ruleToWire({ kind: 'percent', value: 1250 })).toEqual({ kind: 'percent', value: 12.5 });
    expect(ruleToWire({ kind: 'flat', value: 150_050 })).toEqual({ kind: 'flat', value: 1500.5 });
  });
});
