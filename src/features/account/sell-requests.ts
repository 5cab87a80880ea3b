import type { ScheduledPickup } from '@/domain/schemas/pickups';
import type { UserSellRequest } from '@/domain/schemas/submissions';
import { QUEUED_FILTERS } from './queued-filters';
import { deriveSellStatus, filterSellRequests, sortSellRequests, type DerivedSellStatus, type SellFilter } from '@/domain/sell-status';

/** A sell request with its shown status and the pickup of its submission, if any. */
export interface SellRequestView extends Omit<UserSellRequest, 'status'> {
  status: DerivedSellStatus;
  pickup: ScheduledPickup | undefined;
}

/**
 * Joins each request to its pickup, derives the shown status and sorts: paid, payment pending, collected, scheduled,
 * approved, pending, rejected; newest first within each.
 */
export function buildSellRequestViews(requests: readonly UserSellRequest[], pickups: readonly ScheduledPickup[]): SellRequestView[] {
  const bySubmission = new Map(pickups.map((pickup) => [pickup.submissionId, pickup]));
  return sortSellRequests(
    requests.map((request) => {
      const pickup = bySubmission.get(request.submissionId);
      return { ...request, status: deriveSellStatus(request, pickup), pickup };
    }),
  );
}

/** The sell filter buttons. */
export const SELL_FILTER_OPTIONS: { value: SellFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'pending', label: 'Pending' },
  { value: 'scheduled', label: 'Scheduled' },
  { value: 'payment pending...', label: 'Payment Pending' },
  { value: 'paid', label: 'Paid' },
  { value: 'rejected', label: 'Rejected' },
  { value: 'cancelled', label: 'Cancelled' },
];

/** How many requests each filter keeps; `queued` outbox items count under All and Pending. */
export function sellFilterCounts(views: readonly SellRequestView[], queued = 0): Record<SellFilter, number> {
  return Object.fromEntries(
    SELL_FILTER_OPTIONS.map(({ value }) => [value, filterSellRequests(views, value).length + (QUEUED_FILTERS.has(value) ? queued : 0)]),
  ) as Record<SellFilter, number>;
}

export { filterSellRequests, QUEUED_FILTERS };
