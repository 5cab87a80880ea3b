import type { CatalogueItem, GunClass } from './catalogue';

/** Category keys the sell screen sends as `robloxName` (the submission's category field). */
export const SELL_CATEGORIES = ['cash', 'weapons', 'consumables', 'farming', 'other'] as const;
export type SellCategory = (typeof SELL_CATEGORIES)[number];

export const SELL_CATEGORY_LABELS: Record<SellCategory, string> = {
  cash: 'Cash',
  weapons: 'Weapons & Ammo',
  consumables: 'Equipment & Consumables',
  farming: 'Farming',
  other: 'Other',
};

/** Weapon sub-choices on the sell screen. */
export const WEAPON_KINDS = ['guns', 'melees', 'ammo'] as const;
export type WeaponKind = (typeof WEAPON_KINDS)[number];

export const GUN_CLASSES: GunClass[] = ['pistols', 'shotguns', 'submachine guns', 'assault rifles', 'sniper rifles', 'special'];

/** How the screens name a class of gun (the English text, translated where shown). */
export const GUN_CLASS_LABELS: Record<GunClass, string> = {
  pistols: 'Pistols',
  shotguns: 'Shotguns',
  'submachine guns': 'Submachine guns',
  'assault rifles': 'Assault rifles',
  'sniper rifles': 'Sniper rifles',
  special: 'Special',
};

type SellableItem = Pick<CatalogueItem, 'category' | 'subcategory' | 'gunClass' | 'sellable'>;

/**
 * Items of a catalogue the sell screen offers for a category (and weapon kind / gun class): the shop's own items
 * (issue 49: the server's catalogue), without those the sell screen does not list.
 */
export function sellItems<T extends SellableItem>(
  items: readonly T[],
  category: SellCategory,
  kind?: WeaponKind | null,
  gunClass?: GunClass | null,
): T[] {
  const listed = items.filter((item) => item.sellable !== false);
  const of = (itemCategory: string, subcategory?: string) =>
    listed.filter((item) => item.category === itemCategory && (subcategory === undefined || item.subcategory === subcategory));
  switch (category) {
    case 'weapons':
      if (kind === 'guns') return of('Weapons', 'guns').filter((gun) => !gunClass || gun.gunClass === gunClass);
      if (kind === 'melees') return of('Weapons', 'melee');
      if (kind === 'ammo') return of('Ammo');
      return [];
    case 'consumables':
      return of('Equipment');
    case 'farming':
      return of('Farming');
    default:
      return [];
  }
}

/** How a stored category key is displayed: 'other' shows as Other, 'Item' stays Item. */
export function sellCategoryLabel(key: string): string {
  if (key in SELL_CATEGORY_LABELS) return SELL_CATEGORY_LABELS[key as SellCategory];
  return key;
}
