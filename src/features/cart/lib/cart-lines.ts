import type { CatalogueItem, CartCategory } from '@/domain/catalogue';
import { customCashName } from '@/domain/custom-cash';
import { asCents, type Cents, formatCents, fromCents, multiplyCents, parseCents, toCents } from '@/domain/money';
import { groupByCategory, priceLine, totalCents } from '@/domain/pricing';
import { clampQuantity } from '@/domain/quantity';
import type { PurchaseItemInput } from '@/domain/schemas/purchases';

/** A cart line as the cart keeps it (IndexedDB): the unit price in cents, written '$2.99' only when shown or sent. */
export interface CartLine {
  id: string;
  name: string;
  category: CartCategory;
  priceCents: Cents;
  quantity: number;
  subcategory?: string;
}

/** The line for `quantity` of a catalogue item (its shop price). */
export function lineForItem(item: CatalogueItem, quantity: number): CartLine {
  if (item.price === null) throw new Error(`${item.name} has no shop price`);
  return {
    id: item.id,
    name: item.name,
    category: item.category,
    priceCents: toCents(item.price),
    quantity,
    subcategory: item.subcategory,
  };
}

/** The line for a custom cash amount priced at `price` USD. */
export function lineForCustomCash(amount: number, price: number): CartLine {
  return {
    id: `custom-cash-${amount}`,
    name: customCashName(amount),
    category: 'Custom Cash',
    priceCents: toCents(price),
    quantity: 1,
    subcategory: 'custom cash',
  };
}

/** A line as an older version stored it: the price as its '$2.99' text (or, older still, none). */
export type StoredLine = Omit<CartLine, 'priceCents'> & { priceCents?: number; price?: string | number };

/** The lines of a stored cart, whichever version wrote them; a price that cannot be read counts as $0.00. */
export function readStoredLines(stored: readonly StoredLine[] | undefined): CartLine[] {
  return (stored ?? []).map(({ price, priceCents, ...line }) => ({
    ...line,
    priceCents: Number.isSafeInteger(priceCents) ? asCents(priceCents!) : (parseCents(price ?? '') ?? asCents(0)),
  }));
}

/** The line as the API's purchase request carries it: the price as its '$2.99' text. */
export function lineToSend({ priceCents, ...line }: CartLine): PurchaseItemInput {
  return {
    id: line.id,
    name: line.name,
    category: line.category,
    price: formatCents(priceCents),
    quantity: line.quantity,
    subcategory: line.subcategory,
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

/** A line's price × quantity, in cents. */
export function lineTotal(line: CartLine): Cents {
  return multiplyCents(line.priceCents, line.quantity);
}

/** The cart total in cents: sum of price × quantity. */
export function cartTotal(lines: readonly CartLine[]): Cents {
  return totalCents(lines);
}

/** The cart total as the API's `totalPrice` carries it (dollars). */
export const cartTotalUsd = (lines: readonly CartLine[]): number => fromCents(cartTotal(lines));

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
    return priced.unitCents === line.priceCents ? line : { ...line, priceCents: priced.unitCents };
  });
}
