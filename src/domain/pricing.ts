import { findCatalogueItem } from './catalogue';
import { CUSTOM_CASH_MAXIMUM, CUSTOM_CASH_MINIMUM, customCashAmountFromName, customCashName, customCashPrice } from './custom-cash';
import { formatCount, roundCents } from './money';

export interface LineInput {
  name: string;
  category: string;
  quantity: number;
}

/** A priced line: its name and category are the catalogue's spelling, never the client's. */
export type LinePrice = { ok: true; name: string; category: string; unitPrice: number; lineTotal: number } | { ok: false; reason: string };

export const CUSTOM_CASH_CATEGORY = 'Custom Cash';

/**
 * Prices one cart line from the shared catalogue, found by name within its category in any capitalisation; custom
 * cash from its amount. What is stored is what was priced: the catalogue's name and category, or the custom cash name
 * written from the amount.
 */
export function priceLine(line: LineInput): LinePrice {
  if (line.category.trim().toLowerCase() === CUSTOM_CASH_CATEGORY.toLowerCase()) {
    const amount = customCashAmountFromName(line.name);
    const price = customCashPrice(amount);
    if (price === null) {
      return {
        ok: false,
        reason: `'${line.name}' is not a valid custom cash amount (whole dollars from $${formatCount(CUSTOM_CASH_MINIMUM)} to $${formatCount(CUSTOM_CASH_MAXIMUM)})`,
      };
    }
    return {
      ok: true,
      name: customCashName(amount),
      category: CUSTOM_CASH_CATEGORY,
      unitPrice: price,
      lineTotal: roundCents(price * line.quantity),
    };
  }
  const item = findCatalogueItem(line.name, line.category);
  if (!item || item.price === null || item.inShop === false) {
    return { ok: false, reason: `'${line.name}' is not sold in ${line.category}` };
  }
  return { ok: true, name: item.name, category: item.category, unitPrice: item.price, lineTotal: roundCents(item.price * line.quantity) };
}

/** The cart total: the sum of price × quantity, to 2 decimals. */
export function cartTotal(lines: ReadonlyArray<{ price: number; quantity: number }>): number {
  return roundCents(lines.reduce((sum, line) => sum + line.price * line.quantity, 0));
}

/** Total number of items in a set of lines. */
export function itemCount(lines: ReadonlyArray<{ quantity: number }>): number {
  return lines.reduce((sum, line) => sum + line.quantity, 0);
}

/** Categories sort with Weapons first, then alphabetically. */
export function compareCategories(a: string, b: string): number {
  if (a === b) return 0;
  if (a === 'Weapons') return -1;
  if (b === 'Weapons') return 1;
  return a.localeCompare(b);
}

/** Groups lines by category, Weapons first, then alphabetically. */
export function groupByCategory<T extends { category: string }>(lines: readonly T[]): Array<[string, T[]]> {
  const groups = new Map<string, T[]>();
  for (const line of lines) groups.set(line.category, [...(groups.get(line.category) ?? []), line]);
  return [...groups.entries()].sort(([a], [b]) => compareCategories(a, b));
}

/** How far the total a client shows may be from the server's before the server answers that prices changed. */
export const PRICE_TOLERANCE = 0.01;

/** Whether a client's total matches the server's, within a cent (and a hair for binary fractions). */
export function pricesAgree(claimed: number, total: number): boolean {
  return Math.abs(claimed - total) <= PRICE_TOLERANCE + 1e-9;
}
