import { describe, expect, it } from 'vitest';
import { fromCents, missedPromiseCredit, toCents } from './promise';

describe('the promise credit', () => {
  it.each([
    [450, 113], // $4.50 → $1.125 → $1.13 (halves up)
    [400, 100],
    [1, 0], // a quarter of a cent rounds to nothing
    [2, 1], // half a cent rounds up
    [999_999_999, 250_000_000],
    [0, 0],
    [-5, 0],
  ])('when the order is %i cents, then the credit is %i cents', (base, credit) => {
    expect(missedPromiseCredit(base)).toBe(credit);
  });

  it('when dollars become cents and back, then nothing is lost to floating point', () => {
    expect(toCents(4.5)).toBe(450);
    expect(toCents(0.1 + 0.2)).toBe(30);
    expect(toCents(19.99)).toBe(1999);
    expect(toCents(2.675)).toBe(268);
    expect(toCents(-1.13)).toBe(-113);
    expect(fromCents(113)).toBe(1.13);
    expect(fromCents(toCents(12345.67))).toBe(12345.67);
  });
});
