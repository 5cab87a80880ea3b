import { queryOptions } from '@tanstack/react-query';
import type { ItemSubmission } from '@/domain/schemas/submissions';
import { apiRequest } from '@/lib/api-client';
import { withOfflineSnapshot } from '@/lib/offline-snapshot';
import { refreshWhenSent } from '@/lib/list-refresh';
import { ADMIN_KEY, adminPollInterval } from './keys';

/** GET /api/item-submissions?cache_bust={timestamp} with no caching, so an admin never sees a stale list; polled while open. */
export function itemSubmissionsQueryOptions() {
  return queryOptions({
    queryKey: [...ADMIN_KEY, 'item-submissions'],
    queryFn: withOfflineSnapshot(({ signal }) =>
      apiRequest<ItemSubmission[]>(`/api/item-submissions?cache_bust=${Date.now()}`, { signal, headers: { 'Cache-Control': 'no-cache' } }),
    ),
    refetchInterval: adminPollInterval,
  });
}

// A sell sent from this device is a new submission on the list.
refreshWhenSent('sell', (queryClient) => queryClient.invalidateQueries({ queryKey: itemSubmissionsQueryOptions().queryKey }));
