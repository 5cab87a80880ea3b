import type { CatalogueItem } from '@/domain/catalogue';
import { buyableItems, type ShopItem } from '@/lib/catalogue/catalogue-query';

export interface PreviewItem {
  kind: 'Weapon' | 'Consumable' | 'Farming';
  item: CatalogueItem;
}

const pick = <T>(list: readonly T[], random: () => number): T | undefined =>
  list.length === 0 ? undefined : list[Math.floor(random() * list.length) % list.length];

const KINDS: Array<{ kind: PreviewItem['kind']; category: string }> = [
  { kind: 'Weapon', category: 'Weapons' },
  { kind: 'Consumable', category: 'Equipment' },
  { kind: 'Farming', category: 'Farming' },
];

/** One random weapon, consumable and farming item of those the shop sells now (in stock); a kind with none is left out. */
export function pickPreviewItems(items: readonly ShopItem[], random: () => number = Math.random): PreviewItem[] {
  const selling = buyableItems(items).filter((item) => item.stock !== 0);
  return KINDS.flatMap(({ kind, category }) => {
    const item = pick(
      selling.filter((entry) => entry.category === category),
      random,
    );
    return item ? [{ kind, item }] : [];
  });
}
