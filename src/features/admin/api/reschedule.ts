import { i18n } from '@/lib/i18n/i18n';
import { useMutation } from '@tanstack/react-query';
import { announceAdminResult } from '@/components/admin-action-feedback';
import type { ScheduledPickup } from '@/domain/schemas/pickups';
import type { PurchaseRequest } from '@/domain/schemas/purchases';
import { useCurrentUserName } from '@/lib/current-user';
import { submitAdminAction } from '@/lib/outbox/outbox';
import { NewSchedule, PromiseSubject, basePath, outboxSubject, subjectLabel, useRefreshPromiseLists } from '../lib/promise-subject';

/**
 * PATCH …/{id}/schedule: proposes a new time (201, the proposal); the player accepts it, and until then the old
 * promise stands (DESIGN.md §10). Through the
 * admin outbox like every admin transition, so a tablet at a drop without signal keeps it.
 */
export function useReschedule() {
  const refresh = useRefreshPromiseLists();
  const username = useCurrentUserName() ?? '';
  return useMutation({
    mutationFn: ({ subject, schedule }: { subject: PromiseSubject; schedule: NewSchedule }) =>
      submitAdminAction<PurchaseRequest | ScheduledPickup>(
        {
          method: 'PATCH',
          path: `${basePath(subject)}/schedule`,
          body:
            subject.kind === 'purchase-request'
              ? { scheduledDate: schedule.scheduledDate, scheduledTime: schedule.scheduledTime, isImmediateSchedule: schedule.immediate }
              : { scheduledDate: schedule.scheduledDate, scheduledTime: schedule.scheduledTime, isImmediate: schedule.immediate },
          subject: outboxSubject(subject),
          target: 'proposed',
          label: i18n._('Propose a new time: {what}', { what: subjectLabel(subject) }),
        },
        { username },
      ),
    onSuccess: announceAdminResult,
    onSettled: refresh,
  });
}
