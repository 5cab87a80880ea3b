import type { ScheduledPickup } from '@/domain/schemas/pickups';
import type { PurchaseRequest } from '@/domain/schemas/purchases';

/** What waits on each Admin Control queue: the live badges of the menu. */
export function queueCounts(requests: readonly PurchaseRequest[] | undefined, pickups: readonly ScheduledPickup[] | undefined) {
  const counts = { pending: 0, approved: 0, pickups: 0, collected: 0 };
  for (const request of requests ?? []) {
    if (request.status === 'pending') counts.pending += 1;
    else if (request.status === 'approved') counts.approved += 1;
  }
  for (const pickup of pickups ?? []) {
    if (!pickup.completed) counts.pickups += 1;
    else if (!pickup.paid) counts.collected += 1;
  }
  return counts;
}
