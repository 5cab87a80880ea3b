import { asCents, type Cents } from './money';

/** The pickup promise: a missed drop or pickup credits the player 25% of the order, once. */
export const PROMISE_STATUSES = ['open', 'kept', 'missed', 'rescheduled', 'no-show', 'withdrawn'] as const;
export type PromiseStatus = (typeof PROMISE_STATUSES)[number];

export const CREDIT_KINDS = ['missed-drop', 'missed-pickup', 'spent', 'returned', 'reversal', 'adjustment'] as const;
export type CreditKind = (typeof CREDIT_KINDS)[number];

/** Share of the order credited when a promise is missed. */
export const MISSED_PROMISE_SHARE = 0.25;

/** 25% of an amount in cents, rounded to the nearest cent (halves up). */
export function missedPromiseCredit(baseCents: number): Cents {
  if (!Number.isSafeInteger(baseCents) || baseCents <= 0) return asCents(0);
  return asCents(Math.floor((baseCents * 25 + 50) / 100));
}

/** How a promise reads to a person. */
export function describePromiseStatus(status: PromiseStatus): string {
  switch (status) {
    case 'open':
      return 'Promised';
    case 'kept':
      return 'Kept on time';
    case 'missed':
      return 'Missed — store credit given';
    case 'rescheduled':
      return 'Rescheduled';
    case 'no-show':
      return 'Player did not show';
    case 'withdrawn':
      return 'Withdrawn';
  }
}

/** How a ledger entry reads to a person. */
export function describeCreditKind(kind: CreditKind): string {
  switch (kind) {
    case 'missed-drop':
      return 'Missed drop time';
    case 'missed-pickup':
      return 'Missed pickup time';
    case 'spent':
      return 'Spent at checkout';
    case 'returned':
      return 'Returned';
    case 'reversal':
      return 'Reversed by the store';
    case 'adjustment':
      return 'Adjusted by the store';
  }
}

/**
 * How a ledger entry is titled: its kind, except the credit of a no-show whose dispute was upheld — granted by the
 * super admin under the missed promise's kind — which is named for what happened (issue 47.5), not a missed time.
 */
export function describeCreditEntry(entry: { kind: CreditKind; createdBy: string | null }): string {
  if ((entry.kind === 'missed-drop' || entry.kind === 'missed-pickup') && entry.createdBy !== null)
    return entry.kind === 'missed-drop' ? 'No-show dispute upheld (drop)' : 'No-show dispute upheld (pickup)';
  return describeCreditKind(entry.kind);
}
