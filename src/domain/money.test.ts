import { describe, expect, it } from 'vitest';
import { formatUsd, parsePrice, roundCents } from './money';

describe('price strings', () => {
  it.each([
    ['$2.99', 2.99],
    ['$1,200.50', 1200.5],
    ['19.99', 19.99],
    [' $0.04 ', 0.04],
    [3, 3],
  ])('when reading %s, then it is %s', (text, value) => {
    expect(parsePrice(text)).toBe(value);
  });

  it.each(['', 'abc', '$', '$-1', '2.99$'])('when reading %j, then it is not a price', (text) => {
    expect(parsePrice(text)).toBeNaN();
  });

  it('when formatting, then cents are rounded and thousands separated', () => {
    expect(formatUsd(2.99)).toBe('$2.99');
    expect(formatUsd(1234.5)).toBe('$1,234.50');
    expect(roundCents(1.005)).toBe(1.01);
    expect(roundCents(0.1 + 0.2)).toBe(0.3);
  });
});
