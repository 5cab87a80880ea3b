/** Every admin query key starts here, so closing Admin Control can mark them all stale at once. */
export const ADMIN_KEY = ['admin'] as const;

/** Lists are polled this often while Admin Control is open (spec §7: the panel refreshes while open). */
export const ADMIN_POLL_MS = 5000;
