import { describe, expect, it } from 'vitest';
import { findCatalogueItem, shopItems } from './catalogue';
import { AMMO, CASH_PACKS, CATALOGUE, CONSUMABLES, FARMING, GUNS, HACKING, MELEES, findSpecItem } from './spec-catalogue';

const prices = (items: typeof CATALOGUE) => Object.fromEntries(items.map((item) => [item.name, item.price]));

describe('the catalogue', () => {
  it('when listing cash packs, then every pack has the spec price and $250,000 is not in the shop', () => {
    expect(CASH_PACKS.map((pack) => [pack.amount, pack.price])).toEqual([
      [12_000, 2.99],
      [25_000, 4.99],
      [50_000, 9.5],
      [100_000, 17.99],
      [250_000, 30],
      [500_000, 49.99],
    ]);
    expect(shopItems(CASH_PACKS).map((pack) => pack.amount)).toEqual([12_000, 25_000, 50_000, 100_000, 500_000]);
  });

  it('when listing guns, then each has the spec price', () => {
    expect(prices(GUNS)).toEqual({
      G3: 1,
      Glock: 2,
      P226: 3,
      Anaconda: 14,
      Sawnoff: 4,
      'Double Barrel': 8,
      Remington: 18,
      UZI: 3,
      MP5: 16,
      Draco: 11,
      'AK-47': 18,
      'Hunting Rifle': 3,
      M24: 14,
      RPG: 19.99,
      Crossbow: 13,
    });
  });

  it('when listing melee weapons, then each has the spec price', () => {
    expect(prices(MELEES)).toEqual({
      Wrench: 2,
      Crowbar: 2,
      'Baseball Bat': 1,
      'Metal Bat': 2,
      'Barbed Bat': 8,
      'Sledge Hammer': 8,
      Shovel: 6,
      'Tactical Shovel': 15,
      Switchblade: 2,
      Axe: 4,
      Machete: 5,
      'Butcher Knife': 3,
      'Combat Axe': 15,
      'Tactical Axe': 17,
      'Tactical Knife': 14,
    });
  });

  it('when listing ammo, then shop and sell per-round prices follow the spec', () => {
    expect(AMMO.map((ammo) => [ammo.name, ammo.price, ammo.sellPrice])).toEqual([
      ['Pistol Ammo', 0.03, 0.06],
      ['Shotgun Ammo', 0.04, 0.08],
      ['Rifle Ammo', 0.05, 0.1],
      ['Arrows', 0.08, 0.08],
      ['Rockets', 0.16, 0.25],
    ]);
  });

  it('when listing consumables and farming, then each has the spec price and Regular Pot is sell-only', () => {
    expect(prices(CONSUMABLES)).toEqual({
      'Bull Energy': 0.04,
      'Energy Shot': 0.15,
      'Blood Bag': 0.1,
      'First Aid Kit': 0.69,
      Grenade: 0.2,
      Molotov: 0.18,
    });
    expect(prices(FARMING)).toEqual({
      'Regular Soil': 0.1,
      'Premium Soil': 0.18,
      'Regular Fertilizer': 0.75,
      'Organic Fertilizer': 1.4,
      'Sunflower Seed': 0.1,
      'Corn Seed': 0.2,
      'Tomato Seed': 0.85,
      'Golden Tomato Seed': 6,
      'Golden Pot': 20,
      'Diamond Pot': 28,
      'Regular Pot': null,
    });
    expect(shopItems(FARMING).some((item) => item.name === 'Regular Pot')).toBe(false);
  });

  it('when listing hacking packages, then Ultimate is 11/19/24 and Quantum 16/24/34 for 1/2/3 hours', () => {
    expect(HACKING.map((item) => item.price)).toEqual([11, 19, 24, 16, 24, 34]);
    expect(HACKING[0].name).toBe('Ultimate Hacking Package (1 Hour)');
    expect(HACKING[5].name).toBe('Quantum Hacking Package (3 Hours)');
  });

  it('when a name is written in another capitalisation or an alias, then it is still found', () => {
    expect(findSpecItem('double BARREL')?.price).toBe(8);
    expect(findSpecItem('Bull drink')?.name).toBe('Bull Energy');
    expect(findSpecItem('ak47', 'Weapons')?.name).toBe('AK-47');
    expect(findSpecItem('glock', 'Farming')).toBeUndefined();
  });

  it('when any catalogue is searched by name, then the rule is the same: any capitalisation, spacing or alias, within a category', () => {
    const items = [
      { name: 'Golden AK', category: 'Weapons' as const, aliases: ['Gold AK'] },
      { name: 'Golden AK', category: 'Other' as const },
    ];
    expect(findCatalogueItem(items, 'gold  ak')).toBe(items[0]);
    expect(findCatalogueItem(items, 'GOLDEN-AK', 'other')).toBe(items[1]);
    expect(findCatalogueItem(items, 'golden ak', 'Farming')).toBeUndefined();
  });

  it('when ids are listed, then every id is unique', () => {
    expect(new Set(CATALOGUE.map((item) => item.id)).size).toBe(CATALOGUE.length);
  });
});

describe('Machete', () => {
  it('when named in any spelling, then it is the one Machete at $5 with its old id', () => {
    for (const name of ['Machete', 'Machette', 'MACHETTE', 'machete']) {
      expect(findSpecItem(name, 'Weapons')).toMatchObject({ name: 'Machete', price: 5, id: 'melee-machette' });
    }
  });
});
