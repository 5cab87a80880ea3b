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

// One formatter each: toLocaleString builds a new one per call, which was ~10% of a purchase POST (issue 6 profile).
const cents = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const whole = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** Formats a USD amount as '$2.99' (two decimals, thousands separated). */
export function formatUsd(value: number): string {
  return `$${cents.format(roundCents(value))}`;
}

/** Formats a whole number with thousands separators: 12000 → '12,000'. */
export function formatCount(value: number): string {
  return whole.format(Math.round(value));
}
