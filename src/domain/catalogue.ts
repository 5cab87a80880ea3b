// The catalogue's types and rules: what an item is, how a name is matched. The items themselves, their prices and
// stock live in the database and reach the app through GET /api/catalogue (DESIGN.md §14, issue 49); the app holds no
// copy of them. Prices are cents (read from the API's USD once, at the edge); ammo prices are per round. `price` is the shop price, `sellPrice` the valuation table
// price, `null` when the item has no price in that table.

import type { Cents } from './money';

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
  /** Shop price in cents (per round for ammo), or null when it cannot be bought. */
  price: Cents | null;
  /** Valuation table price in cents used when selling, or null when unpriced. */
  sellPrice: Cents | null;
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

export const HACKING_HOURS = [1, 2, 3] as const;
export type HackingHours = (typeof HACKING_HOURS)[number];

/** Normalises a name for matching "in several capitalisations" and spacings. */
export function normaliseName(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9$]+/g, ' ')
    .trim();
}

/** The id a name gives (the seeded items' ids: 'AK-47' → 'ak-47'). */
export function slug(name: string): string {
  return normaliseName(name).replace(/\$/g, '').trim().replace(/ /g, '-');
}

/** Finds an item of a catalogue by name (or another spelling) in any capitalisation, optionally within one cart category. */
export function findCatalogueItem<T extends Pick<CatalogueItem, 'name' | 'aliases' | 'category'>>(
  items: readonly T[],
  name: string,
  category?: string,
): T | undefined {
  const key = normaliseName(name);
  return items.find(
    (item) =>
      (category === undefined || item.category.toLowerCase() === category.toLowerCase()) &&
      [item.name, ...(item.aliases ?? [])].some((spelling) => normaliseName(spelling) === key),
  );
}

/** Shop-visible items of one list. */
export function shopItems<T extends { inShop?: boolean; price: number | null }>(items: T[]): T[] {
  return items.filter((item) => item.inShop !== false && item.price !== null);
}
