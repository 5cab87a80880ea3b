import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { withOfflineSnapshot } from '@/lib/offline-snapshot';
import { ADMIN_KEY } from './keys';

/** GET /api/store: the store's time zone (STORE_TIMEZONE), in which the server reads every scheduled time. */
export function storeSettingsQueryOptions() {
  return queryOptions({
    queryKey: [...ADMIN_KEY, 'store'],
    queryFn: withOfflineSnapshot(({ signal }) => apiRequest<{ timeZone: string }>('/api/store', { signal })),
    staleTime: Infinity,
  });
}

// This device's zone, read once: each Intl.DateTimeFormat() built costs about a millisecond at 4× CPU.
let deviceZone: string | null = null;

/** The store's time zone; this device's until the answer is known (it is prefetched with the admin lists). */
export function useStoreTimeZone(): string {
  return useQuery(storeSettingsQueryOptions()).data?.timeZone ?? (deviceZone ??= Intl.DateTimeFormat().resolvedOptions().timeZone);
}
