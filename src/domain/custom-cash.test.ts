import { describe, expect, it } from 'vitest';
import {
  CUSTOM_CASH_MAXIMUM,
  customCashAmountFromName,
  customCashName,
  customCashPrice,
  customCashRate,
  customCashSavings,
} from './custom-cash';

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

  it.each([
    ['Custom Cash $500 (deliver $10,000,000)'],
    ['500 Custom Cash and a Glock'],
    ['$1,23 Custom Cash'],
    ['$12.5 Custom Cash'],
    ['-500 Custom Cash'],
  ])('when a line name carries more than an amount (%s), then no amount is read from it', (name) => {
    expect(customCashAmountFromName(name)).toBeNaN();
  });

  it('when the name is written in another capitalisation or without commas, then the amount still reads back', () => {
    expect(customCashAmountFromName('12345 custom cash')).toBe(12_345);
    expect(customCashAmountFromName('  $100,000,000 CUSTOM CASH ')).toBe(100_000_000);
  });

  it('when the amount is above the maximum, not whole, or beyond exact integers, then it has no price', () => {
    expect(customCashPrice(CUSTOM_CASH_MAXIMUM)).toBe(9000);
    expect(customCashPrice(CUSTOM_CASH_MAXIMUM + 1)).toBeNull();
    expect(customCashPrice(500.5)).toBeNull();
    expect(customCashPrice(Number('1234567890123456789012'))).toBeNull();
    expect(customCashRate(Number.NaN)).toBeNull();
  });
});
