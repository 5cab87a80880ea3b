import { i18n } from '@/lib/i18n/i18n';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PurchaseRequest } from '@/domain/schemas/purchases';
import { announceAdminResult } from '@/components/admin-action-feedback';
import { useCurrentUserName } from '@/lib/current-user';
import type { AdminAction } from '@/lib/admin-action';
import { submitAdminAction } from '@/lib/outbox/outbox';
import { purchaseRequestsQueryOptions, requestLabel } from './purchase-requests';

/** The call that completes a drop: PUT /api/purchase-requests/{id}/complete (a photo goes in proofPhoto). */
export function completePurchaseAction(id: number, requesterName?: string, note?: string): AdminAction {
  return {
    method: 'PUT',
    path: `/api/purchase-requests/${id}/complete`,
    body: { expectedStatus: 'approved', ...(note ? { note } : {}) },
    subject: { type: 'purchase-request', id: String(id) },
    target: 'completed',
    label: i18n._('Complete drop: {what}', { what: requestLabel(id, requesterName) }),
    photoField: 'proofPhoto',
  };
}

/** PUT /api/purchase-requests/{id}/complete: approved → completed (Complete Drop), with an optional handover photo. */
export function useCompletePurchase() {
  const queryClient = useQueryClient();
  const username = useCurrentUserName() ?? '';
  return useMutation({
    mutationFn: (input: number | { id: number; requesterName?: string; photo?: Blob | null; note?: string }) => {
      const { id, requesterName, photo, note } = typeof input === 'number' ? { id: input } : input;
      return submitAdminAction<PurchaseRequest>(completePurchaseAction(id, requesterName, note), { username, photo });
    },
    onSuccess: announceAdminResult,
    onSettled: () => queryClient.invalidateQueries({ queryKey: purchaseRequestsQueryOptions().queryKey }),
  });
}
