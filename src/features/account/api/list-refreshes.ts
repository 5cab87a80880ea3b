import type { ListRefreshes } from '@/lib/list-refresh';
import { USER_PURCHASE_REQUESTS_KEY, userPurchaseRequestsQueryOptions } from './get-user-purchase-requests';
import { USER_SELL_REQUESTS_KEY, userSellRequestsQueryOptions } from './get-user-sell-requests';

/** What My Account reads again after a send: the sender's own list when known, else every user's. */
export const ACCOUNT_LIST_REFRESHES: ListRefreshes = {
  // A sell sent from the sell screen or the outbox adds to this list.
  sell: [
    (queryClient, { username }) =>
      queryClient.invalidateQueries({ queryKey: username ? userSellRequestsQueryOptions(username).queryKey : USER_SELL_REQUESTS_KEY }),
  ],
  // A purchase sent from the cart or the outbox adds to this list.
  purchase: [
    (queryClient, { username }) =>
      queryClient.invalidateQueries({
        queryKey: username ? userPurchaseRequestsQueryOptions(username).queryKey : USER_PURCHASE_REQUESTS_KEY,
      }),
  ],
};
