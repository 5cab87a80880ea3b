import type { CatalogueItem, CartCategory } from '@/domain/catalogue';
import { customCashName } from '@/domain/custom-cash';
import { formatCents, formatUsd, parsePrice, roundCents } from '@/domain/money';
import { groupByCategory, priceLine } from '@/domain/pricing';
import { clampQuantity } from '@/domain/quantity';

/** A cart line as stored and sent: the price is a '$2.99' text. */
export interface CartLine {
  id: string;
  name: string;
  category: CartCategory;
  price: string;
  quantity: number;
  subcategory?: string;
}

/** The line for `quantity` of a catalogue item (its shop price). */
export function lineForItem(item: CatalogueItem, quantity: number): CartLine {
  if (item.price === null) throw new Error(`${item.name} has no shop price`);
  return { id: item.id, name: item.name, category: item.category, price: formatUsd(item.price), quantity, subcategory: item.subcategory };
}

/** The line for a custom cash amount priced at `price` USD. */
export function lineForCustomCash(amount: number, price: number): CartLine {
  return {
    id: `custom-cash-${amount}`,
    name: customCashName(amount),
    category: 'Custom Cash',
    price: formatUsd(price),
    quantity: 1,
    subcategory: 'custom cash',
  };
}

/** Adds a line; the same item (same id) merges its quantity into the existing line, up to the maximum the server accepts. */
export function addLine(lines: readonly CartLine[], line: CartLine): CartLine[] {
  const index = lines.findIndex((existing) => existing.id === line.id);
  if (index === -1) return [...lines, { ...line, quantity: clampQuantity(line.quantity) }];
  return lines.map((existing, i) => (i === index ? { ...existing, quantity: clampQuantity(existing.quantity + line.quantity) } : existing));
}

/** The quantity of an item already in the cart (0 when it is not there). */
export function quantityInCart(lines: readonly CartLine[], id: string): number {
  return lines.find((line) => line.id === id)?.quantity ?? 0;
}

/**
 * Changes a line's quantity by `delta`, never below 1 nor above the maximum the server accepts; a line
 * stored above the maximum by an older version can still be stepped down.
 */
export function changeQuantity(lines: readonly CartLine[], id: string, delta: number): CartLine[] {
  return lines.map((line) => {
    if (line.id !== id) return line;
    const next = line.quantity + delta;
    return { ...line, quantity: delta < 0 ? Math.max(1, next) : clampQuantity(next) };
  });
}

/** Removes a line. */
export function removeLine(lines: readonly CartLine[], id: string): CartLine[] {
  return lines.filter((line) => line.id !== id);
}

/** A line's price × quantity, to cents. */
export function lineTotal(line: CartLine): number {
  return roundCents(parsePrice(line.price) * line.quantity);
}

/** The cart total: sum of price × quantity, to 2 decimals. */
export function cartTotal(lines: readonly CartLine[]): number {
  return roundCents(lines.reduce((sum, line) => sum + parsePrice(line.price) * line.quantity, 0));
}

/** Lines grouped by category, Weapons first then alphabetical. */
export function groupCart(lines: readonly CartLine[]): Array<[string, CartLine[]]> {
  return groupByCategory(lines);
}

/**
 * The lines at today's prices, by the server's own rule: a cart saved by an older version keeps the prices of its day,
 * and the server refuses a total that disagrees ('Prices have changed') however often it is sent. A line the shop
 * no longer sells keeps its price; the server then names it.
 */
export function repriceLines(lines: readonly CartLine[]): CartLine[] {
  return lines.map((line) => {
    const priced = priceLine({ name: line.name, category: line.category, quantity: line.quantity });
    if (!priced.ok) return line;
    const price = formatCents(priced.unitCents);
    return price === line.price ? line : { ...line, price };
  });
}
