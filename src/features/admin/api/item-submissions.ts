import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ItemSubmission } from '../../../domain/schemas/submissions';
import { announceAdminResult } from '../../../components/admin-action-feedback';
import { apiRequest } from '../../../lib/api-client';
import { useCurrentUserName } from '../../../lib/current-user';
import { submitAdminAction } from '../../../lib/outbox';
import { withOfflineSnapshot } from '../../../lib/offline-snapshot';
import { refreshWhenSent } from '../../../lib/list-refresh';
import { ADMIN_KEY, ADMIN_POLL_MS } from './keys';

/** GET /api/item-submissions?cache_bust={timestamp} with no caching, so an admin never sees a stale list; polled while open. */
export function itemSubmissionsQueryOptions() {
  return queryOptions({
    queryKey: [...ADMIN_KEY, 'item-submissions'],
    queryFn: withOfflineSnapshot(({ signal }) =>
      apiRequest<ItemSubmission[]>(`/api/item-submissions?cache_bust=${Date.now()}`, { signal, headers: { 'Cache-Control': 'no-cache' } }),
    ),
    refetchInterval: ADMIN_POLL_MS,
  });
}

// A sell sent from this device is a new submission on the list.
refreshWhenSent('sell', (queryClient) => queryClient.invalidateQueries({ queryKey: itemSubmissionsQueryOptions().queryKey }));

/** PATCH /api/item-submissions/{id}/status with 'rejected' (Deny after Confirm Denial). */
export function useDenySubmission() {
  const queryClient = useQueryClient();
  const username = useCurrentUserName() ?? '';
  return useMutation({
    mutationFn: (input: number | { id: number; itemName?: string; submittedBy?: string; rejectionReason?: string }) => {
      const { id, itemName, submittedBy, rejectionReason } = typeof input === 'number' ? { id: input } : input;
      return submitAdminAction<ItemSubmission>(
        {
          method: 'PATCH',
          path: `/api/item-submissions/${id}/status`,
          body: { status: 'rejected', ...(rejectionReason ? { rejectionReason } : {}) },
          subject: { type: 'submission', id: String(id) },
          target: 'rejected',
          label: `Deny ${itemName ?? `submission #${id}`}${submittedBy ? ` from ${submittedBy}` : ''}`,
        },
        { username },
      );
    },
    onSuccess: announceAdminResult,
    onSettled: () => queryClient.invalidateQueries({ queryKey: itemSubmissionsQueryOptions().queryKey }),
  });
}
