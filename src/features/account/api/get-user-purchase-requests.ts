import { queryOptions, useQuery } from '@tanstack/react-query';
import { PurchaseRequest } from '@/domain/schemas/purchases';
import { apiRequest } from '@/lib/api-client';
import { withOfflineSnapshot } from '@/lib/offline-snapshot';

/**
 * A request read into cents. One whose items are not a list (an old record) keeps them as they came, so that its card
 * says they cannot be read instead of the whole list failing.
 */
function readRequest(json: unknown): PurchaseRequest {
  const read = PurchaseRequest.safeParse(json);
  if (read.success) return read.data;
  const { items, ...rest } = json as { items: unknown };
  return { ...PurchaseRequest.parse({ ...rest, items: [] }), items: items as PurchaseRequest['items'] };
}

/** GET /api/user-purchase-requests/{username}; a 404 or any load failure shows an empty list. */
export async function getUserPurchaseRequests(username: string): Promise<PurchaseRequest[]> {
  try {
    const list = await apiRequest<unknown>(`/api/user-purchase-requests/${encodeURIComponent(username)}`);
    return Array.isArray(list) ? list.map(readRequest) : [];
  } catch {
    return [];
  }
}

/** Every user's purchase-request list; one user's key adds the name. */
export const USER_PURCHASE_REQUESTS_KEY = ['/api/user-purchase-requests'] as const;

export function userPurchaseRequestsQueryOptions(username: string) {
  return queryOptions({
    queryKey: [...USER_PURCHASE_REQUESTS_KEY, username],
    // Offline: the last list received; any other failure still shows an empty list.
    queryFn: (context) =>
      withOfflineSnapshot(() => apiRequest<unknown>(`/api/user-purchase-requests/${encodeURIComponent(username)}`))(context).then(
        (list) => (Array.isArray(list) ? list.map(readRequest) : []),
        () => [] as PurchaseRequest[],
      ),
  });
}

export function useUserPurchaseRequests(username: string, enabled: boolean) {
  return useQuery({ ...userPurchaseRequestsQueryOptions(username), enabled: enabled && Boolean(username) });
}
