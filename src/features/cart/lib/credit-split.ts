import { fromCents, toCents } from '@/domain/money';

export interface CreditSplit {
  /** Store credit used for this order (USD). */
  applied: number;
  /** What is left to pay (USD). */
  due: number;
}

/** How an order total splits when store credit is used: min(balance, total) from the credit, the rest due (in cents). */
export function creditSplit(total: number, balance: number, apply: boolean): CreditSplit {
  const totalCents = Math.max(0, toCents(total));
  const appliedCents = apply ? Math.min(Math.max(0, toCents(balance)), totalCents) : 0;
  return { applied: fromCents(appliedCents), due: fromCents(totalCents - appliedCents) };
}
