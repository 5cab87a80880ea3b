import { queryOptions } from '@tanstack/react-query';
import { ScheduledPickups } from '@/domain/schemas/pickups';
import { apiRequest } from '../api-client';
import type { ListRefreshes } from '../list-refresh';
import { withOfflineSnapshot } from '../offline-snapshot';

// GET /api/scheduled-pickups is read by players (My Sell Requests) and by admins (Admin Control): one endpoint, one
// cache entry. The server answers by the session's role — an admin every pickup with its `submission`, a player only
// the pickups of their own submissions — and a device has one signed-in user at a time (sign-out clears the cache).

/** The one query key of GET /api/scheduled-pickups. */
export const SCHEDULED_PICKUPS_KEY = ['/api/scheduled-pickups'] as const;

/** GET /api/scheduled-pickups, with the last answer kept for offline. */
export function scheduledPickupsQueryOptions() {
  return queryOptions({
    queryKey: SCHEDULED_PICKUPS_KEY,
    // The last copy is kept as the API wrote it, and read into cents like a fresh one.
    queryFn: async (context) =>
      ScheduledPickups.parse(await withOfflineSnapshot(({ signal }) => apiRequest<unknown>('/api/scheduled-pickups', { signal }))(context)),
  });
}

/** A sell sent may already be scheduled by the time the list is read again. */
export const SCHEDULED_PICKUPS_REFRESHES: ListRefreshes = {
  sell: [(queryClient) => queryClient.invalidateQueries({ queryKey: SCHEDULED_PICKUPS_KEY })],
};
