import { describe, expect, it } from 'vitest';
import { seedCatalogue, seedItem, shopItemOf } from '@/test/catalogue-fixture';
import {
  EMPTY_SELL_FORM,
  itemChoices,
  MISSING,
  MISSING_QUANTITY_TOO_LARGE,
  missingFields,
  selectedItemName,
  selectedValue,
  sellQuantity,
  type SellForm,
} from './sell-form';

const ak = seedItem('AK-47');
const regularPot = seedItem('Regular Pot');
const rockets = seedItem('Rockets');
const form = (patch: Partial<SellForm>): SellForm => ({ ...EMPTY_SELL_FORM, ...patch });

describe('sell valuation texts', () => {
  it('when Cash is chosen, then the item name reads "{n} Blockspin ($x.xx USD)"', () => {
    expect(selectedItemName(form({ category: 'cash', cashAmount: '50000' }))).toBe('50,000 Blockspin ($0.75 USD)');
    expect(selectedItemName(form({ category: 'cash', cashAmount: '1000000' }))).toBe('1,000,000 Blockspin ($15.00 USD)');
    expect(selectedItemName(form({ category: 'cash', cashAmount: '0' }))).toBeNull();
  });

  it('when an item is chosen, then per item and total values follow price × 0.15 (USD) and × 10000 rounded (Blockspin)', () => {
    expect(selectedValue(form({ category: 'weapons', item: ak, quantity: '1' }))).toEqual({
      perItemCents: 270,
      perItemBlockspin: 27_000,
      totalCents: 270,
      totalBlockspin: 27_000,
    });
    const three = selectedValue(form({ category: 'weapons', item: ak, quantity: '3' }))!;
    expect(three.totalCents).toBe(810);
    expect(three.totalBlockspin).toBe(81_000);
    // Ammo uses the valuation table price per round (0.25), not the shop price.
    const ammo = selectedValue(form({ category: 'weapons', item: rockets, quantity: '10' }))!;
    expect(ammo.perItemBlockspin).toBe(375);
    expect(ammo.totalCents).toBe(38);
    expect(ammo.totalBlockspin).toBe(3_750);
  });

  it('when Cash is sold, then the USD value is 0.15 per 10,000 Blockspin', () => {
    expect(selectedValue(form({ category: 'cash', cashAmount: '200000', quantity: '2' }))).toEqual({
      perItemCents: 300,
      perItemBlockspin: 200_000,
      totalCents: 600,
      totalBlockspin: 400_000,
    });
  });

  it('when the item has no valuation price or is typed (Other), then no value is shown (an admin sets it)', () => {
    expect(selectedValue(form({ category: 'farming', item: regularPot }))).toBeNull();
    expect(selectedValue(form({ category: 'other', otherName: 'Golden Shovel' }))).toBeNull();
    expect(selectedItemName(form({ category: 'other', otherName: '  Golden Shovel ' }))).toBe('Golden Shovel');
  });
});

describe('Submission Incomplete list', () => {
  const complete = form({ category: 'weapons', weaponKind: 'guns', item: ak, paymentMethod: 'usd', quantity: '1' });

  it('when everything is filled in, then nothing is missing', () => {
    expect(missingFields(complete, true)).toEqual([]);
    expect(missingFields(form({ category: 'cash', cashAmount: '5000', paymentMethod: 'blockspin' }), true)).toEqual([]);
    expect(missingFields(form({ category: 'other', otherName: 'Rare hat', paymentMethod: 'usd' }), true)).toEqual([]);
  });

  it('when nothing is filled in, then photo, item and payment are missing (quantity defaults to 1)', () => {
    expect(missingFields(EMPTY_SELL_FORM, false)).toEqual([MISSING.photo, MISSING.item, MISSING.payment]);
  });

  it('lists exactly the missing ones for every combination of photo, item, quantity and payment', () => {
    for (const hasPhoto of [true, false]) {
      for (const hasItem of [true, false]) {
        for (const quantity of ['2', '0', '', '1.5']) {
          for (const paymentMethod of ['usd', 'blockspin', null] as const) {
            const f = form({ category: hasItem ? 'weapons' : null, item: hasItem ? ak : null, quantity, paymentMethod });
            const expected = [
              ...(hasPhoto ? [] : [MISSING.photo]),
              ...(hasItem ? [] : [MISSING.item]),
              ...(quantity === '2' ? [] : [MISSING.quantity]),
              ...(paymentMethod ? [] : [MISSING.payment]),
            ];
            expect(missingFields(f, hasPhoto)).toEqual(expected);
          }
        }
      }
    }
  });

  it('when a category is picked but no item in it, then the item is missing', () => {
    expect(missingFields({ ...complete, item: null }, true)).toEqual([MISSING.item]);
    expect(missingFields(form({ category: 'other', otherName: '   ', paymentMethod: 'usd' }), true)).toEqual([MISSING.item]);
  });

  it('when Cash has no amount above 0, then the cash amount line is listed instead of the item line', () => {
    for (const cashAmount of ['', '0']) {
      expect(missingFields(form({ category: 'cash', cashAmount, paymentMethod: 'usd' }), true)).toEqual([MISSING.cash]);
    }
    expect(missingFields(form({ category: 'cash', quantity: '0' }), false)).toEqual([
      MISSING.photo,
      MISSING.quantity,
      MISSING.payment,
      MISSING.cash,
    ]);
  });

  it('when the quantity is above the maximum the server accepts, then it is refused with the maximum named', () => {
    expect(sellQuantity('1000000')).toBe(1_000_000);
    expect(sellQuantity('1000001')).toBeNull();
    expect(missingFields(form({ category: 'weapons', item: ak, paymentMethod: 'usd', quantity: '99999999' }), true)).toEqual([
      MISSING_QUANTITY_TOO_LARGE,
    ]);
    expect(MISSING_QUANTITY_TOO_LARGE).toBe('Valid quantity (at most 1,000,000)');
  });

  it('uses the exact texts of the specification', () => {
    expect(Object.values(MISSING)).toEqual([
      'Photo/Image of the item',
      'Item selection from category',
      'Valid quantity (must be 1 or more)',
      'Payment method selection (USD or Blockspin)',
      'Valid cash amount (must be greater than 0)',
    ]);
  });
});

describe('the items to choose from', () => {
  const catalogue = seedCatalogue().items.map(shopItemOf);
  const names = (patch: Partial<SellForm>) => itemChoices(form(patch), catalogue).map((item) => item.name);

  it('when a weapon is being chosen, then the list waits for its kind, and for a gun its class', () => {
    expect(names({ category: 'weapons' })).toEqual([]);
    expect(names({ category: 'weapons', weaponKind: 'guns' })).toEqual([]);
    expect(names({ category: 'weapons', weaponKind: 'guns', gunClass: 'assault rifles' })).toContain('AK-47');
    expect(names({ category: 'weapons', weaponKind: 'melees' })).not.toContain('AK-47');
  });

  it('when consumables or farming is chosen, then its items show at once; cash and other list none', () => {
    expect(names({ category: 'farming' })).toContain('Regular Pot');
    expect(names({ category: 'cash' })).toEqual([]);
    expect(names({ category: 'other' })).toEqual([]);
  });
});
