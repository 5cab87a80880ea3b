import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formatCount, formatUsd, formatUsdPrecise, parsePrice, readWholeAmountEntry, roundCents } from './money';

describe('price strings', () => {
  it.each([
    ['$2.99', 2.99],
    ['$1,200.50', 1200.5],
    ['19.99', 19.99],
    [' $0.04 ', 0.04],
    [3, 3],
  ])('when reading %s, then it is %s', (text, value) => {
    expect(parsePrice(text)).toBe(value);
  });

  it.each(['', 'abc', '$', '$-1', '2.99$'])('when reading %j, then it is not a price', (text) => {
    expect(parsePrice(text)).toBeNaN();
  });

  it('when formatting, then cents are rounded and thousands separated', () => {
    expect(formatUsd(2.99)).toBe('$2.99');
    expect(formatUsd(1234.5)).toBe('$1,234.50');
    expect(roundCents(1.005)).toBe(1.01);
    expect(roundCents(0.1 + 0.2)).toBe(0.3);
  });

  it('when formatting any amount, then the text is what Intl en-US gives', () => {
    const cents = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    const whole = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
    const amounts = fc.oneof(
      fc.integer({ min: -1_000_000_000, max: 1_000_000_000 }).map((n) => n / 100),
      fc.double({ min: 0, max: 1e12, noNaN: true }),
    );
    fc.assert(
      fc.property(amounts, (amount) => {
        const rounded = roundCents(amount);
        expect(formatUsd(amount)).toBe(`$${cents.format(rounded === 0 ? 0 : rounded)}`);
        expect(formatCount(amount)).toBe(whole.format(Math.round(amount) === 0 ? 0 : Math.round(amount)));
      }),
      { numRuns: 20_000 },
    );
    expect([formatUsd(0), formatUsd(999.999), formatUsd(1_000_000), formatCount(12_000), formatCount(999), formatCount(1_234_567)]).toEqual(
      ['$0.00', '$1,000.00', '$1,000,000.00', '12,000', '999', '1,234,567'],
    );
  });
});

describe('formatUsdPrecise', () => {
  it.each([
    [0.009, '$0.009'],
    [0.0225, '$0.0225'],
    [0.15 * 0.15, '$0.0225'],
    [18 * 0.15, '$2.70'],
    [0, '$0.00'],
    [1234.5, '$1,234.50'],
  ])('when the amount is %s, then it reads %s', (value, text) => {
    expect(formatUsdPrecise(value)).toBe(text);
  });

  it('when an amount has whole cents, then it reads as formatUsd does', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 100_000_000 }), (cents) => formatUsdPrecise(cents / 100) === formatUsd(cents / 100)));
  });
});

describe('readWholeAmountEntry', () => {
  it.each([
    ['', { kind: 'empty' }],
    ['000', { kind: 'empty' }],
    ['75,000', { kind: 'amount', amount: 75_000 }],
    ['$ 1 000 000', { kind: 'amount', amount: 1_000_000 }],
    ['500.5', { kind: 'fraction' }],
    ['500.', { kind: 'fraction' }],
    ['1,000.00', { kind: 'fraction' }],
  ])('when %j is typed, then it reads as %j', (text, entry) => {
    expect(readWholeAmountEntry(text)).toEqual(entry);
  });
});
