import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import * as z from 'zod/mini';
import {
  asCents,
  claimedCents,
  formatCents,
  formatCount,
  fromCents,
  multiplyCents,
  parseCents,
  readWholeAmountEntry,
  sumCents,
  toCents,
} from './money';
import { ClaimedTotalCents, PriceTextCents, UsdCents } from './schemas/money';
import { purchaseRequestJson } from './schemas/purchase-request.fixture';
import { PurchaseRequest } from './schemas/purchases';

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

  it('when any amount of cents is written and read back, then it is the same amount', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000_000 }), (n) => {
        const text = formatCents(asCents(n));
        expect(parseCents(text)).toBe(n);
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

describe('formatting', () => {
  it('when formatting any amount, then the text is what Intl en-US gives', () => {
    const cents = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    const whole = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
    fc.assert(
      fc.property(
        fc.integer({ min: -100_000_000_000, max: 100_000_000_000 }),
        fc.double({ min: 0, max: 1e12, noNaN: true }),
        (n, amount) => {
          const text = `$${cents.format(Math.abs(n) / 100)}`;
          expect(formatCents(asCents(n))).toBe(n < 0 ? text.replace('$', '$-') : text);
          expect(formatCount(amount)).toBe(whole.format(Math.round(amount) === 0 ? 0 : Math.round(amount)));
        },
      ),
      { numRuns: 20_000 },
    );
    expect([
      formatCents(asCents(0)),
      formatCents(asCents(100_000)),
      formatCents(asCents(100_000_000)),
      formatCount(12_000),
      formatCount(999),
    ]).toEqual(['$0.00', '$1,000.00', '$1,000,000.00', '12,000', '999']);
  });
});

describe("the API's money read at the edge", () => {
  it.each([
    [2.99, 299],
    [0.1 + 0.2, 30],
    [1234.5, 123450],
    [0, 0],
  ])('when the API writes %s dollars, then the app reads %s cents', (usd, cents) => {
    expect(z.parse(UsdCents, usd)).toBe(cents);
  });

  it.each([
    ['$2.99', 299],
    ['$1,200.50', 120050],
    ['$0.04', 4],
  ])('when the API writes the price %j, then the app reads %s cents', (text, cents) => {
    expect(z.parse(PriceTextCents, text)).toBe(cents);
  });

  it('when a price text is not a price, then reading it fails rather than guessing', () => {
    expect(z.safeParse(PriceTextCents, 'n/a').success).toBe(false);
    expect(z.safeParse(UsdCents, '2.99').success).toBe(false);
  });

  it('when a request of many $2.99 lines arrives, then its lines and total are cents and the sum of its lines is exact', () => {
    const items = Array.from({ length: 1000 }, (_, index) => ({
      id: `i${index}`,
      name: 'Glock',
      category: 'Weapons',
      price: '$2.99',
      quantity: 3,
    }));
    const request = PurchaseRequest.parse(
      purchaseRequestJson({
        items,
        totalPrice: 8970,
        totalItems: 3000,
        createdAt: '2026-01-01T00:00:00.000Z',
        creditApplied: 2.99,
        amountDue: 8967.01,
      }),
    );
    expect(request.items[0].price).toBe(299);
    expect(sumCents(request.items.map((item) => multiplyCents(item.price, item.quantity)))).toBe(request.totalPrice);
    expect([request.totalPrice, request.creditApplied, request.amountDue]).toEqual([897_000, 299, 896_701]);
  });

  it('when a client claims a total, then it is read in cents as claimed, not rounded', () => {
    expect(z.parse(ClaimedTotalCents, '$11.055')).toBeCloseTo(1105.5, 9);
    expect(z.parse(ClaimedTotalCents, 11.07)).toBeCloseTo(1107, 9);
    expect(z.parse(ClaimedTotalCents, 'free')).toBeNaN();
    expect(claimedCents('$1,200.50')).toBeCloseTo(120_050, 9);
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
