import { describe, expect, it } from 'vitest';
import { asCents } from '@/domain/money';
import { creditSplit } from './credit-split';

describe('creditSplit', () => {
  it('when the balance is below the total, then all of it is used and the rest is due, to the cent', () => {
    expect(creditSplit(asCents(2710), asCents(375), true)).toEqual({ applied: 375, due: 2335 });
    expect(creditSplit(asCents(30), asCents(10), true)).toEqual({ applied: 10, due: 20 });
  });

  it('when the balance covers the total, then nothing is due', () => {
    expect(creditSplit(asCents(500), asCents(1250), true)).toEqual({ applied: 500, due: 0 });
  });

  it('when credit is not applied or there is none, then the whole total is due', () => {
    expect(creditSplit(asCents(2700), asCents(375), false)).toEqual({ applied: 0, due: 2700 });
    expect(creditSplit(asCents(2700), asCents(0), true)).toEqual({ applied: 0, due: 2700 });
  });
});
