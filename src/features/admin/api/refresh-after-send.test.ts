import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { refreshListsAfter } from '../../../lib/list-refresh';
import { itemSubmissionsQueryOptions } from './item-submissions';
import { purchaseRequestsQueryOptions } from './purchase-requests';
import { scheduledPickupsQueryOptions } from './scheduled-pickups';

describe("Admin Control's lists after a send", () => {
  const cached = () => {
    const queryClient = new QueryClient();
    for (const options of [purchaseRequestsQueryOptions(), itemSubmissionsQueryOptions(), scheduledPickupsQueryOptions()])
      queryClient.setQueryData(options.queryKey, []);
    return { queryClient, stale: (key: readonly unknown[]) => queryClient.getQueryState(key)?.isInvalidated };
  };

  it('when an admin action is confirmed, then every admin list is read again', async () => {
    const { queryClient, stale } = cached();
    await refreshListsAfter('admin', queryClient);
    for (const options of [purchaseRequestsQueryOptions(), itemSubmissionsQueryOptions(), scheduledPickupsQueryOptions()])
      expect(stale(options.queryKey)).toBe(true);
  });

  it('when a sell is sent, then the submissions and pickups are read again, and the purchase requests are not', async () => {
    const { queryClient, stale } = cached();
    await refreshListsAfter('sell', queryClient);
    expect(stale(itemSubmissionsQueryOptions().queryKey)).toBe(true);
    expect(stale(scheduledPickupsQueryOptions().queryKey)).toBe(true);
    expect(stale(purchaseRequestsQueryOptions().queryKey)).toBe(false);
  });

  it('when a purchase is sent, then the purchase requests are read again', async () => {
    const { queryClient, stale } = cached();
    await refreshListsAfter('purchase', queryClient);
    expect(stale(purchaseRequestsQueryOptions().queryKey)).toBe(true);
    expect(stale(itemSubmissionsQueryOptions().queryKey)).toBe(false);
  });
});
