import { queryOptions } from '@tanstack/react-query';
import { SystemStats } from '@/domain/schemas/users';
import { apiRequest } from '@/lib/api-client';
import { withOfflineSnapshot } from '@/lib/offline-snapshot';

/** GET /api/admin/stats: the system statistics, refreshed while the settings are open. */
export function statsQueryOptions() {
  return queryOptions({
    queryKey: ['super-admin', 'stats'],
    queryFn: async (context) =>
      SystemStats.parse(await withOfflineSnapshot(({ signal }) => apiRequest<unknown>('/api/admin/stats', { signal }))(context)),
    refetchInterval: 5000,
    // Read again whenever a view of it opens (useFreshOnOpen keeps an older copy off the screen meanwhile).
    refetchOnMount: 'always',
  });
}
