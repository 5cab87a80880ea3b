import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { PurchaseRequest, UpdatePurchaseStatusBody } from '../../../domain/schemas/purchases';
import { announceAdminResult } from '../../../components/admin-action-feedback';
import { apiRequest } from '../../../lib/api-client';
import { useCurrentUserName } from '../../../lib/current-user';
import { submitAdminAction } from '../../../lib/outbox';
import { withOfflineSnapshot } from '../../../lib/offline-snapshot';
import { refreshWhenSent } from '../../../lib/list-refresh';
import { ADMIN_KEY, ADMIN_POLL_MS } from './keys';

/** GET /api/purchase-requests: every request, newest first; polled while Admin Control is open. */
export function purchaseRequestsQueryOptions() {
  return queryOptions({
    queryKey: [...ADMIN_KEY, 'purchase-requests'],
    // Opens offline with the last copy received (a drop with no signal).
    queryFn: withOfflineSnapshot(({ signal }) => apiRequest<PurchaseRequest[]>('/api/purchase-requests', { signal })),
    refetchInterval: ADMIN_POLL_MS,
  });
}

// A purchase sent from this device (an admin shopping, or the outbox) is a new request on the list.
refreshWhenSent('purchase', (queryClient) => queryClient.invalidateQueries({ queryKey: purchaseRequestsQueryOptions().queryKey }));

const requestLabel = (id: number, requesterName?: string) => `request #${id}${requesterName ? ` from ${requesterName}` : ''}`;

/** PATCH /api/purchase-requests/{id}/status: approve (with the drop schedule) or reject; queued when offline. */
export function useUpdatePurchaseStatus() {
  const queryClient = useQueryClient();
  const username = useCurrentUserName() ?? '';
  return useMutation({
    mutationFn: ({ id, body, requesterName }: { id: number; body: UpdatePurchaseStatusBody; requesterName?: string }) =>
      submitAdminAction<PurchaseRequest>(
        {
          method: 'PATCH',
          path: `/api/purchase-requests/${id}/status`,
          body,
          subject: { type: 'purchase-request', id: String(id) },
          target: body.status,
          label: `${body.status === 'approved' ? 'Approve' : body.status === 'rejected' ? 'Reject' : 'Update'} ${requestLabel(id, requesterName)}`,
        },
        { username },
      ),
    onSuccess: announceAdminResult,
    onSettled: () => queryClient.invalidateQueries({ queryKey: purchaseRequestsQueryOptions().queryKey }),
  });
}

/** PUT /api/purchase-requests/{id}/complete: approved → completed (Complete Drop), with an optional handover photo. */
export function useCompletePurchase() {
  const queryClient = useQueryClient();
  const username = useCurrentUserName() ?? '';
  return useMutation({
    mutationFn: (input: number | { id: number; requesterName?: string; photo?: Blob | null; note?: string }) => {
      const { id, requesterName, photo, note } = typeof input === 'number' ? { id: input } : input;
      return submitAdminAction<PurchaseRequest>(
        {
          method: 'PUT',
          path: `/api/purchase-requests/${id}/complete`,
          body: note ? { note } : {},
          subject: { type: 'purchase-request', id: String(id) },
          target: 'completed',
          label: `Complete drop: ${requestLabel(id, requesterName)}`,
          photoField: 'proofPhoto',
        },
        { username, photo },
      );
    },
    onSuccess: announceAdminResult,
    onSettled: () => queryClient.invalidateQueries({ queryKey: purchaseRequestsQueryOptions().queryKey }),
  });
}
