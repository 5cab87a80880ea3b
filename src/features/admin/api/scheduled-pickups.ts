import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreatePickupBody, ScheduledPickup } from '../../../domain/schemas/pickups';
import { apiRequest } from '../../../lib/api-client';
import { withOfflineSnapshot } from '../../../lib/offline-snapshot';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { itemSubmissionsQueryOptions } from './item-submissions';
import { ADMIN_KEY, ADMIN_POLL_MS } from './keys';
import { rememberScheduledPickup } from './scheduled-memory-store';

/** GET /api/scheduled-pickups: admins get every pickup with its `submission`; polled while open. */
export function scheduledPickupsQueryOptions() {
  return queryOptions({
    queryKey: [...ADMIN_KEY, 'scheduled-pickups'],
    queryFn: withOfflineSnapshot(({ signal }) => apiRequest<ScheduledPickup[]>('/api/scheduled-pickups', { signal })),
    refetchInterval: ADMIN_POLL_MS,
  });
}

function useRefreshPickups() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: scheduledPickupsQueryOptions().queryKey }),
      queryClient.invalidateQueries({ queryKey: itemSubmissionsQueryOptions().queryKey }),
    ]);
}

/**
 * POST /api/scheduled-pickups: the submission moves pending → scheduled in the same transaction. An ok answer
 * stores the pickup and its submission id locally, which hides the submission at once, then refreshes (spec §7).
 */
export function useSchedulePickup() {
  const queryClient = useQueryClient();
  const refresh = useRefreshPickups();
  return useMutation({
    mutationFn: (body: CreatePickupBody) =>
      apiRequest<ScheduledPickup>('/api/scheduled-pickups', { method: 'POST', body, idempotencyKey: newIdempotencyKey() }),
    onSuccess: async (pickup) => {
      // A poll already under way may have been answered before the schedule; cancelled, its stale list cannot
      // count as newer than the stored id and prune it (the refresh below fetches again).
      await Promise.all([
        queryClient.cancelQueries({ queryKey: itemSubmissionsQueryOptions().queryKey }),
        queryClient.cancelQueries({ queryKey: scheduledPickupsQueryOptions().queryKey }),
      ]);
      rememberScheduledPickup(pickup);
    },
    onSettled: refresh,
  });
}

/** PATCH /api/scheduled-pickups/{id}/complete: scheduled → collected (Confirm Collection). */
export function useMarkCollected() {
  const refresh = useRefreshPickups();
  return useMutation({
    mutationFn: (id: number) => apiRequest<ScheduledPickup>(`/api/scheduled-pickups/${id}/complete`, { method: 'PATCH' }),
    onSettled: refresh,
  });
}

/** PATCH /api/scheduled-pickups/{id}/paid: collected → paid (Payment Confirmation). */
export function useMarkPaid() {
  const refresh = useRefreshPickups();
  return useMutation({
    mutationFn: (id: number) => apiRequest<ScheduledPickup>(`/api/scheduled-pickups/${id}/paid`, { method: 'PATCH' }),
    onSettled: refresh,
  });
}
