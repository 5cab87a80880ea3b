import type { CatalogueItem } from './catalogue';
import { type Cents, formatCents, formatCount, multiplyCents, parseCents, toCents } from './money';

/** Share of the table price paid to a seller. */
export const SELL_RATE = 0.15;
/** Blockspin units per USD of table price: Blockspin = price × 0.15 × 10000. */
export const BLOCKSPIN_PER_USD = 10_000;

export const PAYMENT_METHODS = ['usd', 'blockspin'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export interface SellValue {
  /** Cents per item; a fraction of a cent for cheap items ($0.1125 is 11.25), so that × quantity is the total. */
  perItemCents: number;
  perItemBlockspin: number;
  totalCents: Cents;
  totalBlockspin: number;
}

/**
 * Value of selling `quantity` of an item with table price `tablePrice`: 15% of it in USD, or that × 10,000 in
 * Blockspin. Worked in whole units of $0.0001 (a table price in cents × 15), so the per-item value is exact ($0.1125, not 0.11249999…) and the total is
 * that × quantity rounded half up to the cent — the same total as the per-item line times the quantity, always.
 */
export function sellValue(tablePrice: Cents, quantity: number): SellValue {
  const perItemUnits = tablePrice * Math.round(SELL_RATE * 100);
  // One unit of $0.0001 is one Blockspin (× 10000 per USD): the per-item Blockspin is what is rounded, and it is whole.
  const perItemBlockspin = Math.round((perItemUnits * BLOCKSPIN_PER_USD) / 10_000);
  return {
    perItemCents: perItemUnits / 100,
    perItemBlockspin,
    totalCents: Math.round((perItemUnits * quantity) / 100) as Cents,
    totalBlockspin: perItemBlockspin * quantity,
  };
}

/**
 * Value of selling `quantity` lots of `amount` Blockspin cash. Per lot, USD is what the offer's name says
 * ('{n} Blockspin ($x.xx USD)', whole cents), which is what an admin's screen multiplies by the quantity.
 */
export function cashSellValue(amount: number, quantity: number): SellValue {
  const perItemCents = blockspinToCents(amount);
  return { perItemCents, perItemBlockspin: amount, totalCents: multiplyCents(perItemCents, quantity), totalBlockspin: amount * quantity };
}

/** Sell value of a catalogue item, or null when it has no valuation price (e.g. 'Regular Pot'). */
export function sellValueOf(item: CatalogueItem | undefined, quantity: number): SellValue | null {
  if (!item || item.sellPrice === null) return null;
  return sellValue(item.sellPrice, quantity);
}

/** USD paid for an amount of Blockspin cash sold: 0.15/10000 USD per unit. */
export function blockspinToUsd(amount: number): number {
  return (amount * SELL_RATE) / BLOCKSPIN_PER_USD;
}

/** What an amount of Blockspin cash sold pays, rounded half up to whole cents (50,000 → 75). */
export function blockspinToCents(amount: number): Cents {
  return toCents(blockspinToUsd(amount));
}

/** The sell selection text for cash: '{n} Blockspin ($x.xx USD)'. */
export function cashSelectionText(amount: number): string {
  return `${formatCount(amount)} Blockspin (${formatCents(blockspinToCents(amount))} USD)`;
}

/** Reads the amount from a name carrying a Blockspin offer, e.g. '50,000 Blockspin ($0.75 USD)' → 75 cents. */
export function centsFromOfferName(name: string): Cents | null {
  if (!/blockspin/i.test(name)) return null;
  const match = /\$\s*([0-9][0-9,]*(?:\.[0-9]+)?)\s*(?:USD)?/i.exec(name);
  return match ? parseCents(match[1]) : null;
}

/** Reads the Blockspin amount from a cash offer name; null when it carries none. */
export function blockspinFromOfferName(name: string): number | null {
  const match = /([0-9][0-9,]*)\s*Blockspin/i.exec(name);
  return match ? Number(match[1].replace(/,/g, '')) : null;
}

export interface AdminPriceDisplay {
  /** 'Not set' or 'Price TBD' when it cannot be shown. */
  text: string;
  cents: Cents | null;
  blockspin: number | null;
}

/**
 * The price an admin sees for a submission: the USD amount
 * read from a Blockspin offer name, else the catalogue valuation. `missing` is the text without a method.
 */
export function adminPriceDisplay(
  itemName: string,
  quantity: number,
  paymentMethod: PaymentMethod | null | undefined,
  missing: 'Not set' | 'Price TBD' = 'Not set',
  /** The valuation table price of an item by name: the catalogue's of now (the server's database, the app's query; issue 49). */
  sellPriceOf: (name: string) => Cents | null | undefined,
): AdminPriceDisplay {
  if (!paymentMethod) return { text: missing, cents: null, blockspin: null };
  const offerCents = centsFromOfferName(itemName);
  if (offerCents !== null) {
    const blockspin = blockspinFromOfferName(itemName);
    const cents = multiplyCents(offerCents, quantity);
    if (paymentMethod === 'usd') return { text: `${formatCents(cents)} USD`, cents, blockspin };
    const units = blockspin !== null ? blockspin * quantity : Math.round((cents * BLOCKSPIN_PER_USD) / 100);
    return { text: `${formatCount(units)} Blockspin`, cents, blockspin: units };
  }
  const tablePrice = sellPriceOf(itemName);
  const value = tablePrice == null ? null : sellValue(tablePrice, quantity);
  if (!value) return { text: missing === 'Not set' ? 'Price TBD' : missing, cents: null, blockspin: null };
  return paymentMethod === 'usd'
    ? { text: `${formatCents(value.totalCents)} USD`, cents: value.totalCents, blockspin: value.totalBlockspin }
    : { text: `${formatCount(value.totalBlockspin)} Blockspin`, cents: value.totalCents, blockspin: value.totalBlockspin };
}
