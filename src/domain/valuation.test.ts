import { describe, expect, it } from 'vitest';
import { CATALOGUE, findSpecItem as findSpecItemUsd, inCents } from './spec-catalogue';
import fc from 'fast-check';
import { formatCents, toCents } from './money';
import {
  adminPriceDisplay,
  blockspinToUsd,
  cashSelectionText,
  cashSellValue,
  centsFromOfferName,
  sellValue,
  sellValueOf,
} from './valuation';

/** The specification's item by name, its prices in cents as the catalogue holds them. */
const findSpecItem = (name: string) => {
  const item = findSpecItemUsd(name);
  return item && inCents(item);
};

/** The specification's table price by name, as the server's catalogue starts. */
const sellPriceOf = (name: string) => findSpecItem(name)?.sellPrice;

describe('sell valuation: USD is 0.15 × the table price, Blockspin 0.15 × 10,000 × it, rounded per item', () => {
  it.each(CATALOGUE.filter((item) => item.sellPrice !== null).map((item) => [item.name, item.sellPrice!]))(
    'when selling %s, then USD is 0.15 of %s and Blockspin is that × 10000 rounded',
    (_name, price) => {
      const value = sellValue(toCents(price), 1);
      expect(value.perItemCents).toBeCloseTo(price * 15, 8);
      expect(value.perItemBlockspin).toBe(Math.round(price * 0.15 * 10000));
    },
  );

  it('when selling several, then Blockspin is rounded per item before multiplying', () => {
    // Pistol ammo: 0.06 × 0.15 × 10000 = 90 per round.
    expect(sellValueOf(findSpecItem('Pistol Ammo'), 250)).toEqual({
      perItemCents: 0.9,
      perItemBlockspin: 90,
      totalCents: 225,
      totalBlockspin: 22_500,
    });
    // RPG: 19.99 × 0.15 = 2.9985 USD, 29,985 Blockspin.
    expect(sellValueOf(findSpecItem('RPG'), 3)).toMatchObject({ perItemBlockspin: 29_985, totalBlockspin: 89_955, totalCents: 900 });
  });

  it('when the item has no valuation price, then it has no value', () => {
    expect(sellValueOf(findSpecItem('Regular Pot'), 1)).toBeNull();
  });

  it('when cash is sold, then it converts at 0.15/10000 USD per unit and reads "{n} Blockspin ($x.xx USD)"', () => {
    expect(blockspinToUsd(50_000)).toBeCloseTo(0.75, 10);
    expect(cashSelectionText(50_000)).toBe('50,000 Blockspin ($0.75 USD)');
    expect(cashSelectionText(1_000_000)).toBe('1,000,000 Blockspin ($15.00 USD)');
  });

  it('when a name carries a Blockspin offer, then admins read the USD amount from it', () => {
    expect(centsFromOfferName('50,000 Blockspin ($0.75 USD)')).toBe(75);
    expect(centsFromOfferName('Glock')).toBeNull();
    expect(adminPriceDisplay('50,000 Blockspin ($0.75 USD)', 1, 'usd', undefined, sellPriceOf).text).toBe('$0.75 USD');
    expect(adminPriceDisplay('50,000 Blockspin ($0.75 USD)', 1, 'blockspin', undefined, sellPriceOf).text).toBe('50,000 Blockspin');
    expect(adminPriceDisplay('Glock', 2, 'usd', undefined, sellPriceOf).text).toBe('$0.60 USD');
    expect(adminPriceDisplay('Glock', 2, 'blockspin', undefined, sellPriceOf).text).toBe('6,000 Blockspin');
    expect(adminPriceDisplay('Glock', 1, null, undefined, sellPriceOf).text).toBe('Not set');
    expect(adminPriceDisplay('Glock', 1, undefined, 'Price TBD', sellPriceOf).text).toBe('Price TBD');
  });
});

describe('per-item sell values that multiply to the total', () => {
  const sellable = CATALOGUE.filter((item) => item.sellPrice !== null).map(inCents);

  it('when a per-item value ends in half a cent, then the total rounds half up exactly (no binary-float drift)', () => {
    // Regular Fertilizer: 0.75 × 0.15 = $0.1125; × 709,006 = $79,763.175 → $79,763.18.
    const value = sellValueOf(findSpecItem('Regular Fertilizer'), 709_006)!;
    expect([value.perItemCents, value.totalCents]).toEqual([11.25, 7_976_318]);
  });

  it('when Pistol Ammo × 1,000 and Energy Shot × 100 are sold, then the per-item line times the quantity is the total', () => {
    const ammo = sellValueOf(findSpecItem('Pistol Ammo'), 1000)!;
    expect([ammo.perItemCents, formatCents(ammo.totalCents)]).toEqual([0.9, '$9.00']);
    const shot = sellValueOf(findSpecItem('Energy Shot'), 100)!;
    expect([shot.perItemCents, formatCents(shot.totalCents)]).toEqual([2.25, '$2.25']);
  });

  it('when any catalogue item is sold in any quantity, then the shown per-item value × quantity rounds to the shown total', () => {
    fc.assert(
      fc.property(fc.constantFrom(...sellable), fc.integer({ min: 1, max: 1_000_000 }), (item, quantity) => {
        const value = sellValueOf(item, quantity)!;
        // The per-item cents hold at most two decimals (whole $0.0001 units), so their product with the quantity is exact.
        const totalCents = Math.round((Math.round(value.perItemCents * 100) * quantity) / 100);
        return totalCents === value.totalCents && value.totalBlockspin === value.perItemBlockspin * quantity;
      }),
      { numRuns: 2000 },
    );
  });

  it('when Blockspin cash is sold, then each lot is worth the USD its name says, and the total is that × quantity', () => {
    const value = cashSellValue(12_345, 3);
    expect(cashSelectionText(12_345)).toBe('12,345 Blockspin ($0.19 USD)');
    expect(value).toEqual({ perItemCents: 19, perItemBlockspin: 12_345, totalCents: 57, totalBlockspin: 37_035 });
    // The admin reads the same amount from the name.
    expect(adminPriceDisplay(cashSelectionText(12_345), 3, 'usd', undefined, sellPriceOf).cents).toBe(57);
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100_000_000 }), fc.integer({ min: 1, max: 1000 }), (amount, quantity) => {
        const lot = cashSellValue(amount, quantity);
        return lot.totalCents === adminPriceDisplay(cashSelectionText(amount), quantity, 'usd', undefined, sellPriceOf).cents;
      }),
    );
  });
});
