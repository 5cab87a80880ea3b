import { i18n } from '@/lib/i18n/i18n';
import { queryOptions } from '@tanstack/react-query';
import { PurchaseRequests } from '@/domain/schemas/purchases';
import { apiRequest } from '@/lib/api-client';
import { withOfflineSnapshot } from '@/lib/offline-snapshot';
import { refreshWhenSent } from '@/lib/list-refresh';
import { ADMIN_KEY, adminPollInterval } from './keys';

/** GET /api/purchase-requests: every request, newest first; polled while Admin Control is open. */
export function purchaseRequestsQueryOptions() {
  return queryOptions({
    queryKey: [...ADMIN_KEY, 'purchase-requests'],
    // Opens offline with the last copy received (a drop with no signal), kept as the API wrote it and read into cents.
    queryFn: async (context) =>
      PurchaseRequests.parse(await withOfflineSnapshot(({ signal }) => apiRequest<unknown>('/api/purchase-requests', { signal }))(context)),
    refetchInterval: adminPollInterval,
  });
}

// A purchase sent from this device (an admin shopping, or the outbox) is a new request on the list.
refreshWhenSent('purchase', (queryClient) => queryClient.invalidateQueries({ queryKey: purchaseRequestsQueryOptions().queryKey }));

/** How an action on a purchase request is named in the outbox and its alerts. */
export const requestLabel = (id: number, requesterName?: string) =>
  requesterName ? i18n._('request #{id} from {player}', { id, player: requesterName }) : i18n._('request #{id}', { id });
