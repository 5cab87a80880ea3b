// Money is carried as integer cents (`Cents`) from the catalogue to the tables and to the screen (issues 34.1, 48.1):
// sums and products of whole cents are exact, where dollars as binary floats drift (0.1 + 0.2). Dollars appear only
// at the API's edge: its numeric fields are written with `fromCents` and read back with `toCents` (the zod schemas in
// ./schemas/money.ts), its '$2.99' texts written with `formatCents` and read with `parseCents`.

declare const CENTS: unique symbol;
/** An amount of money in whole US cents. */
export type Cents = number & { readonly [CENTS]: true };

/** Brands a whole number of cents; a fraction, NaN or an unsafe integer is a bug, so it throws. */
export function asCents(value: number): Cents {
  if (!Number.isSafeInteger(value)) throw new RangeError(`${value} is not a whole number of cents`);
  return value as Cents;
}

/** Whole cents of a dollar amount (2.675 → 268: rounded half up on the decimal text, not the float); NaN when not finite. */
export function toCents(usd: number): Cents {
  if (!Number.isFinite(usd)) return Number.NaN as Cents;
  const [whole, fraction = ''] = Math.abs(usd).toFixed(6).split('.');
  const cents = Number(whole) * 100 + Number(fraction.slice(0, 2)) + (Number(fraction[2]) >= 5 ? 1 : 0);
  return (usd < 0 ? -cents : cents) as Cents;
}

/** Dollars of an amount in cents, for the API's numeric fields (exact to the cent). */
export const fromCents = (cents: number): number => Math.round(cents) / 100;

const PRICE_TEXT = /^\s*\$?\s*([0-9][0-9,]*(?:\.[0-9]+)?|\.[0-9]+)\s*$/;

/**
 * Reads a price ('$2.99', '$1,200.50', '19.99', or a dollar number) into cents, from its digits rather than through a
 * float; a third decimal rounds half up. Null when it is not a price (negative amounts are not prices).
 */
export function parseCents(price: string | number): Cents | null {
  if (typeof price === 'number') return Number.isFinite(price) && price >= 0 ? toCents(price) : null;
  const match = PRICE_TEXT.exec(price);
  if (!match) return null;
  const [whole, fraction = ''] = match[1].replace(/,/g, '').split('.');
  const cents = Number(whole || '0') * 100 + Number(fraction.slice(0, 2).padEnd(2, '0')) + (Number(fraction[2] ?? 0) >= 5 ? 1 : 0);
  return Number.isSafeInteger(cents) ? (cents as Cents) : null;
}

// Plain arithmetic instead of Intl.NumberFormat, giving the same en-US text (money.test.ts compares the two over
// 20,000 random amounts): the first Intl formatter a page builds costs ~110 ms of start-up on a 4×-slowed phone CPU,
// and these two formats are all the app needs.

/** The cents a price claims, as written and not rounded ('$11.055' → 1105.5): for comparing a claim; NaN when it is not a price. */
export function claimedCents(price: string | number): number {
  if (typeof price === 'number') return price * 100;
  const match = PRICE_TEXT.exec(price);
  return match ? Number(match[1].replace(/,/g, '')) * 100 : Number.NaN;
}

/** Formats cents as the API and the screens write money: 299 → '$2.99', 123450 → '$1,234.50'. */
export function formatCents(cents: Cents): string {
  const abs = Math.abs(cents);
  const whole = Math.floor(abs / 100);
  return `$${cents < 0 ? '-' : ''}${groupThousands(String(whole))}.${String(abs % 100).padStart(2, '0')}`;
}

/** The sum of amounts in cents (exact). */
export function sumCents(amounts: Iterable<Cents>): Cents {
  let sum = 0;
  for (const amount of amounts) sum += amount;
  return sum as Cents;
}

/** A unit price times a whole quantity (exact). */
export function multiplyCents(unit: Cents, quantity: number): Cents {
  return (unit * quantity) as Cents;
}

/** '1234567' → '1,234,567'. */
function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** Formats a whole number with thousands separators: 12000 → '12,000'. */
export function formatCount(value: number): string {
  const rounded = Math.round(value);
  return `${rounded < 0 ? '-' : ''}${groupThousands(String(Math.abs(rounded)))}`;
}

/** What a typed whole amount (dollars of custom cash, units of Blockspin) means: nothing yet, an amount, or a decimal point. */
export type WholeAmountEntry = { kind: 'empty' } | { kind: 'amount'; amount: number } | { kind: 'fraction' };

/**
 * Reads a typed whole amount. Thousands commas and spaces are dropped; a decimal point is kept and refused rather
 * than dropped, because dropping it turns 500.5 into 5,005 without the player noticing.
 */
export function readWholeAmountEntry(text: string): WholeAmountEntry {
  const cleaned = text.replace(/[^0-9.]/g, '');
  if (cleaned.includes('.')) return { kind: 'fraction' };
  const digits = cleaned.replace(/^0+/, '');
  return digits === '' ? { kind: 'empty' } : { kind: 'amount', amount: Number(digits) };
}

/**
 * The largest total one purchase request may have, $1,000,000 (DESIGN §7, issue 29.7): above it the server answers 400
 * with ORDER_TOTAL_TOO_LARGE_TEXT. A valid order of $1 trillion once overflowed PostgreSQL's numeric(14, 2) into a 500.
 */
export const MAX_ORDER_TOTAL_CENTS = asCents(100_000_000);
export const ORDER_TOTAL_TOO_LARGE_TEXT = 'An order can total at most $1,000,000. Please split it into smaller orders.';
