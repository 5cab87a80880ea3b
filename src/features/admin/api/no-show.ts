import { useMutation } from '@tanstack/react-query';
import { announceAdminResult } from '../../../components/admin-action-feedback';
import type { ScheduledPickup } from '../../../domain/schemas/pickups';
import type { PurchaseRequest } from '../../../domain/schemas/purchases';
import { useCurrentUserName } from '../../../lib/current-user';
import { submitAdminAction } from '../../../lib/outbox';
import { PromiseSubject, basePath, outboxSubject, subjectLabel, useRefreshPromiseLists } from '../lib/promise-subject';

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
