import { queryOptions, useQueryClient } from '@tanstack/react-query';
import type { ScheduledPickup } from '../../../domain/schemas/pickups';
import { apiRequest } from '../../../lib/api-client';
import { withOfflineSnapshot } from '../../../lib/offline-snapshot';
import { itemSubmissionsQueryOptions } from './item-submissions';
import { refreshWhenSent } from '../../../lib/list-refresh';
import { ADMIN_KEY, adminPollInterval } from './keys';

/** GET /api/scheduled-pickups: admins get every pickup with its `submission`; polled while open. */
export function scheduledPickupsQueryOptions() {
  return queryOptions({
    queryKey: [...ADMIN_KEY, 'scheduled-pickups'],
    queryFn: withOfflineSnapshot(({ signal }) => apiRequest<ScheduledPickup[]>('/api/scheduled-pickups', { signal })),
    refetchInterval: adminPollInterval,
  });
}

refreshWhenSent('sell', (queryClient) => queryClient.invalidateQueries({ queryKey: scheduledPickupsQueryOptions().queryKey }));

/** After a pickup action: the pickups and the submissions they come from are read again. */
export function useRefreshPickups() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: scheduledPickupsQueryOptions().queryKey }),
      queryClient.invalidateQueries({ queryKey: itemSubmissionsQueryOptions().queryKey }),
    ]);
}

/** How an action on a pickup is named in the outbox and its alerts. */
export const pickupLabel = (pickup: ScheduledPickup) =>
  pickup.submission ? `${pickup.submission.ps5Name} from ${pickup.submission.submittedBy}` : `pickup #${pickup.id}`;
