// The specification's catalogue (spec/marketplace-spec.md): the items and prices the server seeds on first start
// (server/modules/catalogue/seed.ts reads this list), and the tests and the bench compare against. The app never imports this module: it reads GET /api/catalogue (issue 49), and
// the build leaves these lists out of every chunk (the calls are pure; nothing of the app uses them).
import { HACKING_HOURS, findCatalogueItem, slug, type CatalogueItem, type FarmingKind, type GunClass } from './catalogue';
import { formatCount, toCents } from './money';

/**
 * An item as the specification's price list writes it: prices in USD (ammo per round), as the seed and the tests read
 * them; the catalogue stores them in cents and the app reads them as cents (CatalogueItem).
 */
export type SpecItem = Omit<CatalogueItem, 'price' | 'sellPrice'> & { price: number | null; sellPrice: number | null };

/** Builds a list once; a pure call, so a bundle that uses none of these lists leaves them out. */
const list = <T>(make: () => T): T => make();

const cash = (amount: number, price: number, inShop = true): SpecItem => ({
  id: `cash-${amount}`,
  name: `$${formatCount(amount)} Cash`,
  category: 'Cash',
  subcategory: 'cash',
  price,
  sellPrice: price,
  amount,
  inShop,
  sellable: false,
});

export const CASH_PACKS: SpecItem[] = /*#__PURE__*/ list(() => [
  cash(12_000, 2.99),
  cash(25_000, 4.99),
  cash(50_000, 9.5),
  cash(100_000, 17.99),
  // Appears in the sell valuation and price table; the shop list shows the other tiers.
  cash(250_000, 30, false),
  cash(500_000, 49.99),
]);

const gun = (name: string, price: number, gunClass: GunClass, aliases?: string[]): SpecItem => ({
  id: `gun-${slug(name)}`,
  name,
  category: 'Weapons',
  subcategory: 'guns',
  price,
  sellPrice: price,
  gunClass,
  aliases,
});

export const GUNS: SpecItem[] = /*#__PURE__*/ list(() => [
  gun('G3', 1, 'pistols'),
  gun('Glock', 2, 'pistols'),
  gun('P226', 3, 'pistols'),
  gun('Anaconda', 14, 'pistols'),
  gun('Sawnoff', 4, 'shotguns', ['Sawn-off', 'Sawed-off']),
  gun('Double Barrel', 8, 'shotguns'),
  gun('Remington', 18, 'shotguns'),
  gun('UZI', 3, 'submachine guns'),
  gun('MP5', 16, 'submachine guns'),
  gun('Draco', 11, 'submachine guns'),
  gun('AK-47', 18, 'assault rifles', ['AK47']),
  gun('Hunting Rifle', 3, 'sniper rifles'),
  gun('M24', 14, 'sniper rifles'),
  gun('RPG', 19.99, 'special'),
  gun('Crossbow', 13, 'special'),
]);

const melee = (name: string, price: number, aliases?: string[]): SpecItem => ({
  id: `melee-${slug(name)}`,
  name,
  category: 'Weapons',
  subcategory: 'melee',
  price,
  sellPrice: price,
  aliases,
});

export const MELEES: SpecItem[] = /*#__PURE__*/ list(() => [
  melee('Wrench', 2),
  melee('Crowbar', 2),
  melee('Baseball Bat', 1),
  melee('Metal Bat', 2),
  melee('Barbed Bat', 8),
  melee('Sledge Hammer', 8, ['Sledgehammer']),
  melee('Shovel', 6),
  melee('Tactical Shovel', 15),
  melee('Switchblade', 2),
  melee('Axe', 4),
  // Shown as 'Machete' (issue 30); the specification's 'Machette' and its id stay valid for requests made with them.
  { ...melee('Machete', 5, ['Machette']), id: 'melee-machette' },
  melee('Butcher Knife', 3),
  melee('Combat Axe', 15),
  melee('Tactical Axe', 17),
  melee('Tactical Knife', 14),
]);

