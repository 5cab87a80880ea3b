import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ScheduledPickup } from '../../../domain/schemas/pickups';
import { apiRequest } from '../../../lib/api-client';
import { withOfflineSnapshot } from '../../../lib/offline-snapshot';
import { refreshWhenSent } from '../../../lib/list-refresh';

/** GET /api/scheduled-pickups: for a customer, the server answers only the pickups of their own submissions. */
export function getScheduledPickups(): Promise<ScheduledPickup[]> {
  return apiRequest<ScheduledPickup[]>('/api/scheduled-pickups');
}

export function scheduledPickupsQueryOptions() {
  return queryOptions({ queryKey: ['/api/scheduled-pickups'], queryFn: withOfflineSnapshot(getScheduledPickups) });
}

// A sell sent may already be scheduled by the time the list is read again.
refreshWhenSent('sell', (queryClient) => queryClient.invalidateQueries({ queryKey: scheduledPickupsQueryOptions().queryKey }));

/** Fetched only while the sell tab is open. */
export function useScheduledPickups(enabled: boolean) {
  return useQuery({ ...scheduledPickupsQueryOptions(), enabled });
}
