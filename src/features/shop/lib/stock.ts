import { i18n } from '@/lib/i18n/i18n';

/** From how many left the shop says so ('Only 2 left'). */
export const LOW_STOCK = 5;

export const SOLD_OUT_TEXT = 'Sold out';

/** What the shop says of an item's stock, in the language shown: 'Sold out', 'Only 2 left', or null (plenty, or unlimited). */
export function stockNote(stock: number | null): string | null {
  if (stock === null) return null;
  if (stock <= 0) return i18n._(SOLD_OUT_TEXT);
  if (stock <= LOW_STOCK) return i18n._('{count, plural, one {Only # left} other {Only # left}}', { count: stock });
  return null;
}

/** How many more of an item a cart may take: what is left less what the cart holds (null: unlimited). */
export function roomInStock(stock: number | null, inCart: number): number | null {
  return stock === null ? null : Math.max(0, stock - inCart);
}
