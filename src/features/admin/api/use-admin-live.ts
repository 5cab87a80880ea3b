import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { ScheduledPickup } from '@/domain/schemas/pickups';
import type { ItemSubmission } from '@/domain/schemas/submissions';
import { subscribeSocket } from '@/lib/socket';
import { openProposalsQueryOptions } from '@/lib/deals-api';
import { onSocketOpenChange } from '@/lib/socket-state';
import { itemSubmissionsQueryOptions } from './item-submissions';
import { invalidateAdminLists } from './keys';
import { purchaseRequestsQueryOptions } from './purchase-requests';
import { scheduledPickupsQueryOptions } from './scheduled-pickups';

/**
 * Puts a record the socket sent into a cached list: replaced where it is, or added at the top (lists are newest
 * first). Only the changed record is a new object, so the search index rebuilds that one entry and not 10,000.
 */
export function upsertRecord<T extends { id: number }>(
  list: T[] | undefined,
  record: T,
  merge: (old: T, next: T) => T = (_old, next) => next,
): T[] | undefined {
  if (!list) return list; // Not loaded yet: the first read brings it whole.
  const index = list.findIndex((entry) => entry.id === record.id);
  if (index < 0) return [record, ...list];
  const next = list.slice();
  next[index] = merge(list[index], record);
  return next;
}

// A pickup message may come without its submission: the one already known stays.
const keepSubmission = (old: ScheduledPickup, next: ScheduledPickup): ScheduledPickup => ({
  ...next,
  submission: next.submission ?? old.submission,
});

/** Applies one socket message to the cached admin lists. */
export function patchAdminLists(queryClient: QueryClient, message: Parameters<Parameters<typeof subscribeSocket>[0]>[0]): void {
  // While this device is itself sending an action, the list is read again instead (as before): an open dialog must
  // see its own change arrive after its answer, not as another admin's move (the stale-dialog check).
  if (queryClient.isMutating() > 0) {
    void invalidateAdminLists(queryClient);
    return;
  }
  switch (message.type) {
    case 'NEW_PURCHASE_REQUEST':
    case 'PURCHASE_REQUEST_STATUS_UPDATE':
      queryClient.setQueryData(purchaseRequestsQueryOptions().queryKey, (list) => upsertRecord(list, message.payload));
      break;
    case 'NEW_ITEM_SUBMISSION':
    case 'ITEM_SUBMISSION_STATUS_UPDATE':
      queryClient.setQueryData(itemSubmissionsQueryOptions().queryKey, (list) => upsertRecord(list, message.payload));
      break;
    case 'NEW_SCHEDULED_PICKUP':
    case 'PICKUP_STATUS_UPDATE': {
      const pickup = message.payload;
      queryClient.setQueryData(scheduledPickupsQueryOptions().queryKey, (list) => upsertRecord(list, pickup, keepSubmission));
      if (pickup.submission) {
        const submission: ItemSubmission = pickup.submission;
        queryClient.setQueryData(itemSubmissionsQueryOptions().queryKey, (list) => upsertRecord(list, submission));
      }
      break;
    }
    case 'PROPOSAL_UPDATE':
      // A proposed time is small and rare: its open list is read again.
      void queryClient.invalidateQueries({ queryKey: openProposalsQueryOptions().queryKey });
      break;
    default:
      break;
  }
}

/**
 * Keeps the admin lists live over /ws while `enabled`: the connection is open only while the panel is. Each change
 * is patched into the cached list (no full read per event); when the socket closes the lists are read again, which
 * also starts their 5 s poll until it is back.
 */
export function useAdminLive(enabled: boolean): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    const stopMessages = subscribeSocket((message) => patchAdminLists(queryClient, message));
    const stopState = onSocketOpenChange((open) => {
      if (!open) void invalidateAdminLists(queryClient);
    });
    return () => {
      stopMessages();
      stopState();
    };
  }, [enabled, queryClient]);
}
