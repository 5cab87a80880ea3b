import { describe, expect, it } from 'vitest';
import { creditSplit } from './credit-split';

describe('creditSplit', () => {
  it('when the balance is below the total, then all of it is used and the rest is due, to the cent', () => {
    expect(creditSplit(27.1, 3.75, true)).toEqual({ applied: 3.75, due: 23.35 });
    expect(creditSplit(0.3, 0.1, true)).toEqual({ applied: 0.1, due: 0.2 });
  });

  it('when the balance covers the total, then nothing is due', () => {
    expect(creditSplit(5, 12.5, true)).toEqual({ applied: 5, due: 0 });
  });

  it('when credit is not applied or there is none, then the whole total is due', () => {
    expect(creditSplit(27, 3.75, false)).toEqual({ applied: 0, due: 27 });
    expect(creditSplit(27, 0, true)).toEqual({ applied: 0, due: 27 });
  });
});
