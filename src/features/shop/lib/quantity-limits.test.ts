import { describe, expect, it } from 'vitest';
import { parseQuantity } from '@/domain/quantity';
import { quantityLimits, readChosenQuantity } from './quantity-limits';

const choose = (text: string, inCart: number, stock: number | null, unit?: string) =>
  readChosenQuantity(parseQuantity(text), quantityLimits(inCart, unit, stock));

describe('the quantity dialog’s limits', () => {
  it('when nothing limits the item, then the range is the server’s maximum', () => {
    expect(quantityLimits(0, undefined, null)).toMatchObject({ room: 1_000_000, hint: 'From 1 to 1,000,000.' });
    expect(choose('3', 0, null)).toEqual({ quantity: 3, error: null });
    expect(choose('1000001', 0, null)).toEqual({ quantity: null, error: 'Quantity must be at most 1,000,000' });
  });

  it('when the cart holds some and stock is low, then both say how many more can be added', () => {
    const limits = quantityLimits(2, 'round', 5);
    expect(limits.room).toBe(3);
    expect(limits.hint).toBe('Only 5 rounds left. You have 2 rounds in your cart; you can add up to 3 rounds more.');
    expect(choose('4', 2, 5, 'round')).toEqual({ quantity: null, error: 'You can add at most 3 rounds more' });
  });

  it('when nothing more can be added, then the field says why whatever is typed', () => {
    expect(choose('1', 0, 0).error).toBe('Sold out');
    expect(choose('1', 4, 4).error).toBe('Your cart already holds every one that is left');
    expect(choose('1', 1_000_000, null).error).toBe('Your cart already holds the most of this item one request can carry (1,000,000)');
    expect(choose('abc', 0, null)).toEqual({ quantity: null, error: 'Please enter a whole number of 1 or more' });
  });
});
