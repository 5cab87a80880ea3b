import { i18n } from '@/lib/i18n/i18n';
import { queryOptions } from '@tanstack/react-query';
import { PurchaseRequests } from '@/domain/schemas/purchases';
import { apiRequest } from '@/lib/api-client';
import { withOfflineSnapshot } from '@/lib/offline-snapshot';
import { adminPollInterval, PURCHASE_REQUESTS_KEY } from './keys';

/** GET /api/purchase-requests: every request, newest first; polled while Admin Control is open. */
export function purchaseRequestsQueryOptions() {
  return queryOptions({
    queryKey: PURCHASE_REQUESTS_KEY,
    // Opens offline with the last copy received (a drop with no signal), kept as the API wrote it and read into cents.
    queryFn: async (context) =>
      PurchaseRequests.parse(await withOfflineSnapshot(({ signal }) => apiRequest<unknown>('/api/purchase-requests', { signal }))(context)),
    refetchInterval: adminPollInterval,
  });
}

/** How an action on a purchase request is named in the outbox and its alerts. */
export const requestLabel = (id: number, requesterName?: string) =>
  requesterName ? i18n._('request #{id} from {player}', { id, player: requesterName }) : i18n._('request #{id}', { id });
