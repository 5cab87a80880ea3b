import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreatePickupBody, ScheduledPickup } from '../../../domain/schemas/pickups';
import { apiRequest } from '../../../lib/api-client';
import { withOfflineSnapshot } from '../../../lib/offline-snapshot';
import { announceAdminResult } from '../../../components/admin-action-feedback';
import { useCurrentUserName } from '../../../lib/current-user';
import { submitAdminAction, type AdminActionResult } from '../../../lib/outbox';
import { itemSubmissionsQueryOptions } from './item-submissions';
import { refreshWhenSent } from '../../../lib/list-refresh';
import { ADMIN_KEY, ADMIN_POLL_MS } from './keys';
import { rememberScheduledPickup } from '../lib/scheduled-memory-store';

/** GET /api/scheduled-pickups: admins get every pickup with its `submission`; polled while open. */
export function scheduledPickupsQueryOptions() {
  return queryOptions({
    queryKey: [...ADMIN_KEY, 'scheduled-pickups'],
    queryFn: withOfflineSnapshot(({ signal }) => apiRequest<ScheduledPickup[]>('/api/scheduled-pickups', { signal })),
    refetchInterval: ADMIN_POLL_MS,
  });
}

refreshWhenSent('sell', (queryClient) => queryClient.invalidateQueries({ queryKey: scheduledPickupsQueryOptions().queryKey }));

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
 * stores the pickup and its submission id locally, which hides the submission at once, then refreshes.
 */
export function useSchedulePickup() {
  const queryClient = useQueryClient();
  const refresh = useRefreshPickups();
  const username = useCurrentUserName() ?? '';
  return useMutation({
    mutationFn: (body: CreatePickupBody & { itemName?: string }) => {
      const { itemName, ...call } = body;
      return submitAdminAction<ScheduledPickup>(
        {
          method: 'POST',
          path: '/api/scheduled-pickups',
          body: call,
          subject: { type: 'submission', id: String(call.submissionId) },
          target: 'scheduled',
          label: `Schedule pickup: ${itemName ?? `submission #${call.submissionId}`}`,
        },
        { username },
      );
    },
    onSuccess: async (result: AdminActionResult<ScheduledPickup>) => {
      announceAdminResult(result);
      if (result.status !== 'sent') return;
      const pickup = result.result;
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

const pickupLabel = (pickup: ScheduledPickup) =>
  pickup.submission ? `${pickup.submission.ps5Name} from ${pickup.submission.submittedBy}` : `pickup #${pickup.id}`;

/** PATCH /api/scheduled-pickups/{id}/complete: scheduled → collected (Confirm Collection), with an optional proof photo. */
export function useMarkCollected() {
  const refresh = useRefreshPickups();
  const username = useCurrentUserName() ?? '';
  return useMutation({
    mutationFn: ({ pickup, photo, note }: { pickup: ScheduledPickup; photo?: Blob | null; note?: string }) =>
      submitAdminAction<ScheduledPickup>(
        {
          method: 'PATCH',
          path: `/api/scheduled-pickups/${pickup.id}/complete`,
          body: note ? { note } : {},
          subject: { type: 'pickup', id: String(pickup.id) },
          target: 'collected',
          label: `Mark collected: ${pickupLabel(pickup)}`,
          photoField: 'proofPhoto',
        },
        { username, photo },
      ),
    onSuccess: announceAdminResult,
    onSettled: refresh,
  });
}

/** PATCH /api/scheduled-pickups/{id}/paid: collected → paid (Payment Confirmation). */
export function useMarkPaid() {
  const refresh = useRefreshPickups();
  const username = useCurrentUserName() ?? '';
  return useMutation({
    mutationFn: (pickup: ScheduledPickup) =>
      submitAdminAction<ScheduledPickup>(
        {
          method: 'PATCH',
          path: `/api/scheduled-pickups/${pickup.id}/paid`,
          body: {},
          subject: { type: 'pickup', id: String(pickup.id) },
          target: 'paid',
          label: `Mark paid: ${pickupLabel(pickup)}`,
        },
        { username },
      ),
    onSuccess: announceAdminResult,
    onSettled: refresh,
  });
}
