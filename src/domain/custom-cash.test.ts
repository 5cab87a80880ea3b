import { describe, expect, it } from 'vitest';
import { customCashAmountFromName, customCashName, customCashPrice, customCashRate, customCashSavings } from './custom-cash';

describe('custom cash pricing (spec §9)', () => {
  it.each([
    [499, null, null],
    [500, 0.0002491667, 0.12],
    [24_999, 0.0002491667, 6.23],
    [25_000, 0.0001996, 4.99],
    [49_999, 0.0001996, 9.98],
    [50_000, 0.00019, 9.5],
    [99_999, 0.00019, 19],
    [100_000, 0.0001799, 17.99],
    [499_999, 0.0001799, 89.95],
    [500_000, 0.00009998, 49.99],
    [999_999, 0.00009998, 99.98],
    [1_000_000, 0.00009, 90],
    [2_500_000, 0.00009, 225],
  ])('when the amount is %i, then the rate is %s and the price %s', (amount, rate, price) => {
    expect(customCashRate(amount)).toBe(rate);
    expect(customCashPrice(amount)).toBe(price);
  });

  it('when the amount is not a whole number, then it has no price', () => {
    expect(customCashPrice(1000.5)).toBeNull();
    expect(customCashPrice(Number.NaN)).toBeNull();
  });

  it.each([
    [999_999, null],
    [1_000_000, 9.98],
    [2_000_000, 19.96],
  ])('when the amount is %i, then the savings against the $500,000 pack are %s', (amount, savings) => {
    expect(customCashSavings(amount)).toBe(savings);
  });

  it('when a line name is made from an amount, then the amount reads back from it', () => {
    expect(customCashName(12_345)).toBe('$12,345 Custom Cash');
    expect(customCashAmountFromName('$12,345 Custom Cash')).toBe(12_345);
    expect(customCashAmountFromName('Custom Cash')).toBeNaN();
  });
});
