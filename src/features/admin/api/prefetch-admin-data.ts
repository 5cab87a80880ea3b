import type { QueryClient } from '@tanstack/react-query';
import { itemSubmissionsQueryOptions } from './item-submissions';
import { purchaseRequestsQueryOptions } from './purchase-requests';
import { scheduledPickupsQueryOptions } from './scheduled-pickups';
import { storeSettingsQueryOptions } from './store-settings';

/**
 * Loads every admin list once while the device is online, so each keeps a saved copy (the lists' query functions
 * save what they receive): an admin who reaches a drop with no signal finds today's records, not an error.
 */
export async function prefetchAdminData(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.prefetchQuery(purchaseRequestsQueryOptions()),
    queryClient.prefetchQuery(itemSubmissionsQueryOptions()),
    queryClient.prefetchQuery(scheduledPickupsQueryOptions()),
    queryClient.prefetchQuery(storeSettingsQueryOptions()),
  ]);
}
