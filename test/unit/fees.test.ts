import { describe, expect, it } from 'vitest';
import { feeBreakdownKobo, feeBreakdownNaira, serviceFeeKobo } from '../../contract/fees';

describe('Gatepass fee rule', () => {
  it('free tickets carry no fee', () => {
    expect(serviceFeeKobo(0)).toBe(0);
    expect(feeBreakdownNaira(0, 10)).toEqual({ subtotal: 0, fees: 0, total: 0, organiser: 0 });
  });

  it('matches the spec’s summary: ₦1,500 of fees on ₦100,000 of tickets, ₦101,500 in all', () => {
    expect(feeBreakdownNaira(100_000, 1)).toEqual({
      subtotal: 100_000,
      fees: 1_500,
      total: 101_500,
      organiser: 100_000,
    });
    expect(feeBreakdownNaira(5_000, 20)).toEqual({
      subtotal: 100_000,
      fees: 1_500,
      total: 101_500,
      organiser: 100_000,
    });
  });

  it('rounds each ticket’s fee to the nearest kobo, half up, in integers', () => {
    // 1.5 % of ₦8.99 = 13.485 kobo → 13; of ₦10.50 = 15.75 kobo → 16; of ₦1.00 = 1.5 kobo → 2.
    expect(serviceFeeKobo(899)).toBe(13);
    expect(serviceFeeKobo(1050)).toBe(16);
    expect(serviceFeeKobo(100)).toBe(2);
    expect(feeBreakdownKobo(899, 3)).toEqual({
      subtotalKobo: 2697,
      feesKobo: 39,
      totalKobo: 2736,
      organiserKobo: 2697,
    });
  });

  it('rejects amounts that are not whole kobo or quantities that are not whole', () => {
    expect(() => serviceFeeKobo(10.5)).toThrow(RangeError);
    expect(() => serviceFeeKobo(-1)).toThrow(RangeError);
    expect(() => feeBreakdownKobo(100, 1.5)).toThrow(RangeError);
    expect(() => feeBreakdownNaira(1.005, 1)).toThrow(RangeError);
  });
});
