import { describe, expect, it } from 'vitest';
import { SEED_ITEMS, shopItemOf } from '@/test/catalogue-fixture';
import { itemIconPaths } from './item-icon';

const inList = (category: string, subcategory?: string) =>
  SEED_ITEMS.filter((item) => item.category === category && (subcategory === undefined || item.subcategory === subcategory)).map(
    shopItemOf,
  );
const GUNS = inList('Weapons', 'guns');
const MELEES = inList('Weapons', 'melee');
const AMMO = inList('Ammo');
const CONSUMABLES = inList('Equipment');
const FARMING = inList('Farming');
const HACKING = inList('Hacking');

describe('item icons', () => {
  it('when guns, melees, ammo, farming and hacking are drawn, then each kind has its own drawing', () => {
    const drawings = [GUNS[0], MELEES[0], AMMO[0], FARMING.find((item) => item.subcategory === 'seeds')!, HACKING[0]].map((item) =>
      itemIconPaths(item).join(' '),
    );
    expect(new Set(drawings).size).toBe(5);
  });

  it('when every gun is drawn, then none is the sword of the melees', () => {
    const sword = itemIconPaths(MELEES.find((item) => item.name === 'Wrench')!);
    for (const gun of GUNS) expect(itemIconPaths(gun)).not.toEqual(sword);
  });

  it('when consumables and farming items are drawn, then grenades, molotovs, medical, pots and soil differ', () => {
    const byName = (name: string) => itemIconPaths([...CONSUMABLES, ...FARMING].find((item) => item.name === name)!).join(' ');
    const names = ['Grenade', 'Molotov', 'First Aid Kit', 'Bull Energy', 'Golden Pot', 'Regular Soil', 'Corn Seed'];
    expect(new Set(names.map(byName)).size).toBe(names.length);
  });
});
