import type { ListRefreshes } from '@/lib/list-refresh';
import { invalidateAdminLists, ITEM_SUBMISSIONS_KEY, PURCHASE_REQUESTS_KEY } from './keys';

// Only keys here: the app's table is loaded on every device, and no admin screen's code (nor its texts) may come with it.

/** What Admin Control reads again after a send from this device. */
export const ADMIN_LIST_REFRESHES: ListRefreshes = {
  // An admin action the outbox sent (or found already done) moves records on every admin list.
  admin: [(queryClient) => invalidateAdminLists(queryClient)],
  // A purchase sent from this device (an admin shopping, or the outbox) is a new request on the list.
  purchase: [(queryClient) => queryClient.invalidateQueries({ queryKey: PURCHASE_REQUESTS_KEY })],
  // A sell sent from this device is a new submission on the list.
  sell: [(queryClient) => queryClient.invalidateQueries({ queryKey: ITEM_SUBMISSIONS_KEY })],
};
