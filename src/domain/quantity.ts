import { formatCount } from './money';

/** Largest quantity of one line the server accepts: a purchase line, a sell submission or a stepper. */
export const MAX_QUANTITY = 1_000_000;

/** The server's answer, and the inputs' message, for a quantity above the maximum. */
export const QUANTITY_TOO_LARGE_TEXT = `Quantity must be at most ${formatCount(MAX_QUANTITY)}`;

/** The hint inputs show before anything is sent. */
export const QUANTITY_RANGE_TEXT = `From 1 to ${formatCount(MAX_QUANTITY)}`;

/** Whether a quantity text is an integer above 0 (spec §5). */
export function parseQuantity(text: string): number | null {
  if (!/^\s*\d+\s*$/.test(text)) return null;
  const value = Number(text);
  return Number.isSafeInteger(value) && value >= 1 ? value : null;
}

/** Whether a quantity is one the server accepts: a whole number from 1 to the maximum. */
export function isAllowedQuantity(quantity: number): boolean {
  return Number.isSafeInteger(quantity) && quantity >= 1 && quantity <= MAX_QUANTITY;
}

/** A quantity kept between 1 and the maximum. */
export function clampQuantity(quantity: number): number {
  return Math.min(MAX_QUANTITY, Math.max(1, quantity));
}
