import { describe, expect, it } from 'vitest';
import { missedPromiseCredit } from './promise';

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
});
