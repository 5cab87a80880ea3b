// The product's catalogue: everything the shop sells and the sell screen values. Prices are USD; ammo prices are per round.
// `price` is the shop price, `sellPrice` the valuation table price (the two differ only for ammo),
// `null` means the item has no price in that table (e.g. 'Regular Pot' is sell-only and unpriced).

import { formatCount } from './money';

/** Categories a cart line can carry. */
export const CART_CATEGORIES = ['Custom Cash', 'Cash', 'Weapons', 'Ammo', 'Farming', 'Equipment', 'Hacking', 'Other'] as const;
export type CartCategory = (typeof CART_CATEGORIES)[number];

export type GunClass = 'pistols' | 'shotguns' | 'submachine guns' | 'assault rifles' | 'sniper rifles' | 'special';
export type FarmingKind = 'soil' | 'fertilizer' | 'seeds' | 'pots';

export interface CatalogueItem {
  /** Stable id, informational only: the server prices by name within category. */
  id: string;
  name: string;
  category: CartCategory;
  subcategory: string;
  /** Shop price in USD (per round for ammo), or null when it cannot be bought. */
  price: number | null;
  /** Valuation table price in USD used when selling, or null when unpriced. */
  sellPrice: number | null;
  /** Other spellings that name the same item. */
  aliases?: string[];
  /** For cash packs: the amount of in-game cash. */
  amount?: number;
  /** For guns: the class used by the sell screen. */
  gunClass?: GunClass;
  /** For ammo: the word a unit is counted in. */
  unit?: string;
  /** False when the shop does not list it (it still appears in valuation). */
  inShop?: boolean;
  /** False when the sell screen does not list it. */
  sellable?: boolean;
}

const cash = (amount: number, price: number, inShop = true): CatalogueItem => ({
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

export const CASH_PACKS: CatalogueItem[] = [
  cash(12_000, 2.99),
  cash(25_000, 4.99),
  cash(50_000, 9.5),
  cash(100_000, 17.99),
  // Appears in the sell valuation and price table; the shop list shows the other tiers.
  cash(250_000, 30, false),
  cash(500_000, 49.99),
];

const gun = (name: string, price: number, gunClass: GunClass, aliases?: string[]): CatalogueItem => ({
  id: `gun-${slug(name)}`,
  name,
  category: 'Weapons',
  subcategory: 'guns',
  price,
  sellPrice: price,
  gunClass,
  aliases,
});

export const GUNS: CatalogueItem[] = [
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
];

const melee = (name: string, price: number, aliases?: string[]): CatalogueItem => ({
  id: `melee-${slug(name)}`,
  name,
  category: 'Weapons',
  subcategory: 'melee',
  price,
  sellPrice: price,
  aliases,
});

export const MELEES: CatalogueItem[] = [
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
];

const ammo = (name: string, shop: number, sell: number, aliases: string[]): CatalogueItem => ({
  id: `ammo-${slug(name)}`,
  name,
  category: 'Ammo',
  subcategory: 'ammo',
  price: shop,
  sellPrice: sell,
  unit: 'round',
  aliases,
});

export const AMMO: CatalogueItem[] = [
  ammo('Pistol Ammo', 0.03, 0.06, ['Pistol']),
  ammo('Shotgun Ammo', 0.04, 0.08, ['Shotgun']),
  ammo('Rifle Ammo', 0.05, 0.1, ['Rifle']),
  ammo('Arrows', 0.08, 0.08, ['Arrow', 'Arrow Ammo']),
  ammo('Rockets', 0.16, 0.25, ['Rocket', 'Rocket Ammo']),
];

const consumable = (name: string, price: number, aliases?: string[]): CatalogueItem => ({
  id: `consumable-${slug(name)}`,
  name,
  category: 'Equipment',
  subcategory: 'consumables',
  price,
  sellPrice: price,
  aliases,
});

export const CONSUMABLES: CatalogueItem[] = [
  consumable('Bull Energy', 0.04, ['Bull drink', 'Bull Energy Drink']),
  consumable('Energy Shot', 0.15),
  consumable('Blood Bag', 0.1),
  consumable('First Aid Kit', 0.69),
  consumable('Grenade', 0.2),
  consumable('Molotov', 0.18),
];

const farming = (name: string, kind: FarmingKind, price: number | null, extra: Partial<CatalogueItem> = {}): CatalogueItem => ({
  id: `farming-${slug(name)}`,
  name,
  category: 'Farming',
  subcategory: kind,
  price,
  sellPrice: price,
  ...extra,
});

export const FARMING: CatalogueItem[] = [
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
];

export const HACKING_HOURS = [1, 2, 3] as const;
export type HackingHours = (typeof HACKING_HOURS)[number];

const hacking = (tier: 'Ultimate' | 'Quantum', prices: [number, number, number]): CatalogueItem[] =>
  HACKING_HOURS.map((hours, index) => ({
    id: `hacking-${tier.toLowerCase()}-${hours}h`,
    name: `${tier} Hacking Package (${hours} ${hours === 1 ? 'Hour' : 'Hours'})`,
    category: 'Hacking' as const,
    subcategory: tier.toLowerCase(),
    price: prices[index],
    sellPrice: null,
    sellable: false,
  }));

export const HACKING: CatalogueItem[] = [...hacking('Ultimate', [11, 19, 24]), ...hacking('Quantum', [16, 24, 34])];

/** Every catalogue item. */
export const CATALOGUE: CatalogueItem[] = [...CASH_PACKS, ...GUNS, ...MELEES, ...AMMO, ...CONSUMABLES, ...FARMING, ...HACKING];

/** Normalises a name for matching "in several capitalisations" and spacings. */
export function normaliseName(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9$]+/g, ' ')
    .trim();
}

function slug(name: string): string {
  return normaliseName(name).replace(/\$/g, '').trim().replace(/ /g, '-');
}

const byNormalisedName = new Map<string, CatalogueItem[]>();
for (const item of CATALOGUE) {
  for (const name of [item.name, ...(item.aliases ?? [])]) {
    const key = normaliseName(name);
    byNormalisedName.set(key, [...(byNormalisedName.get(key) ?? []), item]);
  }
}

/** Finds a catalogue item by name in any capitalisation, optionally within one cart category. */
export function findCatalogueItem(name: string, category?: string): CatalogueItem | undefined {
  const candidates = byNormalisedName.get(normaliseName(name)) ?? [];
  if (category === undefined) return candidates[0];
  return candidates.find((item) => item.category.toLowerCase() === category.toLowerCase());
}

/** Shop-visible items of one list. */
export function shopItems(items: CatalogueItem[]): CatalogueItem[] {
  return items.filter((item) => item.inShop !== false && item.price !== null);
}
