// Which lists each feature reads again after a send, as one table the app installs on the page at start
// (src/lib/background-start.ts): the one that sends needs to know neither the lists nor their keys. Only keys come
// with it, no screen's code: every device loads it, and admin code stays with admins.
import { ADMIN_LIST_REFRESHES } from '../features/admin/api/list-refreshes';
import { ACCOUNT_LIST_REFRESHES } from '../features/account/api/list-refreshes';
import { SCHEDULED_PICKUPS_REFRESHES } from '../lib/api/scheduled-pickups';
import { CONVERSATION_REFRESHES } from '../lib/conversation/queries';
import type { ListRefreshes } from '../lib/list-refresh';

/** Every feature's table of list refreshes. */
export const LIST_REFRESHES: readonly ListRefreshes[] = [
  ACCOUNT_LIST_REFRESHES,
  ADMIN_LIST_REFRESHES,
  SCHEDULED_PICKUPS_REFRESHES,
  CONVERSATION_REFRESHES,
];
