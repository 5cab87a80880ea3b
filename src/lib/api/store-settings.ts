import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { withOfflineSnapshot } from '@/lib/offline-snapshot';

/** GET /api/store: the store's time zone (STORE_TIMEZONE), in which the server reads every scheduled time. */
export function storeSettingsQueryOptions() {
  return queryOptions({
    queryKey: ['store-settings'],
    queryFn: withOfflineSnapshot(({ signal }) => apiRequest<{ timeZone: string }>('/api/store', { signal })),
    staleTime: Infinity,
  });
}

// This device's zone, read once: each Intl.DateTimeFormat() built costs about a millisecond at 4× CPU.
let deviceZone: string | null = null;

/** This device's time zone. */
export function deviceTimeZone(): string {
  return (deviceZone ??= Intl.DateTimeFormat().resolvedOptions().timeZone);
}

/** The store's time zone; this device's until the answer is known (admins prefetch it with their lists). */
export function useStoreTimeZone(): string {
  return useQuery(storeSettingsQueryOptions()).data?.timeZone ?? deviceTimeZone();
}
