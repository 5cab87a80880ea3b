import { describe, expect, it } from 'vitest';
import { parseQuantity } from './quantity';

describe('parseQuantity', () => {
  it('when a quantity is typed, then only integers above 0 are accepted', () => {
    expect(parseQuantity('3')).toBe(3);
    expect(parseQuantity(' 12 ')).toBe(12);
    for (const bad of ['0', '-1', '1.5', '', 'abc', '1e3']) expect(parseQuantity(bad)).toBeNull();
  });
});
