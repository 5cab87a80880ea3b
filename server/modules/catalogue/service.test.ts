import { describe, expect, it } from 'vitest';
import { weightedMedianCents } from './service';

describe('weightedMedianCents (the value card’s median sale price, per unit)', () => {
  it('is null when nothing sold', () => {
    expect(weightedMedianCents([])).toBeNull();
  });

  it('counts each unit: 3 sold at $4 and 1 at $10 have a median of $4', () => {
    expect(
      weightedMedianCents([
        { quantity: 1, unit_cents: 1000 },
        { quantity: 3, unit_cents: 400 },
      ]),
    ).toBe(400);
  });

  it('takes the middle two units’ mean for an even count', () => {
    expect(
      weightedMedianCents([
        { quantity: 1, unit_cents: 200 },
        { quantity: 1, unit_cents: 300 },
      ]),
    ).toBe(250);
    expect(
      weightedMedianCents([
        { quantity: 2, unit_cents: 100 },
        { quantity: 2, unit_cents: 301 },
      ]),
    ).toBe(201);
  });
});
