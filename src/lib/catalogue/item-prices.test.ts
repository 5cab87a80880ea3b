import { describe, expect, it } from 'vitest';
import { asCents } from '@/domain/money';
import { priceSteps } from './item-prices';

const c = (dollars: number) => asCents(dollars * 100);

const day = 86_400_000;
const now = Date.parse('2026-11-28T12:00:00Z');
const at = (daysAgo: number) => new Date(now - daysAgo * day).toISOString();

describe('the value card’s price steps', () => {
  it('when prices changed before and inside the window, then the line starts at the price in force and ends now', () => {
    const history = [
      { at: at(120), price: c(18), sellPrice: c(18) },
      { at: at(45), price: c(20), sellPrice: c(19) },
      { at: at(10), price: c(22), sellPrice: c(20) },
    ];
    expect(priceSteps(history, 30, now)).toEqual([
      { at: (now - 30 * day) / 1000, price: c(20), sellPrice: c(19) },
      { at: (now - 10 * day) / 1000, price: c(22), sellPrice: c(20) },
      { at: now / 1000, price: c(22), sellPrice: c(20) },
    ]);
    expect(priceSteps(history, 90, now).map((step) => step.price)).toEqual([1800, 2000, 2200, 2200]);
  });

  it('when the item is newer than the window, then the line starts at its first price; with no history, nothing', () => {
    expect(priceSteps([{ at: at(3), price: c(5), sellPrice: null }], 30, now)).toHaveLength(2);
    expect(priceSteps([], 30, now)).toEqual([]);
  });
});
