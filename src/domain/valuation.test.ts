import { describe, expect, it } from 'vitest';
import { CATALOGUE } from './catalogue';
import { adminPriceDisplay, blockspinToUsd, cashSelectionText, sellValue, sellValueOf, usdFromOfferName } from './valuation';
import { findCatalogueItem } from './catalogue';

describe('sell valuation: USD is 0.15 × the table price, Blockspin 0.15 × 10,000 × it, rounded per item', () => {
  it.each(CATALOGUE.filter((item) => item.sellPrice !== null).map((item) => [item.name, item.sellPrice!]))(
    'when selling %s, then USD is 0.15 of %s and Blockspin is that × 10000 rounded',
    (_name, price) => {
      const value = sellValue(price, 1);
      expect(value.perItemUsd).toBeCloseTo(price * 0.15, 10);
      expect(value.perItemBlockspin).toBe(Math.round(price * 0.15 * 10000));
    },
  );

  it('when selling several, then Blockspin is rounded per item before multiplying', () => {
    // Pistol ammo: 0.06 × 0.15 × 10000 = 90 per round.
    expect(sellValueOf(findCatalogueItem('Pistol Ammo'), 250)).toEqual({ perItemUsd: 0.06 * 0.15, perItemBlockspin: 90, totalUsd: 2.25, totalBlockspin: 22_500 });
    // RPG: 19.99 × 0.15 = 2.9985 USD, 29,985 Blockspin.
    expect(sellValueOf(findCatalogueItem('RPG'), 3)).toMatchObject({ perItemBlockspin: 29_985, totalBlockspin: 89_955, totalUsd: 9 });
  });

  it('when the item has no valuation price, then it has no value', () => {
    expect(sellValueOf(findCatalogueItem('Regular Pot'), 1)).toBeNull();
  });

  it('when cash is sold, then it converts at 0.15/10000 USD per unit and reads "{n} Blockspin ($x.xx USD)"', () => {
    expect(blockspinToUsd(50_000)).toBeCloseTo(0.75, 10);
    expect(cashSelectionText(50_000)).toBe('50,000 Blockspin ($0.75 USD)');
    expect(cashSelectionText(1_000_000)).toBe('1,000,000 Blockspin ($15.00 USD)');
  });

  it('when a name carries a Blockspin offer, then admins read the USD amount from it', () => {
    expect(usdFromOfferName('50,000 Blockspin ($0.75 USD)')).toBe(0.75);
    expect(usdFromOfferName('Glock')).toBeNull();
    expect(adminPriceDisplay('50,000 Blockspin ($0.75 USD)', 1, 'usd').text).toBe('$0.75 USD');
    expect(adminPriceDisplay('50,000 Blockspin ($0.75 USD)', 1, 'blockspin').text).toBe('50,000 Blockspin');
    expect(adminPriceDisplay('Glock', 2, 'usd').text).toBe('$0.60 USD');
    expect(adminPriceDisplay('Glock', 2, 'blockspin').text).toBe('6,000 Blockspin');
    expect(adminPriceDisplay('Glock', 1, null).text).toBe('Not set');
    expect(adminPriceDisplay('Glock', 1, undefined, 'Price TBD').text).toBe('Price TBD');
  });
});
