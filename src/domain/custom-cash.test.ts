import { describe, expect, it } from 'vitest';
import {
  CUSTOM_CASH_MAXIMUM,
  customCashAmountFromName,
  customCashName,
  customCashPrice,
  customCashRate,
  customCashSavings,
} from './custom-cash';

describe('custom cash pricing by amount', () => {
  it.each([
    [499, null, null],
    [500, 0.0002491667, 12],
    [24_999, 0.0002491667, 623],
    [25_000, 0.0001996, 499],
    [49_999, 0.0001996, 998],
    [50_000, 0.00019, 950],
    [99_999, 0.00019, 1900],
    [100_000, 0.0001799, 1799],
    [499_999, 0.0001799, 8995],
    [500_000, 0.00009998, 4999],
    [999_999, 0.00009998, 9998],
    [1_000_000, 0.00009, 9000],
    [2_500_000, 0.00009, 22_500],
  ])('when the amount is %i, then the rate is %s and the price %s cents', (amount, rate, price) => {
    expect(customCashRate(amount)).toBe(rate);
    expect(customCashPrice(amount)).toBe(price);
  });

  it('when the amount is not a whole number, then it has no price', () => {
    expect(customCashPrice(1000.5)).toBeNull();
    expect(customCashPrice(Number.NaN)).toBeNull();
  });

  it.each([
    [999_999, null],
    [1_000_000, 998],
    [2_000_000, 1996],
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
    expect(customCashPrice(CUSTOM_CASH_MAXIMUM)).toBe(900_000);
    expect(customCashPrice(CUSTOM_CASH_MAXIMUM + 1)).toBeNull();
    expect(customCashPrice(500.5)).toBeNull();
    expect(customCashPrice(Number('1234567890123456789012'))).toBeNull();
    expect(customCashRate(Number.NaN)).toBeNull();
  });
});
