import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { PurchaseRequest, UpdatePurchaseStatusBody } from '../../../domain/schemas/purchases';
import { apiRequest } from '../../../lib/api-client';
import { withOfflineSnapshot } from '../../../lib/offline-snapshot';
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

/** PATCH /api/purchase-requests/{id}/status: approve (with the drop schedule) or reject. */
export function useUpdatePurchaseStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: UpdatePurchaseStatusBody }) =>
      apiRequest<PurchaseRequest>(`/api/purchase-requests/${id}/status`, { method: 'PATCH', body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: purchaseRequestsQueryOptions().queryKey }),
  });
}

/** PUT /api/purchase-requests/{id}/complete: approved → completed (Complete Drop). */
export function useCompletePurchase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest<PurchaseRequest>(`/api/purchase-requests/${id}/complete`, { method: 'PUT' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: purchaseRequestsQueryOptions().queryKey }),
  });
}
