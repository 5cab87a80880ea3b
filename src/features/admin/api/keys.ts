import { refreshWhenSent } from '../../../lib/list-refresh';

/** Every admin query key starts here, so closing Admin Control can mark them all stale at once. */
export const ADMIN_KEY = ['admin'] as const;

/** Lists are polled this often while Admin Control is open, so the panel stays fresh while it is open. */
export const ADMIN_POLL_MS = 5000;

// An admin action the outbox sent (or found already done) moves records on every admin list.
refreshWhenSent('admin', (queryClient) => queryClient.invalidateQueries({ queryKey: ADMIN_KEY }));
