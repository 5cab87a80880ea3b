import { i18n } from '@/lib/i18n/i18n';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PurchaseRequest, UpdatePurchaseStatusBody } from '@/domain/schemas/purchases';
import { announceAdminResult } from '@/components/admin-action-feedback';
import { useCurrentUserName } from '@/lib/current-user';
import type { AdminAction } from '@/lib/admin-action';
import { submitAdminAction } from '@/lib/outbox/outbox';
import { purchaseRequestsQueryOptions, requestLabel } from './purchase-requests';

/** The call that moves a purchase request: PATCH /api/purchase-requests/{id}/status. */
export function purchaseStatusAction({
  id,
  body,
  requesterName,
}: {
  id: number;
  body: UpdatePurchaseStatusBody;
  requesterName?: string;
}): AdminAction {
  return {
    method: 'PATCH',
    path: `/api/purchase-requests/${id}/status`,
    body,
    subject: { type: 'purchase-request', id: String(id) },
    target: body.status,
    label:
      body.status === 'approved'
        ? i18n._('Approve {what}', { what: requestLabel(id, requesterName) })
        : body.status === 'rejected'
          ? i18n._('Reject {what}', { what: requestLabel(id, requesterName) })
          : i18n._('Update {what}', { what: requestLabel(id, requesterName) }),
  };
}

/** PATCH /api/purchase-requests/{id}/status: approve (with the drop schedule) or reject; queued when offline. */
export function useUpdatePurchaseStatus() {
  const queryClient = useQueryClient();
  const username = useCurrentUserName() ?? '';
  return useMutation({
    mutationFn: (input: { id: number; body: UpdatePurchaseStatusBody; requesterName?: string }) =>
      submitAdminAction<PurchaseRequest>(purchaseStatusAction(input), { username }),
    onSuccess: announceAdminResult,
    onSettled: () => queryClient.invalidateQueries({ queryKey: purchaseRequestsQueryOptions().queryKey }),
  });
}
