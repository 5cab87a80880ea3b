import { describe, expect, it } from 'vitest';
import { asCents } from './money';
import { centsLineText, orderLineText, orderLineTotal } from './order-line';

describe('order lines', () => {
  it('when 4 of a $2.99 item are ordered, then the line reads "4 × $2.99" and totals $11.96', () => {
    expect(orderLineText({ quantity: 4, price: asCents(299) })).toBe('4 × $2.99');
    expect(orderLineTotal({ quantity: 4, price: asCents(299) })).toBe(1196);
    expect(centsLineText(4, asCents(299))).toBe('4 × $2.99');
    expect(centsLineText(1500, asCents(123456))).toBe('1,500 × $1,234.56');
  });

  it('when many lines of a few cents are ordered, then the total is exact', () => {
    expect(orderLineTotal({ quantity: 1500, price: asCents(4) })).toBe(6000);
    expect(orderLineText({ quantity: 1500, price: asCents(4) })).toBe('1,500 × $0.04');
  });
});