const ammo = (name: string, shop: number, sell: number, aliases: string[]): SpecItem => ({
  id: `ammo-${slug(name)}`,
  name,
  category: 'Ammo',
  subcategory: 'ammo',
  price: shop,
  sellPrice: sell,
  unit: 'round',
  aliases,
});

export const AMMO: SpecItem[] = /*#__PURE__*/ list(() => [
  ammo('Pistol Ammo', 0.03, 0.06, ['Pistol']),
  ammo('Shotgun Ammo', 0.04, 0.08, ['Shotgun']),
  ammo('Rifle Ammo', 0.05, 0.1, ['Rifle']),
  ammo('Arrows', 0.08, 0.08, ['Arrow', 'Arrow Ammo']),
  ammo('Rockets', 0.16, 0.25, ['Rocket', 'Rocket Ammo']),
]);

const consumable = (name: string, price: number, aliases?: string[]): SpecItem => ({
  id: `consumable-${slug(name)}`,
  name,
  category: 'Equipment',
  subcategory: 'consumables',
  price,
  sellPrice: price,
  aliases,
});

export const CONSUMABLES: SpecItem[] = /*#__PURE__*/ list(() => [
  consumable('Bull Energy', 0.04, ['Bull drink', 'Bull Energy Drink']),
  consumable('Energy Shot', 0.15),
  consumable('Blood Bag', 0.1),
  consumable('First Aid Kit', 0.69),
  consumable('Grenade', 0.2),
  consumable('Molotov', 0.18),
]);

const farming = (name: string, kind: FarmingKind, price: number | null, extra: Partial<SpecItem> = {}): SpecItem => ({
  id: `farming-${slug(name)}`,
  name,
  category: 'Farming',
  subcategory: kind,
  price,
  sellPrice: price,
  ...extra,
});

export const FARMING: SpecItem[] = /*#__PURE__*/ list(() => [
  farming('Regular Soil', 'soil', 0.1),
  farming('Premium Soil', 'soil', 0.18),
  farming('Regular Fertilizer', 'fertilizer', 0.75),
  farming('Organic Fertilizer', 'fertilizer', 1.4),
  farming('Sunflower Seed', 'seeds', 0.1),
  farming('Corn Seed', 'seeds', 0.2),
  farming('Tomato Seed', 'seeds', 0.85),
  farming('Golden Tomato Seed', 'seeds', 6),
  farming('Golden Pot', 'pots', 20),
  farming('Diamond Pot', 'pots', 28),
  // Sell-only: the valuation table has no price for it.
  farming('Regular Pot', 'pots', null, { inShop: false }),
]);

const hacking = (tier: 'Ultimate' | 'Quantum', prices: [number, number, number]): SpecItem[] =>
  HACKING_HOURS.map((hours, index) => ({
    id: `hacking-${tier.toLowerCase()}-${hours}h`,
    name: `${tier} Hacking Package (${hours} ${hours === 1 ? 'Hour' : 'Hours'})`,
    category: 'Hacking' as const,
    subcategory: tier.toLowerCase(),
    price: prices[index],
    sellPrice: null,
    sellable: false,
  }));

export const HACKING: SpecItem[] = /*#__PURE__*/ list(() => [...hacking('Ultimate', [11, 19, 24]), ...hacking('Quantum', [16, 24, 34])]);

/** Every catalogue item. */
export const CATALOGUE: SpecItem[] = /*#__PURE__*/ list(() => [
  ...CASH_PACKS,
  ...GUNS,
  ...MELEES,
  ...AMMO,
  ...CONSUMABLES,
  ...FARMING,
  ...HACKING,
]);

/** A specification's item as the catalogue holds it: its prices in cents. */
export const inCents = (item: SpecItem): CatalogueItem => ({
  ...item,
  price: item.price === null ? null : toCents(item.price),
  sellPrice: item.sellPrice === null ? null : toCents(item.sellPrice),
});

/** An item of the specification's catalogue by name, optionally within one cart category. */
export const findSpecItem = (name: string, category?: string): SpecItem | undefined => findCatalogueItem(CATALOGUE, name, category);
