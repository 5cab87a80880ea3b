import { useQuery } from '@tanstack/react-query';
import type { UnreadCounts } from '@/domain/schemas/conversations';
import type { ScheduledPickup } from '@/domain/schemas/pickups';
import type { PurchaseRequest } from '@/domain/schemas/purchases';
import type { ItemSubmission } from '@/domain/schemas/submissions';
import { useUnreadCounts } from '@/lib/conversation/use-conversation-live';
import { itemSubmissionsQueryOptions } from '../api/item-submissions';
import { purchaseRequestsQueryOptions } from '../api/purchase-requests';
import { scheduledPickupsQueryOptions } from '../api/scheduled-pickups';

/** The Admin Control queues a deal's conversation can sit in. */
export type Queue = 'submissions' | 'pickups' | 'collected' | 'denied' | 'paid' | 'pending' | 'approved' | 'rejected' | 'completed';

/** Unread player messages per Admin Control queue: each thread counts in the queue its deal is in now. */
export function queueUnread(
  unread: UnreadCounts | undefined,
  lists: { requests?: readonly PurchaseRequest[]; submissions?: readonly ItemSubmission[]; pickups?: readonly ScheduledPickup[] },
): Partial<Record<Queue, number>> {
  const counts: Partial<Record<Queue, number>> = {};
  if (!unread) return counts;
  const requests = new Map(lists.requests?.map((request) => [request.id, request]));
  const submissions = new Map(lists.submissions?.map((submission) => [submission.id, submission]));
  const pickups = new Map(lists.pickups?.map((pickup) => [pickup.submissionId, pickup]));
  const add = (queue: Queue | null, count: number) => {
    if (queue) counts[queue] = (counts[queue] ?? 0) + count;
  };
  for (const thread of unread.threads) {
    if (thread.subjectType === 'purchase-request') {
      const status = requests.get(thread.subjectId)?.status;
      add(status === 'pending' || status === 'approved' || status === 'rejected' || status === 'completed' ? status : null, thread.count);
      continue;
    }
    const submission = submissions.get(thread.subjectId);
    const pickup = pickups.get(thread.subjectId);
    if (pickup) add(pickup.paid ? 'paid' : pickup.completed ? 'collected' : 'pickups', thread.count);
    else if (submission?.status === 'pending') add('submissions', thread.count);
    else if (submission?.status === 'rejected') add('denied', thread.count);
  }
  return counts;
}

/** queueUnread over the admin lists already loaded, kept live. */
export function useQueueUnread(): Partial<Record<Queue, number>> {
  const unread = useUnreadCounts();
  const requests = useQuery(purchaseRequestsQueryOptions()).data;
  const submissions = useQuery(itemSubmissionsQueryOptions()).data;
  const pickups = useQuery(scheduledPickupsQueryOptions()).data;
  return queueUnread(unread, { requests, submissions, pickups });
}
