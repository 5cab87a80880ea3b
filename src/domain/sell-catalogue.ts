import { AMMO, CONSUMABLES, FARMING, GUNS, MELEES, type CatalogueItem, type GunClass } from './catalogue';

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

/** Items offered by the sell screen for a category (and weapon kind / gun class). */
export function sellItems(category: SellCategory, kind?: WeaponKind, gunClass?: GunClass): CatalogueItem[] {
  switch (category) {
    case 'weapons':
      if (kind === 'guns') return GUNS.filter((gun) => !gunClass || gun.gunClass === gunClass);
      if (kind === 'melees') return MELEES;
      if (kind === 'ammo') return AMMO;
      return [];
    case 'consumables':
      return CONSUMABLES;
    case 'farming':
      return FARMING;
    default:
      return [];
  }
}

/** How a stored category key is displayed: 'other' shows as Other, 'Item' stays Item. */
export function sellCategoryLabel(key: string): string {
  if (key in SELL_CATEGORY_LABELS) return SELL_CATEGORY_LABELS[key as SellCategory];
  return key;
}
