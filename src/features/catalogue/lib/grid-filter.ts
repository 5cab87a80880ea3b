import { normaliseName } from '@/domain/catalogue';
import type { CatalogueStatus } from '@/domain/schemas/catalogue';
import type { ShopItem } from '@/lib/catalogue/catalogue-query';

/** From how many left an item counts as low on stock in the catalogue grid (the shop says 'Only N left' from the same). */
export const LOW_STOCK_AT = 5;

export type StockFilter = 'all' | 'low' | 'none';

export interface GridFilter {
  search: string;
  category: string;
  status: CatalogueStatus | 'all';
  stock: StockFilter;
}

export const NO_FILTER: GridFilter = { search: '', category: 'all', status: 'all', stock: 'all' };

/** Whether an item's stock matches the stock filter: 'low' is 1 to LOW_STOCK_AT left, 'none' is sold out. */
export function stockMatches(stock: number | null, filter: StockFilter): boolean {
  if (filter === 'all') return true;
  if (stock === null) return false;
  return filter === 'none' ? stock === 0 : stock > 0 && stock <= LOW_STOCK_AT;
}

/** The items the grid shows: searched by name, other spellings, id or subcategory, and filtered. */
export function filterItems(items: readonly ShopItem[], filter: GridFilter): ShopItem[] {
  const words = normaliseName(filter.search).split(' ').filter(Boolean);
  return items.filter((item) => {
    if (filter.category !== 'all' && item.category !== filter.category) return false;
    if (filter.status !== 'all' && item.status !== filter.status) return false;
    if (!stockMatches(item.stock, filter.stock)) return false;
    if (words.length === 0) return true;
    const text = normaliseName([item.name, ...(item.aliases ?? []), item.id, item.subcategory, item.gunClass ?? ''].join(' '));
    return words.every((word) => text.includes(word));
  });
}
