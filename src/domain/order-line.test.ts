import { describe, expect, it } from 'vitest';
import { asCents } from './money';
import { centsLineText, orderLineText, orderLineTotal } from './order-line';

describe('order lines', () => {
  it('when 4 of a $2.99 item are ordered, then the line reads "4 × $2.99" and totals $11.96', () => {
    expect(orderLineText({ quantity: 4, price: '$2.99' })).toBe('4 × $2.99');
    expect(orderLineTotal({ quantity: 4, price: '$2.99' })).toBe(11.96);
    expect(centsLineText(4, asCents(299))).toBe('4 × $2.99');
    expect(centsLineText(1500, asCents(123456))).toBe('1,500 × $1,234.56');
  });

  it('when the unit price is under a cent, then it keeps its decimals and thousands are grouped', () => {
    expect(orderLineText({ quantity: 1500, price: 0.035 })).toBe('1,500 × $0.035');
    expect(orderLineTotal({ quantity: 1500, price: 0.035 })).toBe(52.5);
  });

  it('when the price is unreadable, then the text keeps it and the total is 0', () => {
    expect(orderLineText({ quantity: 2, price: 'n/a' })).toBe('2 × n/a');
    expect(orderLineTotal({ quantity: 2, price: 'n/a' })).toBe(0);
  });
});
