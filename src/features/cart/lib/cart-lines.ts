import type { CatalogueItem, CartCategory } from '@/domain/catalogue';
import { customCashAmountFromName, customCashName, customCashPrice } from '@/domain/custom-cash';
import { asCents, type Cents, formatCents, formatCount, fromCents, multiplyCents, parseCents } from '@/domain/money';
import { CUSTOM_CASH_CATEGORY, groupByCategory, totalCents } from '@/domain/pricing';
import { clampQuantity } from '@/domain/quantity';
import type { PurchaseItemInput } from '@/domain/schemas/purchases';
import type { ShopItem } from '@/lib/catalogue/catalogue-query';
import { findShopItem } from '@/lib/catalogue/reprice-purchase';
import { i18n } from '@/lib/i18n/i18n';

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
    priceCents: item.price,
    quantity,
    subcategory: item.subcategory,
  };
}

/** The line for a custom cash amount priced at `price` USD. */
export function lineForCustomCash(amount: number, price: Cents): CartLine {
  return {
    id: `custom-cash-${amount}`,
    name: customCashName(amount),
    category: 'Custom Cash',
    priceCents: price,
    quantity: 1,
    subcategory: 'custom cash',
  };
}

/**
 * A line's name as the language shown says it: an item's in-game name as it is, custom cash ('$12,345 Custom Cash',
 * the name the request carries) in words of the language, its amount written as the game writes cash.
 */
export function lineName(line: Pick<CartLine, 'name' | 'category'>): string {
  const amount = line.category === CUSTOM_CASH_CATEGORY ? customCashAmountFromName(line.name) : Number.NaN;
  return Number.isNaN(amount) ? line.name : i18n._('{amount} Custom Cash', { amount: `$${formatCount(amount)}` });
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
export function groupCart<T extends CartLine>(lines: readonly T[]): Array<[string, T[]]> {
  return groupByCategory(lines);
}

/** A cart line at the catalogue's price of now, with what stands in the way of sending it. */
export interface PricedLine extends CartLine {
  /** The price the line was added at, when the catalogue's price has moved since: shown as old → new before sending. */
  previousCents?: Cents;
  /** How many are left to buy (null: unlimited). */
  left: number | null;
  /** Why it cannot be sent as it is (not sold any more, more than is left); the server would refuse it. */
  problem?: string;
}

export const NO_LONGER_SOLD_TEXT = 'No longer sold. Remove it to send.';
export const SOLD_OUT_LINE_TEXT = 'Sold out. Remove it to send.';

/**
 * The lines at the catalogue's prices of now (issue 49), by the server's own rule: it refuses a total that disagrees
 * ('Prices have changed'), a hidden or archived item, and more than is left. A line whose price moved keeps the price
 * it was added at as `previousCents`, so the cart shows old → new before anything is sent. Without a catalogue yet
 * (offline with no saved copy) the lines stay as they were added. Custom cash is priced from its amount.
 */
export function priceCart(lines: readonly CartLine[], items: readonly ShopItem[] | undefined): PricedLine[] {
  return lines.map((line) => {
    if (line.category === CUSTOM_CASH_CATEGORY) {
      const price = customCashPrice(customCashAmountFromName(line.name));
      return price === null || price === line.priceCents ? { ...line, left: null } : { ...line, priceCents: price, left: null };
    }
    if (!items) return { ...line, left: null };
    const item = findShopItem(items, line);
    if (!item || item.status !== 'active' || item.price === null || item.inShop === false) {
      return { ...line, left: 0, problem: i18n._(NO_LONGER_SOLD_TEXT) };
    }
    const priceCents = item.price;
    const moved = priceCents !== line.priceCents ? { previousCents: line.priceCents } : {};
    const left = item.stock;
    const problem =
      left === null || line.quantity <= left
        ? undefined
        : left === 0
          ? i18n._(SOLD_OUT_LINE_TEXT)
          : i18n._('{count, plural, one {Only # left. Lower it to send.} other {Only # left. Lower it to send.}}', { count: left });
    return { ...line, name: item.name, priceCents, ...moved, left, ...(problem ? { problem } : {}) };
  });
}

/** A line as the cart stores it: its own fields only, at the price it was added at when `asAdded`. */
export function storedLine(line: CartLine & { previousCents?: Cents }, asAdded = true): CartLine {
  const { id, name, category, quantity, subcategory } = line;
  const priceCents = asAdded ? (line.previousCents ?? line.priceCents) : line.priceCents;
  return { id, name, category, quantity, priceCents, ...(subcategory ? { subcategory } : {}) };
}
