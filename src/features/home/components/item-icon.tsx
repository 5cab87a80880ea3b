import type { SVGProps } from 'react';
import type { CatalogueItem } from '@/domain/catalogue';

type Paths = readonly string[];

// Line drawings (24×24, stroke = currentColor) per kind of item: Store Preview drew a sword for guns and one icon per
// category (issue 30 item 11).
const GUN: Paths = ['M3 8h15l3 2v2h-6l-1 2h-3l-1-2H9l-2 7H4l1.5-7H3z', 'M18 8V6'];
const MELEE: Paths = ['M14.5 17.5 3 6V3h3l11.5 11.5', 'M13 19l6-6', 'M16 16l4 4', 'M19 21l2-2'];
const AXE: Paths = ['M14 6 4 16l4 4 10-10', 'M14 6c2-2 5-3 7-1-1 3-3 5-5 6', 'M12 8l4 4'];
const AMMO: Paths = ['M6 10a2 2 0 0 1 4 0v10H6z', 'M14 10a2 2 0 0 1 4 0v10h-4z', 'M6 14h4', 'M14 14h4', 'M8 4v4', 'M16 4v4'];
const BOLT: Paths = ['M13 2 4 14h7l-1 8 9-12h-7z'];
const MEDICAL: Paths = ['M4 7h16v13H4z', 'M9 7V4h6v3', 'M12 11v6', 'M9 14h6'];
const GRENADE: Paths = ['M12 8a6 6 0 1 0 .01 0', 'M10 8V5h4v3', 'M14 5l3-2'];
const FIRE: Paths = ['M12 22a7 7 0 0 0 7-7c0-4-3-6-4-10-2 2-3 4-3 6-1-1-2-2-2-4-2 2-5 5-5 8a7 7 0 0 0 7 7z'];
const SEED: Paths = ['M12 21v-9', 'M12 12c0-4-3-6-7-6 0 4 3 6 7 6z', 'M12 10c0-3.5 2.5-6 7-6 0 4-3 6-7 6z', 'M7 21h10'];
const POT: Paths = ['M4 9h16', 'M5 9l2 11h10l2-11', 'M8 9c0-3 2-5 4-5s4 2 4 5'];
const BAG: Paths = ['M6 7h12l1 14H5z', 'M9 7V5a3 3 0 0 1 6 0v2', 'M9 13c1 1 5 1 6 0'];
const CHIP: Paths = ['M7 7h10v10H7z', 'M10 3v4', 'M14 3v4', 'M10 17v4', 'M14 17v4', 'M3 10h4', 'M3 14h4', 'M17 10h4', 'M17 14h4'];
const CASH: Paths = ['M3 7h18v10H3z', 'M12 9.5a2.5 2.5 0 1 0 .01 0', 'M6 10v4', 'M18 10v4'];

/** The drawing for one item: guns, melees (axes apart), ammo, each consumable kind, soil and fertilizer, seeds, pots, hacking. */
export function itemIconPaths(item: Pick<CatalogueItem, 'name' | 'subcategory' | 'category'>): Paths {
  const name = item.name.toLowerCase();
  switch (item.subcategory) {
    case 'guns':
      return GUN;
    case 'melee':
      return name.includes('axe') ? AXE : MELEE;
    case 'ammo':
      return AMMO;
    case 'consumables':
      if (name.includes('grenade')) return GRENADE;
      if (name.includes('molotov')) return FIRE;
      if (name.includes('blood') || name.includes('aid')) return MEDICAL;
      return BOLT;
    case 'seeds':
      return SEED;
    case 'pots':
      return POT;
    case 'soil':
    case 'fertilizer':
      return BAG;
    case 'cash':
      return CASH;
    default:
      return item.category === 'Hacking' ? CHIP : BAG;
  }
}

/** An item's own icon (decorative). */
export function ItemIcon({
  item,
  size = 24,
  ...props
}: SVGProps<SVGSVGElement> & { item: Pick<CatalogueItem, 'name' | 'subcategory' | 'category'>; size?: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      data-icon={item.subcategory}
      {...props}
    >
      {itemIconPaths(item).map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  );
}
