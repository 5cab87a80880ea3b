import { useQueryClient } from '@tanstack/react-query';
import type { ScheduledPickup } from '@/domain/schemas/pickups';
import type { PurchaseRequest } from '@/domain/schemas/purchases';
import { itemSubmissionsQueryOptions } from '../api/item-submissions';
import { purchaseRequestsQueryOptions } from '../api/purchase-requests';
import { scheduledPickupsQueryOptions } from '../api/scheduled-pickups';
import { i18n } from '@/lib/i18n/i18n';
/** A drop or a pickup whose promise an admin changes before its deadline. */
export type PromiseSubject = { kind: 'purchase-request'; request: PurchaseRequest } | { kind: 'pickup'; pickup: ScheduledPickup };

/** The new promised time, as the scheduling forms produce it. */
export interface NewSchedule {
  scheduledDate: string;
  scheduledTime: string;
  immediate: boolean;
}

/** How a drop or pickup is named in the outbox and its alerts (in the language shown when called). */
export const subjectLabel = (subject: PromiseSubject) =>
  subject.kind === 'purchase-request'
    ? i18n._('request #{id} from {player}', { id: subject.request.id, player: subject.request.requesterName })
    : subject.pickup.submission
      ? i18n._('{item} from {player}', { item: subject.pickup.submission.ps5Name, player: subject.pickup.submission.submittedBy })
      : i18n._('pickup #{id}', { id: subject.pickup.id });

/** The record's path, under which its schedule and no-show calls sit. */
export const basePath = (subject: PromiseSubject) =>
  subject.kind === 'purchase-request' ? `/api/purchase-requests/${subject.request.id}` : `/api/scheduled-pickups/${subject.pickup.id}`;

/** The record an outbox item acts on. */
export const outboxSubject = (subject: PromiseSubject) =>
  subject.kind === 'purchase-request'
    ? { type: 'purchase-request' as const, id: String(subject.request.id) }
    : { type: 'pickup' as const, id: String(subject.pickup.id) };

/** After a reschedule or a no-show: the lists that show promises are read again. */
export function useRefreshPromiseLists() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: purchaseRequestsQueryOptions().queryKey }),
      queryClient.invalidateQueries({ queryKey: scheduledPickupsQueryOptions().queryKey }),
      queryClient.invalidateQueries({ queryKey: itemSubmissionsQueryOptions().queryKey }),
    ]);
}
