import { findCatalogueItem } from './catalogue';
import { customCashAmountFromName, customCashPrice } from './custom-cash';
import { roundCents } from './money';

export interface LineInput {
  name: string;
  category: string;
  quantity: number;
}

export type LinePrice = { ok: true; unitPrice: number; lineTotal: number } | { ok: false; reason: string };

/** Prices one cart line from the shared catalogue, found by name within its category (DESIGN §7). */
export function priceLine(line: LineInput): LinePrice {
  if (line.category.toLowerCase() === 'custom cash') {
    const amount = customCashAmountFromName(line.name);
    const price = customCashPrice(amount);
    if (price === null) return { ok: false, reason: `'${line.name}' is not a valid custom cash amount (at least $500)` };
    return { ok: true, unitPrice: price, lineTotal: roundCents(price * line.quantity) };
  }
  const item = findCatalogueItem(line.name, line.category);
  if (!item || item.price === null || item.inShop === false) {
    return { ok: false, reason: `'${line.name}' is not sold in ${line.category}` };
  }
  return { ok: true, unitPrice: item.price, lineTotal: roundCents(item.price * line.quantity) };
}

/** The cart total: the sum of price × quantity, to 2 decimals (spec §5). */
export function cartTotal(lines: ReadonlyArray<{ price: number; quantity: number }>): number {
  return roundCents(lines.reduce((sum, line) => sum + line.price * line.quantity, 0));
}

/** Total number of items in a set of lines. */
export function itemCount(lines: ReadonlyArray<{ quantity: number }>): number {
  return lines.reduce((sum, line) => sum + line.quantity, 0);
}

/** Categories sort with Weapons first, then alphabetically (spec §9). */
export function compareCategories(a: string, b: string): number {
  if (a === b) return 0;
  if (a === 'Weapons') return -1;
  if (b === 'Weapons') return 1;
  return a.localeCompare(b);
}

/** Groups lines by category in the spec's category order. */
export function groupByCategory<T extends { category: string }>(lines: readonly T[]): Array<[string, T[]]> {
  const groups = new Map<string, T[]>();
  for (const line of lines) groups.set(line.category, [...(groups.get(line.category) ?? []), line]);
  return [...groups.entries()].sort(([a], [b]) => compareCategories(a, b));
}
