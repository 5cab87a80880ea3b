import type { SellRequestStatus } from './state-machines';

/** What the customer sees for a sell request: the pickup's progress once one is scheduled, else the request's own status. */
export const DERIVED_SELL_STATUSES = [
  'paid',
  'payment pending...',
  'collected',
  'scheduled',
  'approved',
  'pending',
  'rejected',
  'cancelled',
] as const;
export type DerivedSellStatus = (typeof DERIVED_SELL_STATUSES)[number];

/** Filter values of My Sell Requests. */
// 'cancelled' follows the specification's filters: a request the player cancelled had no chip of its own (issue 30).
export const SELL_FILTERS = ['all', 'pending', 'scheduled', 'payment pending...', 'paid', 'rejected', 'cancelled'] as const;
export type SellFilter = (typeof SELL_FILTERS)[number];

export interface PickupFlags {
  submissionId: number;
  completed: boolean;
  paid: boolean;
}

/** Derives the shown status from the request's own status and the pickup of its submission, if any. */
export function deriveSellStatus(
  request: { status: SellRequestStatus | 'collected' },
  pickup: Omit<PickupFlags, 'submissionId'> | undefined,
): DerivedSellStatus {
  if (pickup) {
    if (pickup.paid) return 'paid';
    if (pickup.completed) return 'payment pending...';
    return 'scheduled';
  }
  return request.status;
}

/** Rank of a derived status in the sort order (lower first). */
export function sellStatusRank(status: DerivedSellStatus): number {
  return DERIVED_SELL_STATUSES.indexOf(status);
}

/** Sorts by status (paid first, rejected last), ties broken newest first. Returns a new array. */
export function sortSellRequests<T extends { status: DerivedSellStatus; createdAt: string }>(items: readonly T[]): T[] {
  return [...items].sort(
    (a, b) => sellStatusRank(a.status) - sellStatusRank(b.status) || Date.parse(b.createdAt) - Date.parse(a.createdAt),
  );
}

/** Keeps the requests matching a filter. */
export function filterSellRequests<T extends { status: DerivedSellStatus }>(items: readonly T[], filter: SellFilter): T[] {
  return filter === 'all' ? [...items] : items.filter((item) => item.status === filter);
}
