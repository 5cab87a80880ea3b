import { describe, expect, it } from 'vitest';
import { backoffDelay, createBackoff } from './backoff';

describe('backoffDelay', () => {
  it('when tries follow one another, then each waits twice the one before, from the first wait', () => {
    const policy = { firstMs: 100, maxMs: 60_000 };
    expect([0, 1, 2, 3].map((attempt) => backoffDelay(policy, attempt))).toEqual([100, 200, 400, 800]);
  });

  it('when the doubled wait would pass the longest, then it is the longest', () => {
    const policy = { firstMs: 1_000, maxMs: 15_000 };
    expect([3, 4, 5, 40].map((attempt) => backoffDelay(policy, attempt))).toEqual([8_000, 15_000, 15_000, 15_000]);
  });
});

describe('createBackoff', () => {
  it('when asked again and again, then it gives the doubling waits up to the longest', () => {
    const backoff = createBackoff({ firstMs: 100, maxMs: 5_000 });
    expect(Array.from({ length: 8 }, () => backoff.next())).toEqual([100, 200, 400, 800, 1_600, 3_200, 5_000, 5_000]);
  });

  it('when reset, then the next wait is the first again', () => {
    const backoff = createBackoff({ firstMs: 1_000, maxMs: 15_000 });
    backoff.next();
    backoff.next();
    backoff.reset();
    expect([backoff.next(), backoff.next()]).toEqual([1_000, 2_000]);
  });
});
