import { i18n } from '@/lib/i18n/i18n';
import { queryOptions, useQueryClient } from '@tanstack/react-query';
import type { ScheduledPickup } from '@/domain/schemas/pickups';
import { scheduledPickupsQueryOptions as pickupsQuery } from '@/lib/api/scheduled-pickups';
import { itemSubmissionsQueryOptions } from './item-submissions';
import { adminPollInterval } from './keys';

/**
 * GET /api/scheduled-pickups as Admin Control reads it (every pickup with its `submission`): the one shared query,
 * polled while the panel is open and its socket is not.
 */
export function scheduledPickupsQueryOptions() {
  return queryOptions({ ...pickupsQuery(), refetchInterval: adminPollInterval });
}

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
  pickup.submission
    ? i18n._('{item} from {player}', { item: pickup.submission.ps5Name, player: pickup.submission.submittedBy })
    : i18n._('pickup #{id}', { id: pickup.id });
