import { describe, expect, it } from 'vitest';
import { Quantity } from './schemas/common';
import * as z from 'zod/mini';
import { clampQuantity, isAllowedQuantity, MAX_QUANTITY, parseQuantity, QUANTITY_RANGE_TEXT, QUANTITY_TOO_LARGE_TEXT } from './quantity';

describe('parseQuantity', () => {
  it('when a quantity is typed, then only integers above 0 are accepted', () => {
    expect(parseQuantity('3')).toBe(3);
    expect(parseQuantity(' 12 ')).toBe(12);
    for (const bad of ['0', '-1', '1.5', '', 'abc', '1e3']) expect(parseQuantity(bad)).toBeNull();
  });
});

describe('the maximum quantity', () => {
  it('when a quantity is checked, then the inputs and the server schema agree on 1 to 1,000,000', () => {
    expect(MAX_QUANTITY).toBe(1_000_000);
    expect(QUANTITY_RANGE_TEXT).toBe('From 1 to 1,000,000');
    for (const [quantity, allowed] of [
      [1, true],
      [MAX_QUANTITY, true],
      [MAX_QUANTITY + 1, false],
      [0, false],
      [2.5, false],
    ] as const) {
      expect(isAllowedQuantity(quantity)).toBe(allowed);
      expect(z.safeParse(Quantity, quantity).success).toBe(allowed);
    }
    const refused = z.safeParse(Quantity, MAX_QUANTITY + 1);
    expect(refused.error?.issues[0]?.message).toBe(QUANTITY_TOO_LARGE_TEXT);
    expect(QUANTITY_TOO_LARGE_TEXT).toBe('Quantity must be at most 1,000,000');
  });

  it('when a quantity is clamped, then it stays between 1 and the maximum', () => {
    expect([clampQuantity(0), clampQuantity(7), clampQuantity(MAX_QUANTITY + 1)]).toEqual([1, 7, MAX_QUANTITY]);
  });
});
