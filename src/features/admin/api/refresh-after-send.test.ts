import { QueryClient } from '@tanstack/react-query';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installListRefreshes, refreshListsAfter } from '@/lib/list-refresh';
import { itemSubmissionsQueryOptions } from './item-submissions';
import { purchaseRequestsQueryOptions } from './purchase-requests';
import { SCHEDULED_PICKUPS_REFRESHES, scheduledPickupsQueryOptions as sharedPickupsQueryOptions } from '@/lib/api/scheduled-pickups';
import { invalidateAdminLists } from './keys';
import { ADMIN_LIST_REFRESHES } from './list-refreshes';
import { scheduledPickupsQueryOptions } from './scheduled-pickups';

// The app installs these tables with the others (src/app/list-refreshes.ts).
let uninstall = () => {};
beforeAll(() => void (uninstall = installListRefreshes(ADMIN_LIST_REFRESHES, SCHEDULED_PICKUPS_REFRESHES)));
afterAll(() => uninstall());

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

  it('when an admin and a player read GET /api/scheduled-pickups, then both read the one cache entry of that endpoint', () => {
    expect(scheduledPickupsQueryOptions().queryKey).toEqual(['/api/scheduled-pickups']);
    expect(scheduledPickupsQueryOptions().queryKey).toEqual(sharedPickupsQueryOptions().queryKey);
  });

  it('when Admin Control closes, then every list it shows is marked stale, the pickups too', async () => {
    const { queryClient, stale } = cached();
    await invalidateAdminLists(queryClient, { refetchType: 'none' });
    for (const options of [purchaseRequestsQueryOptions(), itemSubmissionsQueryOptions(), scheduledPickupsQueryOptions()])
      expect(stale(options.queryKey)).toBe(true);
  });
});
