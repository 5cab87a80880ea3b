import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { creditQueryOptions } from '@/lib/credit-query';
import { userPurchaseRequestsQueryOptions } from './get-user-purchase-requests';
import { userSellRequestsQueryOptions } from './get-user-sell-requests';

export type OwnRequest = { kind: 'purchase-request'; id: number } | { kind: 'submission'; id: number };

const cancelPath = (request: OwnRequest) =>
  request.kind === 'purchase-request' ? `/api/purchase-requests/${request.id}/cancel` : `/api/item-submissions/${request.id}/cancel`;

/**
 * POST /api/purchase-requests/{id}/cancel or /api/item-submissions/{id}/cancel: the owner withdraws a request still
 * pending. Credit it used comes back, so the balance is refreshed too.
 */
export function useCancelOwnRequest(username: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ request, key }: { request: OwnRequest; key: string }) =>
      apiRequest<unknown>(cancelPath(request), { method: 'POST', body: {}, idempotencyKey: key }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: userPurchaseRequestsQueryOptions(username).queryKey }),
        queryClient.invalidateQueries({ queryKey: userSellRequestsQueryOptions(username).queryKey }),
        queryClient.invalidateQueries({ queryKey: creditQueryOptions(username).queryKey }),
      ]),
  });
}

export { newIdempotencyKey };
