import { describe, expect, it } from 'vitest';
import { describeCreditEntry, missedPromiseCredit } from './promise';

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

describe('describeCreditEntry (issue 47.5)', () => {
  it('when the super admin upheld a no-show dispute, then its credit is named for the dispute, not a missed time', () => {
    expect(describeCreditEntry({ kind: 'missed-drop', createdBy: 'admin' })).toBe('No-show dispute upheld (drop)');
    expect(describeCreditEntry({ kind: 'missed-pickup', createdBy: 'admin' })).toBe('No-show dispute upheld (pickup)');
    expect(describeCreditEntry({ kind: 'missed-drop', createdBy: null })).toBe('Missed drop time');
    expect(describeCreditEntry({ kind: 'adjustment', createdBy: 'admin' })).toBe('Adjusted by the store');
  });
});
