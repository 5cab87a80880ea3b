import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ItemSubmission } from '../../../domain/schemas/submissions';
import { apiRequest } from '../../../lib/api-client';
import { withOfflineSnapshot } from '../../../lib/offline-snapshot';
import { ADMIN_KEY, ADMIN_POLL_MS } from './keys';

/** GET /api/item-submissions?cache_bust={timestamp} with no caching (spec §7), polled while open. */
export function itemSubmissionsQueryOptions() {
  return queryOptions({
    queryKey: [...ADMIN_KEY, 'item-submissions'],
    queryFn: withOfflineSnapshot(({ signal }) =>
      apiRequest<ItemSubmission[]>(`/api/item-submissions?cache_bust=${Date.now()}`, { signal, headers: { 'Cache-Control': 'no-cache' } }),
    ),
    refetchInterval: ADMIN_POLL_MS,
  });
}

/** PATCH /api/item-submissions/{id}/status with 'rejected' (Deny after Confirm Denial). */
export function useDenySubmission() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest<ItemSubmission>(`/api/item-submissions/${id}/status`, { method: 'PATCH', body: { status: 'rejected' } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: itemSubmissionsQueryOptions().queryKey }),
  });
}
