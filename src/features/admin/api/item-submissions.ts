import { queryOptions } from '@tanstack/react-query';
import type { ItemSubmission } from '@/domain/schemas/submissions';
import { apiRequest } from '@/lib/api-client';
import { withOfflineSnapshot } from '@/lib/offline-snapshot';
import { adminPollInterval, ITEM_SUBMISSIONS_KEY } from './keys';

/** GET /api/item-submissions?cache_bust={timestamp} with no caching, so an admin never sees a stale list; polled while open. */
export function itemSubmissionsQueryOptions() {
  return queryOptions({
    queryKey: ITEM_SUBMISSIONS_KEY,
    queryFn: withOfflineSnapshot(({ signal }) =>
      apiRequest<ItemSubmission[]>(`/api/item-submissions?cache_bust=${Date.now()}`, { signal, headers: { 'Cache-Control': 'no-cache' } }),
    ),
    refetchInterval: adminPollInterval,
  });
}
