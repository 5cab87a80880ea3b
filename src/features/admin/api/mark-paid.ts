import { i18n } from '@/lib/i18n/i18n';
import { useMutation } from '@tanstack/react-query';
import type { ScheduledPickup } from '@/domain/schemas/pickups';
import { announceAdminResult } from '@/components/admin-action-feedback';
import { useCurrentUserName } from '@/lib/current-user';
import { submitAdminAction } from '@/lib/outbox/outbox';
import { pickupLabel, useRefreshPickups } from './scheduled-pickups';

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
          body: { expectedStatus: 'collected' },
          subject: { type: 'pickup', id: String(pickup.id) },
          target: 'paid',
          label: i18n._('Mark paid: {what}', { what: pickupLabel(pickup) }),
        },
        { username },
      ),
    onSuccess: announceAdminResult,
    onSettled: refresh,
  });
}
