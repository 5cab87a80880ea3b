import type { QueryClient } from '@tanstack/react-query';
import { SCHEDULED_PICKUPS_KEY } from '@/lib/api/scheduled-pickups';
import { socketIsOpen } from '@/lib/socket-state';

/**
 * Every admin-only query key starts here, so closing Admin Control can mark them all stale at once. The pickups are
 * read by players too and keep their endpoint's one key (SCHEDULED_PICKUPS_KEY): invalidateAdminLists names both.
 */
export const ADMIN_KEY = ['admin'] as const;

/** GET /api/purchase-requests (every request). */
export const PURCHASE_REQUESTS_KEY = [...ADMIN_KEY, 'purchase-requests'] as const;

/** GET /api/item-submissions (every submission). */
export const ITEM_SUBMISSIONS_KEY = [...ADMIN_KEY, 'item-submissions'] as const;

/** Marks every list Admin Control shows stale (`refetchType: 'none'`: without reading them again now). */
export function invalidateAdminLists(queryClient: QueryClient, options: { refetchType?: 'none' } = {}): Promise<unknown> {
  return Promise.all([ADMIN_KEY, SCHEDULED_PICKUPS_KEY].map((queryKey) => queryClient.invalidateQueries({ queryKey, ...options })));
}

/** Lists are polled this often while Admin Control is open and its socket is not, so the panel stays fresh. */
export const ADMIN_POLL_MS = 5000;

/**
 * The lists' poll: off while the socket is open (its messages are patched into the lists, issue 33 item 6), every
 * 5 s while it is not. useAdminLive reads the lists again when the socket closes, which starts the poll again.
 */
export const adminPollInterval = () => (socketIsOpen() ? false : ADMIN_POLL_MS);
