import { findSpecItem, inCents } from './spec-catalogue';
import { CUSTOM_CASH_MAXIMUM, CUSTOM_CASH_MINIMUM, customCashAmountFromName, customCashName, customCashPrice } from './custom-cash';
import { asCents, type Cents, formatCount, multiplyCents, sumCents } from './money';

export interface LineInput {
  name: string;
  category: string;
  quantity: number;
}

/** A priced line, in cents: its name and category are the catalogue's spelling, never the client's. */
export type LinePrice = { ok: true; name: string; category: string; unitCents: Cents; lineCents: Cents } | { ok: false; reason: string };

export const CUSTOM_CASH_CATEGORY = 'Custom Cash';
/** Whether a line's category is custom cash (priced from its amount, no catalogue item), in any capitalisation. */
export const isCustomCash = (category: string) => category.trim().toLowerCase() === CUSTOM_CASH_CATEGORY.toLowerCase();

/**
 * Prices one cart line from the shared catalogue, found by name within its category in any capitalisation; custom
 * cash from its amount. What is stored is what was priced: the catalogue's name and category, or the custom cash name
 * written from the amount.
 */
export function priceLine(line: LineInput): LinePrice {
  return priceLineFrom(line, (name, category) => {
    // The specification writes its prices in dollars, as the price list reads; they become cents here, once.
    const item = findSpecItem(name, category);
    return item && inCents(item);
  });
}

/** What pricing needs to know of a catalogue item. */
export interface PricedItem {
  name: string;
  category: string;
  /** The shop price in cents, or null when it cannot be bought. */
  price: Cents | null;
  inShop?: boolean;
}

/**
 * Prices one cart line from a catalogue (`find`: the item of that name within its category, in any capitalisation):
 * the server's is the database's (issue 49), read at the moment of the request; custom cash from its amount.
 */
export function priceLineFrom(line: LineInput, find: (name: string, category: string) => PricedItem | undefined): LinePrice {
  if (isCustomCash(line.category)) {
    const amount = customCashAmountFromName(line.name);
    const unitCents = customCashPrice(amount);
    if (unitCents === null) {
      return {
        ok: false,
        reason: `'${line.name}' is not a valid custom cash amount (whole dollars from $${formatCount(CUSTOM_CASH_MINIMUM)} to $${formatCount(CUSTOM_CASH_MAXIMUM)})`,
      };
    }
    return {
      ok: true,
      name: customCashName(amount),
      category: CUSTOM_CASH_CATEGORY,
      unitCents,
      lineCents: multiplyCents(unitCents, line.quantity),
    };
  }
  const item = find(line.name, line.category);
  if (!item || item.price === null || item.inShop === false) {
    return { ok: false, reason: `'${line.name}' is not sold in ${line.category}` };
  }
  const unitCents = item.price;
  return { ok: true, name: item.name, category: item.category, unitCents, lineCents: multiplyCents(unitCents, line.quantity) };
}

/** The cart total in cents: the sum of unit price × quantity (exact). */
export function totalCents(lines: ReadonlyArray<{ priceCents: Cents; quantity: number }>): Cents {
  return sumCents(lines.map((line) => multiplyCents(line.priceCents, line.quantity)));
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
export const PRICE_TOLERANCE_CENTS = asCents(1);

/**
 * Whether a client's total (the API's `totalPrice` in cents as claimed, see ClaimedTotalCents) matches the server's,
 * within a cent (and a hair for binary fractions). The claim is compared as sent rather than rounded to cents first,
 * so $11.055 against $11.07 stays a disagreement.
 */
export function pricesAgree(claimed: number, total: Cents): boolean {
  return Math.abs(claimed - total) <= PRICE_TOLERANCE_CENTS + 1e-7;
}
