import { i18n } from '@/lib/i18n/i18n';
import { useMutation } from '@tanstack/react-query';
import type { ScheduledPickup } from '@/domain/schemas/pickups';
import { announceAdminResult } from '@/components/admin-action-feedback';
import { useCurrentUserName } from '@/lib/current-user';
import type { AdminAction } from '@/lib/admin-action';
import { submitAdminAction } from '@/lib/outbox/outbox';
import { pickupLabel, useRefreshPickups } from './scheduled-pickups';

/** The call that marks a pickup collected: PATCH /api/scheduled-pickups/{id}/complete (a photo goes in proofPhoto). */
export function markCollectedAction(pickup: ScheduledPickup, note?: string): AdminAction {
  return {
    method: 'PATCH',
    path: `/api/scheduled-pickups/${pickup.id}/complete`,
    body: { expectedStatus: 'scheduled', ...(note ? { note } : {}) },
    subject: { type: 'pickup', id: String(pickup.id) },
    target: 'collected',
    label: i18n._('Mark collected: {what}', { what: pickupLabel(pickup) }),
    photoField: 'proofPhoto',
  };
}

/** PATCH /api/scheduled-pickups/{id}/complete: scheduled → collected (Confirm Collection), with an optional proof photo. */
export function useMarkCollected() {
  const refresh = useRefreshPickups();
  const username = useCurrentUserName() ?? '';
  return useMutation({
    mutationFn: ({ pickup, photo, note }: { pickup: ScheduledPickup; photo?: Blob | null; note?: string }) =>
      submitAdminAction<ScheduledPickup>(markCollectedAction(pickup, note), { username, photo }),
    onSuccess: announceAdminResult,
    onSettled: refresh,
  });
}
