import { describe, expect, it } from 'vitest';
import { priceLabel } from '../../src/events/priceLabel';

describe('an event card’s price', () => {
  it('one price for every type: that price, whole Naira without kobo', () => {
    expect(priceLabel(3_500, 3_500)).toBe('₦3,500');
    expect(priceLabel(10.5, 10.5)).toBe('₦10.50');
  });
  it('free, or no tickets yet: Free', () => {
    expect(priceLabel(0, 0)).toBe('Free');
    expect(priceLabel(null, null)).toBe('Free');
  });
  it('types that differ: From the lowest, or Free – the highest', () => {
    expect(priceLabel(10_000, 25_000)).toBe('From ₦10,000');
    expect(priceLabel(0, 5_000)).toBe('Free – ₦5,000');
    expect(priceLabel(7_500.25, 20_000)).toBe('From ₦7,500.25');
  });
});
