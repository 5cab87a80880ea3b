import { useMutation, useQueryClient } from '@tanstack/react-query';
import { announceAdminResult } from '../../../components/admin-action-feedback';
import type { ScheduledPickup } from '../../../domain/schemas/pickups';
import type { PurchaseRequest } from '../../../domain/schemas/purchases';
import { useCurrentUserName } from '../../../lib/current-user';
import { submitAdminAction } from '../../../lib/outbox';
import { itemSubmissionsQueryOptions } from './item-submissions';
import { purchaseRequestsQueryOptions } from './purchase-requests';
import { scheduledPickupsQueryOptions } from './scheduled-pickups';

/** A drop or a pickup whose promise an admin changes before its deadline. */
export type PromiseSubject = { kind: 'purchase-request'; request: PurchaseRequest } | { kind: 'pickup'; pickup: ScheduledPickup };

/** The new promised time, as the scheduling forms produce it. */
export interface NewSchedule {
  scheduledDate: string;
  scheduledTime: string;
  immediate: boolean;
}

export const subjectLabel = (subject: PromiseSubject) =>
  subject.kind === 'purchase-request'
    ? `request #${subject.request.id} from ${subject.request.requesterName}`
    : subject.pickup.submission
      ? `${subject.pickup.submission.ps5Name} from ${subject.pickup.submission.submittedBy}`
      : `pickup #${subject.pickup.id}`;

const basePath = (subject: PromiseSubject) =>
  subject.kind === 'purchase-request' ? `/api/purchase-requests/${subject.request.id}` : `/api/scheduled-pickups/${subject.pickup.id}`;

const outboxSubject = (subject: PromiseSubject) =>
  subject.kind === 'purchase-request'
    ? { type: 'purchase-request' as const, id: String(subject.request.id) }
    : { type: 'pickup' as const, id: String(subject.pickup.id) };

function useRefreshPromiseLists() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: purchaseRequestsQueryOptions().queryKey }),
      queryClient.invalidateQueries({ queryKey: scheduledPickupsQueryOptions().queryKey }),
      queryClient.invalidateQueries({ queryKey: itemSubmissionsQueryOptions().queryKey }),
    ]);
}

/**
 * PATCH …/{id}/schedule: a new promised time before the deadline; the old promise ends as rescheduled. Through the
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
          target: 'rescheduled',
          label: `Reschedule ${subjectLabel(subject)}`,
        },
        { username },
      ),
    onSuccess: announceAdminResult,
    onSettled: refresh,
  });
}

/** PATCH …/{id}/no-show: the player did not come before the deadline; no credit, and the history says who said so. */
export function useNoShow() {
  const refresh = useRefreshPromiseLists();
  const username = useCurrentUserName() ?? '';
  return useMutation({
    mutationFn: (subject: PromiseSubject) =>
      submitAdminAction<PurchaseRequest | ScheduledPickup>(
        {
          method: 'PATCH',
          path: `${basePath(subject)}/no-show`,
          body: {},
          subject: outboxSubject(subject),
          target: 'no-show',
          label: `Player did not show: ${subjectLabel(subject)}`,
        },
        { username },
      ),
    onSuccess: announceAdminResult,
    onSettled: refresh,
  });
}
