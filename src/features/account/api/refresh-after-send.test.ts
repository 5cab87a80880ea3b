import { QueryClient } from '@tanstack/react-query';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installListRefreshes, refreshListsAfter } from '@/lib/list-refresh';
import { SCHEDULED_PICKUPS_REFRESHES, scheduledPickupsQueryOptions } from '@/lib/api/scheduled-pickups';
import { userPurchaseRequestsQueryOptions } from './get-user-purchase-requests';
import { userSellRequestsQueryOptions } from './get-user-sell-requests';
import { ACCOUNT_LIST_REFRESHES } from './list-refreshes';

// The app installs these tables with the others (src/app/list-refreshes.ts).
let uninstall = () => {};
beforeAll(() => void (uninstall = installListRefreshes(ACCOUNT_LIST_REFRESHES, SCHEDULED_PICKUPS_REFRESHES)));
afterAll(() => uninstall());

// The lists of My Account are read again after a send by the keys of their own query options: a renamed key cannot
// silently stop them refreshing.
describe("My Account's lists after a send", () => {
  const cached = () => {
    const queryClient = new QueryClient();
    for (const options of [userSellRequestsQueryOptions('ada'), userPurchaseRequestsQueryOptions('ada'), scheduledPickupsQueryOptions()])
      queryClient.setQueryData(options.queryKey, []);
    const stale = (key: readonly unknown[]) => queryClient.getQueryState(key)?.isInvalidated;
    return { queryClient, stale };
  };

  it('when a sell is sent, then My Sell Requests and the pickups are read again, and My Buy Requests is not', async () => {
    const { queryClient, stale } = cached();
    await refreshListsAfter('sell', queryClient);
    expect(stale(userSellRequestsQueryOptions('ada').queryKey)).toBe(true);
    expect(stale(scheduledPickupsQueryOptions().queryKey)).toBe(true);
    expect(stale(userPurchaseRequestsQueryOptions('ada').queryKey)).toBe(false);
  });

  it('when a purchase is sent, then My Buy Requests is read again, and the sell lists are not', async () => {
    const { queryClient, stale } = cached();
    await refreshListsAfter('purchase', queryClient);
    expect(stale(userPurchaseRequestsQueryOptions('ada').queryKey)).toBe(true);
    expect(stale(userSellRequestsQueryOptions('ada').queryKey)).toBe(false);
  });
});
