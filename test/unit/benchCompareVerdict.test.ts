import { describe, expect, it } from 'vitest';
import { compareRates, compareWeight } from '../../bench/compare/verdict';

describe('bench:compare verdicts', () => {
  it('calls a steady 30 % drop slower, and fails it past the 15 % allowed', () => {
    const v = compareRates([100, 110, 90], [70, 76, 64], 0.15);
    expect(v.verdict).toBe('slower');
    expect(v.ratio).toBeCloseTo(0.7, 2);
    expect(v.fails).toBe(true);
  });

  it('lets a drop within the measured noise pass', () => {
    const v = compareRates([100, 100, 100], [80, 118, 97], 0.15);
    expect(v.verdict).toBe('same within noise');
    expect(v.fails).toBe(false);
  });

  it('does not fail a real drop smaller than the allowed one', () => {
    const v = compareRates([100, 100, 100], [90, 91, 89], 0.15);
    expect(v.verdict).toBe('slower');
    expect(v.fails).toBe(false);
  });

  it('calls a large drop that the noise could explain inconclusive, not a pass', () => {
    const v = compareRates([100, 100, 100], [60, 80, 100], 0.15);
    expect(v.verdict).toBe('inconclusive');
    expect(v.fails).toBe(false);
  });

  it('calls a steady gain faster', () => {
    expect(compareRates([100, 100, 100], [120, 125, 122], 0.15).verdict).toBe('faster');
  });

  it('fails a page that gains more than 2 KiB of JS on the wire, not one that gains less', () => {
    expect(compareWeight(80, 82.5, 2).fails).toBe(true);
    expect(compareWeight(80, 81.9, 2).fails).toBe(false);
    expect(compareWeight(80, 70, 2).fails).toBe(false);
  });
});
