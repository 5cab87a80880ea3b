import { refreshWhenSent } from '../../../lib/list-refresh';
import { socketIsOpen } from '../../../lib/socket-state';

/** Every admin query key starts here, so closing Admin Control can mark them all stale at once. */
export const ADMIN_KEY = ['admin'] as const;

/** Lists are polled this often while Admin Control is open and its socket is not, so the panel stays fresh. */
export const ADMIN_POLL_MS = 5000;

/**
 * The lists' poll: off while the socket is open (its messages are patched into the lists, issue 33 item 6), every
 * 5 s while it is not. useAdminLive reads the lists again when the socket closes, which starts the poll again.
 */
export const adminPollInterval = () => (socketIsOpen() ? false : ADMIN_POLL_MS);

// An admin action the outbox sent (or found already done) moves records on every admin list.
refreshWhenSent('admin', (queryClient) => queryClient.invalidateQueries({ queryKey: ADMIN_KEY }));
