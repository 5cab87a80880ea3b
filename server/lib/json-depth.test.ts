import { describe, expect, it } from 'vitest';
import { jsonDepth } from './json-depth';

function nested(levels: number): unknown {
  let value: unknown = 1;
  for (let i = 0; i < levels; i++) value = i % 2 ? { a: value } : [value];
  return value;
}

describe('jsonDepth', () => {
  it('when the value is a scalar, then its depth is 0', () => {
    expect(jsonDepth('x')).toBe(0);
    expect(jsonDepth(null)).toBe(0);
  });

  it('when objects and arrays nest, then each level counts once', () => {
    expect(jsonDepth({ a: 1 })).toBe(1);
    expect(jsonDepth({ lines: [{ item: { name: 'Glock' } }] })).toBe(4);
    expect(jsonDepth(nested(40))).toBe(40);
  });

  it('when a body nests 100,000 levels, then it is measured without a stack overflow', () => {
    expect(jsonDepth(nested(100_000))).toBe(100_000);
  });

  it('when a limit is given, then the walk stops just past it', () => {
    expect(jsonDepth(nested(1000), 32)).toBe(33);
  });
});
