import { asCents, type Cents } from '@/domain/money';

export interface CreditSplit {
  /** Store credit used for this order. */
  applied: Cents;
  /** What is left to pay. */
  due: Cents;
}

/** How an order total splits when store credit is used: min(balance, total) from the credit, the rest due. */
export function creditSplit(total: Cents, balance: Cents, apply: boolean): CreditSplit {
  const whole = asCents(Math.max(0, total));
  const applied = apply ? asCents(Math.min(Math.max(0, balance), whole)) : asCents(0);
  return { applied, due: asCents(whole - applied) };
}
