import { i18n } from '@/lib/i18n/i18n';
import { useMutation } from '@tanstack/react-query';
import { announceAdminResult } from '@/components/admin-action-feedback';
import type { ScheduledPickup } from '@/domain/schemas/pickups';
import type { PurchaseRequest } from '@/domain/schemas/purchases';
import { useCurrentUserName } from '@/lib/current-user';
import { submitAdminAction } from '@/lib/outbox/outbox';
import { PromiseSubject, basePath, outboxSubject, subjectLabel, useRefreshPromiseLists } from '../lib/promise-subject';

/**
 * PATCH …/{id}/no-show: the player did not come — from the promised time until the deadline (the server answers 400
 * before it); with a note and an optional photo; no credit, and the history says who said so.
 */
export function useNoShow() {
  const refresh = useRefreshPromiseLists();
  const username = useCurrentUserName() ?? '';
  return useMutation({
    mutationFn: ({ subject, note, photo }: { subject: PromiseSubject; note?: string; photo?: Blob | null }) =>
      submitAdminAction<PurchaseRequest | ScheduledPickup>(
        {
          method: 'PATCH',
          path: `${basePath(subject)}/no-show`,
          body: { expectedStatus: subject.kind === 'purchase-request' ? 'approved' : 'scheduled', ...(note ? { note } : {}) },
          subject: outboxSubject(subject),
          target: 'no-show',
          label: i18n._('Player did not show: {what}', { what: subjectLabel(subject) }),
          photoField: 'proofPhoto',
        },
        { username, photo },
      ),
    onSuccess: announceAdminResult,
    onSettled: refresh,
  });
}
