import { i18n } from '@/lib/i18n/i18n';
import { useMutation } from '@tanstack/react-query';
import type { PurchaseRequest } from '@/domain/schemas/purchases';
import { useCurrentUserName } from '@/lib/current-user';
import { holdWithUndo } from '../lib/held-action';
import { purchaseStatusAction } from './update-purchase-status';

/**
 * Reject (a pending or an approved request): held for the Undo window ("Rejected #N — Undo", issue 33 item 5), then
 * sent through the admin outbox with the status the admin saw; the lists refresh when the outbox confirms it.
 */
export function useRejectPurchase() {
  const username = useCurrentUserName() ?? '';
  return useMutation({
    mutationFn: ({ request, rejectionReason }: { request: PurchaseRequest; rejectionReason?: string }) =>
      holdWithUndo(
        purchaseStatusAction({
          id: request.id,
          body: { status: 'rejected', expectedStatus: request.status, ...(rejectionReason ? { rejectionReason } : {}) },
          requesterName: request.requesterName,
        }),
        { username, notice: i18n._('Rejected #{id}', { id: request.id }) },
      ),
  });
}
