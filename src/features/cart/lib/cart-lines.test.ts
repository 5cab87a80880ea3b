import { describe, expect, it } from 'vitest';
import { seedItem, shopItemOf } from '@/test/catalogue-fixture';
import { asCents } from '@/domain/money';
import { patchItems, seedCatalogue } from '@/test/catalogue-fixture';
import { MAX_QUANTITY } from '@/domain/quantity';
import {
  addLine,
  cartTotal,
  cartTotalUsd,
  changeQuantity,
  groupCart,
  lineForCustomCash,
  lineForItem,
  lineToSend,
  lineTotal,
  quantityInCart,
  readStoredLines,
  removeLine,
  priceCart,
  storedLine,
} from './cart-lines';

const ak = seedItem('AK-47');
const pistolAmmo = seedItem('Pistol Ammo');

describe('cart lines', () => {
  it('when an item is turned into a line, then its price is the catalogue’s in cents, and it is sent as a $ text', () => {
    expect(lineForItem(ak, 2)).toEqual({
      id: ak.id,
      name: 'AK-47',
      category: 'Weapons',
      priceCents: 1800,
      quantity: 2,
      subcategory: 'guns',
    });
    expect(lineForItem(pistolAmmo, 250).priceCents).toBe(3);
    expect(lineToSend(lineForItem(ak, 2))).toEqual({
      id: ak.id,
      name: 'AK-47',
      category: 'Weapons',
      price: '$18.00',
      quantity: 2,
      subcategory: 'guns',
    });
  });

  it('when a cart was stored by an older version with $ texts, then its lines are read in cents', () => {
    const { priceCents: _cents, ...old } = lineForItem(ak, 2);
    expect(readStoredLines([{ ...old, price: '$15.00' }])).toEqual([{ ...old, priceCents: 1500 }]);
    expect(readStoredLines([{ ...old, price: 'n/a' }, { ...old }])).toEqual([
      { ...old, priceCents: 0 },
      { ...old, priceCents: 0 },
    ]);
    const current = lineForItem(pistolAmmo, 10);
    expect(readStoredLines([current])).toEqual([current]);
    expect(readStoredLines(undefined)).toEqual([]);
  });

  it('when the same item is added twice, then the quantities merge into one line', () => {
    const lines = addLine(addLine([], lineForItem(ak, 1)), lineForItem(ak, 3));
    expect(lines).toHaveLength(1);
    expect(lines[0].quantity).toBe(4);
  });

  it('when different items are added, then each keeps its own line in order', () => {
    const lines = addLine(addLine([], lineForItem(ak, 1)), lineForItem(pistolAmmo, 100));
    expect(lines.map((line) => line.name)).toEqual(['AK-47', 'Pistol Ammo']);
  });

  it('when the stepper goes down from 1, then the quantity stays 1', () => {
    let lines = [lineForItem(ak, 2)];
    lines = changeQuantity(lines, ak.id, -1);
    expect(lines[0].quantity).toBe(1);
    lines = changeQuantity(lines, ak.id, -1);
    expect(lines[0].quantity).toBe(1);
    lines = changeQuantity(lines, ak.id, -10);
    expect(lines[0].quantity).toBe(1);
    lines = changeQuantity(lines, ak.id, 5);
    expect(lines[0].quantity).toBe(6);
  });

  it('when the stepper or a repeated add would pass the maximum, then the line stops at the maximum', () => {
    let lines = [lineForItem(ak, MAX_QUANTITY - 1)];
    lines = changeQuantity(lines, ak.id, 1);
    expect(lines[0].quantity).toBe(MAX_QUANTITY);
    lines = changeQuantity(lines, ak.id, 1);
    expect(lines[0].quantity).toBe(MAX_QUANTITY);
    lines = addLine(lines, lineForItem(ak, 5));
    expect(quantityInCart(lines, ak.id)).toBe(MAX_QUANTITY);
    expect(addLine([], lineForItem(pistolAmmo, MAX_QUANTITY + 9))[0].quantity).toBe(MAX_QUANTITY);
    expect(quantityInCart(lines, pistolAmmo.id)).toBe(0);
  });

  it('when a line was stored above the maximum, then it can still be stepped down', () => {
    const lines = changeQuantity([lineForItem(ak, MAX_QUANTITY + 10)], ak.id, -1);
    expect(lines[0].quantity).toBe(MAX_QUANTITY + 9);
  });

  it('when the catalogue’s price moved since a line was added, then the line takes the new price and keeps the old to show', () => {
    const items = seedCatalogue(patchItems({ [ak.id]: { price: 20 } })).items.map(shopItemOf);
    const stale = [
      lineForItem(ak, 2),
      { ...lineForCustomCash(1_000_000, asCents(9000)), priceCents: asCents(9500) },
      lineForItem(pistolAmmo, 10),
    ];
    const priced = priceCart(stale, items);
    expect(priced.map((line) => line.priceCents)).toEqual([2000, 9000, 3]);
    expect(priced[0].previousCents).toBe(1800);
    expect(priced[2].previousCents).toBeUndefined();
    expect(cartTotal(priced)).toBe(13_030);
    expect(storedLine(priced[0])).toEqual(lineForItem(ak, 2));
  });

  it('when an item is hidden, sold out or short, then its line names the problem; without a catalogue nothing changes', () => {
    const items = seedCatalogue(
      patchItems({ [ak.id]: { stock: 2 }, [pistolAmmo.id]: { status: 'hidden' }, 'gun-glock': { stock: 0 } }),
    ).items.map(shopItemOf);
    const glock = seedItem('Glock');
    const gone = { id: 'gone', name: 'Retired Blaster', category: 'Weapons' as const, priceCents: asCents(500), quantity: 1 };
    const priced = priceCart([lineForItem(ak, 3), lineForItem(pistolAmmo, 10), lineForItem(glock, 1), gone], items);
    expect(priced.map((line) => line.problem)).toEqual([
      'Only 2 left. Lower it to send.',
      'No longer sold. Remove it to send.',
      'Sold out. Remove it to send.',
      'No longer sold. Remove it to send.',
    ]);
    expect(priced[0].left).toBe(2);
    expect(
      priceCart(
        [lineForItem(ak, 3)],
        items.map((item) => (item.id === ak.id ? { ...item, stock: 3 } : item)),
      )[0].problem,
    ).toBeUndefined();
    expect(priceCart([gone], undefined)).toEqual([{ ...gone, left: null }]);
  });

  it('when a line is removed, then only it leaves the cart', () => {
    const lines = removeLine([lineForItem(ak, 1), lineForItem(pistolAmmo, 10)], ak.id);
    expect(lines.map((line) => line.name)).toEqual(['Pistol Ammo']);
  });

  it('when prices are cents of a dollar, then totals are exact, with no float drift', () => {
    const bull = seedItem('Bull Energy');
    const lines = [lineForItem(pistolAmmo, 333), lineForItem(bull, 7), lineForItem(ak, 1)];
    // 333 × 0.03 = 9.99, 7 × 0.04 = 0.28, 18
    expect(cartTotal(lines)).toBe(2827);
    expect(cartTotalUsd(lines)).toBe(28.27);
    expect(lineTotal(lineForItem(pistolAmmo, 333))).toBe(999);
    expect(
      cartTotalUsd([
        { ...lineForItem(ak, 1), priceCents: asCents(10) },
        { ...lineForItem(pistolAmmo, 1), priceCents: asCents(20) },
      ]),
    ).toBe(0.3);
    expect(cartTotal([])).toBe(0);
  });

  it('when a custom cash line is made, then its name carries the amount and its price the tier price', () => {
    expect(lineForCustomCash(1_000_000, asCents(9000))).toMatchObject({
      id: 'custom-cash-1000000',
      name: '$1,000,000 Custom Cash',
      category: 'Custom Cash',
      priceCents: 9000,
      quantity: 1,
    });
    expect(cartTotalUsd([lineForCustomCash(1_500_000, asCents(123_450))])).toBe(1234.5);
  });

  it('when lines are grouped, then Weapons comes first and the rest alphabetically', () => {
    const wrench = seedItem('Wrench');
    const groups = groupCart([
      lineForItem(seedItem('Ultimate Hacking Package (1 Hour)'), 1),
      lineForItem(pistolAmmo, 5),
      lineForItem(ak, 1),
      lineForCustomCash(600, asCents(15)),
      lineForItem(wrench, 1),
    ]);
    expect(groups.map(([category]) => category)).toEqual(['Weapons', 'Ammo', 'Custom Cash', 'Hacking']);
    expect(groups[0][1].map((line) => line.name)).toEqual(['AK-47', 'Wrench']);
  });
});
