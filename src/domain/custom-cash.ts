import { asCents, type Cents, formatCount } from './money';

/** Smallest custom cash amount a customer may buy. */
export const CUSTOM_CASH_MINIMUM = 500;
/** Largest custom cash amount in one line: beyond it an order is no longer a purchase a person makes by hand. */
export const CUSTOM_CASH_MAXIMUM = 100_000_000;
/** Amount from which the savings against the $500,000 pack are shown. */
export const CUSTOM_CASH_SAVINGS_FROM = 1_000_000;
/** The pack the savings are compared with. */
export const SAVINGS_REFERENCE = { amount: 500_000, priceCents: asCents(4999) } as const;

/** Price per unit of custom cash, by the amount bought (bigger amounts are cheaper per unit); `upTo` is inclusive. */
export const CUSTOM_CASH_TIERS: ReadonlyArray<{ from: number; upTo: number; perUnit: number }> = [
  { from: 500, upTo: 24_999, perUnit: 0.0002491667 },
  { from: 25_000, upTo: 49_999, perUnit: 0.0001996 },
  { from: 50_000, upTo: 99_999, perUnit: 0.00019 },
  { from: 100_000, upTo: 499_999, perUnit: 0.0001799 },
  { from: 500_000, upTo: 999_999, perUnit: 0.00009998 },
  { from: 1_000_000, upTo: Number.POSITIVE_INFINITY, perUnit: 0.00009 },
];

/** The per-unit rate for an amount, or null outside the minimum and maximum or for a non-integer. */
export function customCashRate(amount: number): number | null {
  if (!Number.isSafeInteger(amount) || amount < CUSTOM_CASH_MINIMUM || amount > CUSTOM_CASH_MAXIMUM) return null;
  return CUSTOM_CASH_TIERS.find((tier) => amount >= tier.from && amount <= tier.upTo)!.perUnit;
}

/** The price of a custom cash amount in whole cents, or null when the amount is not allowed. */
export function customCashPrice(amount: number): Cents | null {
  const rate = customCashRate(amount);
  // Rounded from the product as it comes out (a hair above, so that 0.1 + 0.2 counts as 0.30), the rule the server
  // has always priced custom cash by: a line priced in the cart is the line the server prices.
  return rate === null ? null : asCents(Math.round((amount * rate + Number.EPSILON) * 100));
}

/** Savings in cents against buying the same amount at the $500,000 pack's rate; null below 1,000,000. */
export function customCashSavings(amount: number): Cents | null {
  const price = customCashPrice(amount);
  if (price === null || amount < CUSTOM_CASH_SAVINGS_FROM) return null;
  return asCents(Math.round((amount / SAVINGS_REFERENCE.amount) * SAVINGS_REFERENCE.priceCents) - price);
}

/** The cart line name of a custom cash amount: '$12,345 Custom Cash'. */
export function customCashName(amount: number): string {
  return `$${formatCount(amount)} Custom Cash`;
}

/**
 * Reads the amount back from a custom cash line name written as `customCashName` writes it ('$12,345 Custom Cash',
 * any capitalisation, commas optional); NaN for anything else, so a name cannot carry words an admin would read as
 * part of the order.
 */
export function customCashAmountFromName(name: string): number {
  const match = /^\s*\$?\s*([0-9]{1,3}(?:,[0-9]{3})+|[0-9]+)\s+custom cash\s*$/i.exec(name);
  return match ? Number(match[1].replace(/,/g, '')) : Number.NaN;
}
