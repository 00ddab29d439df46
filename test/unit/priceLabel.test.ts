import { describe, expect, it } from 'vitest';
import { buyerPaysNaira, feeOnTopNaira } from '../../contract/fees';
import { priceLabel, priceWithFees } from '../../src/events/priceLabel';

describe('an event card’s price, where the organiser absorbs the fee (all-in)', () => {
  it('one price for every type: that price, whole Naira without kobo', () => {
    expect(priceLabel(3_500, 3_500, 'absorbed')).toBe('₦3,500');
    expect(priceLabel(10.5, 10.5, 'absorbed')).toBe('₦10.50');
  });
  it('free, or no tickets yet: Free', () => {
    expect(priceLabel(0, 0, 'absorbed')).toBe('Free');
    expect(priceLabel(null, null, 'absorbed')).toBe('Free');
  });
  it('types that differ: From the lowest, or Free – the highest', () => {
    expect(priceLabel(10_000, 25_000, 'absorbed')).toBe('From ₦10,000');
    expect(priceLabel(0, 5_000, 'absorbed')).toBe('Free – ₦5,000');
    expect(priceLabel(7_500.25, 20_000, 'absorbed')).toBe('From ₦7,500.25');
  });
});

describe('an event card’s price, where the buyer pays the fee (1.5 %, on top)', () => {
  it('says the fee beside the price, from the first screen', () => {
    expect(priceLabel(10_000, 10_000, 'buyer')).toBe('₦10,000 + ₦150 fees');
    expect(priceLabel(3_500, 3_500, 'buyer')).toBe('₦3,500 + ₦52.50 fees');
    expect(priceLabel(10_000, 25_000, 'buyer')).toBe('From ₦10,000 + ₦150 fees');
    expect(priceLabel(0, 5_000, 'buyer')).toBe('Free – ₦5,000 + ₦75 fees');
    expect(priceLabel(0, 0, 'buyer')).toBe('Free');
  });
  it('one ticket’s price and fee add up to what one ticket is charged', () => {
    expect(priceWithFees(10_000, 'buyer')).toBe('₦10,000 + ₦150 fees');
    expect(feeOnTopNaira(10_000, 'buyer')).toBe(150);
    expect(buyerPaysNaira(10_000, 'buyer')).toBe(10_150);
    expect(buyerPaysNaira(10_000, 'absorbed')).toBe(10_000);
    expect(buyerPaysNaira(0.01, 'buyer')).toBe(0.01); // 1.5 % of 1 kobo rounds to nothing
    expect(buyerPaysNaira(0, 'buyer')).toBe(0);
  });
});
