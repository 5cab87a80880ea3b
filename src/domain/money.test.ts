import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  asCents,
  formatCents,
  formatCount,
  formatUsd,
  formatUsdPrecise,
  fromCents,
  multiplyCents,
  parseCents,
  parsePrice,
  readWholeAmountEntry,
  roundCents,
  sumCents,
  toCents,
} from './money';

describe('Cents', () => {
  it.each([
    ['$2.99', 299],
    ['$1,200.50', 120050],
    ['19.99', 1999],
    [' $0.04 ', 4],
    ['$.5', 50],
    ['$2.675', 268],
    ['$0.009', 1],
    [3, 300],
    [2.675, 268],
    [0.1 + 0.2, 30],
  ])('when reading %j, then it is %s cents', (price, cents) => {
    expect(parseCents(price)).toBe(cents);
  });

  it.each(['', 'abc', '$', '$-1', '2.99$', -1, Number.NaN, Number.POSITIVE_INFINITY])(
    'when reading %j, then it is not a price',
    (price) => {
      expect(parseCents(price)).toBeNull();
    },
  );

  it('when any amount of cents is written and read back, then it is the same amount, and the text is what formatUsd writes', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000_000 }), (n) => {
        const text = formatCents(asCents(n));
        expect(parseCents(text)).toBe(n);
        expect(text).toBe(formatUsd(n / 100));
        expect(toCents(fromCents(n))).toBe(n);
      }),
      { numRuns: 2_000 },
    );
    expect([formatCents(asCents(0)), formatCents(asCents(299)), formatCents(asCents(123450)), formatCents(asCents(-5))]).toEqual([
      '$0.00',
      '$2.99',
      '$1,234.50',
      '$-0.05',
    ]);
  });

  it('when summing and multiplying, then there is no float drift', () => {
    const tenCents = asCents(10);
    expect(sumCents([tenCents, asCents(20)])).toBe(30);
    expect(fromCents(sumCents([tenCents, asCents(20)]))).toBe(0.3);
    expect(multiplyCents(asCents(69), 3)).toBe(207);
    expect(sumCents(Array.from({ length: 1000 }, () => tenCents))).toBe(10_000);
    expect(sumCents([])).toBe(0);
  });

  it('when a fraction of a cent is branded, then it is refused', () => {
    expect(() => asCents(2.5)).toThrow(RangeError);
    expect(() => asCents(Number.NaN)).toThrow(RangeError);
    expect(asCents(-3)).toBe(-3);
  });

  it('when dollars become cents and back, then nothing is lost to floating point', () => {
    expect(toCents(4.5)).toBe(450);
    expect(toCents(0.1 + 0.2)).toBe(30);
    expect(toCents(19.99)).toBe(1999);
    expect(toCents(-1.13)).toBe(-113);
    expect(fromCents(113)).toBe(1.13);
    expect(fromCents(toCents(12345.67))).toBe(12345.67);
    expect(toCents(2.675)).toBe(268);
    expect(toCents(1.005)).toBe(101);
    expect(toCents(-0.015)).toBe(-2);
    expect(toCents(Number.NaN)).toBeNaN();
    expect(fromCents(268)).toBe(2.68);
  });
});

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
