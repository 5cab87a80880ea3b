import type { CatalogueItem, CartCategory } from '../../../domain/catalogue';
import { customCashName } from '../../../domain/custom-cash';
import { formatUsd, parsePrice, roundCents } from '../../../domain/money';
import { cartTotal as sumLines, groupByCategory } from '../../../domain/pricing';

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
  return { id: `custom-cash-${amount}`, name: customCashName(amount), category: 'Custom Cash', price: formatUsd(price), quantity: 1, subcategory: 'custom cash' };
}

/** Adds a line; the same item (same id) merges its quantity into the existing line. */
export function addLine(lines: readonly CartLine[], line: CartLine): CartLine[] {
  const index = lines.findIndex((existing) => existing.id === line.id);
  if (index === -1) return [...lines, line];
  return lines.map((existing, i) => (i === index ? { ...existing, quantity: existing.quantity + line.quantity } : existing));
}

/** Changes a line's quantity by `delta`, never below 1. */
export function changeQuantity(lines: readonly CartLine[], id: string, delta: number): CartLine[] {
  return lines.map((line) => (line.id === id ? { ...line, quantity: Math.max(1, line.quantity + delta) } : line));
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
  return sumLines(lines.map((line) => ({ price: parsePrice(line.price), quantity: line.quantity })));
}

/** Lines grouped by category, Weapons first then alphabetical. */
export function groupCart(lines: readonly CartLine[]): Array<[string, CartLine[]]> {
  return groupByCategory(lines);
}
