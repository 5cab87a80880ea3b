import { i18n } from '@/lib/i18n/i18n';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type CreatePickupBodyJson, ScheduledPickup } from '@/domain/schemas/pickups';
import { announceAdminResult } from '@/components/admin-action-feedback';
import { useCurrentUserName } from '@/lib/current-user';
import { submitAdminAction, type AdminActionResult } from '@/lib/outbox/outbox';
import { itemSubmissionsQueryOptions } from './item-submissions';
import { rememberScheduledPickup } from '../lib/scheduled-memory-store';
import { scheduledPickupsQueryOptions, useRefreshPickups } from './scheduled-pickups';

/**
 * POST /api/scheduled-pickups: the submission moves pending → scheduled in the same transaction. An ok answer
 * stores the pickup and its submission id locally, which hides the submission at once, then refreshes.
 */
export function useSchedulePickup() {
  const queryClient = useQueryClient();
  const refresh = useRefreshPickups();
  const username = useCurrentUserName() ?? '';
  return useMutation({
    mutationFn: (body: CreatePickupBodyJson & { itemName?: string }) => {
      const { itemName, ...call } = body;
      return submitAdminAction<ScheduledPickup>(
        {
          method: 'POST',
          path: '/api/scheduled-pickups',
          body: { expectedStatus: 'pending', ...call },
          subject: { type: 'submission', id: String(call.submissionId) },
          target: 'scheduled',
          label: i18n._('Schedule pickup: {what}', { what: itemName ?? i18n._('submission #{id}', { id: call.submissionId }) }),
        },
        { username },
      );
    },
    onSuccess: async (result: AdminActionResult<ScheduledPickup>) => {
      announceAdminResult(result);
      if (result.status !== 'sent') return;
      const pickup = ScheduledPickup.parse(result.result);
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
