// Messages between pages and the service worker, as one typed union each way (squoosh's habit).

/** Page → worker. `SKIP_WAITING` is what workbox-window's messageSkipWaiting() sends. */
export type PageToWorkerMessage = { type: 'SKIP_WAITING' } | { type: 'DRAIN_OUTBOX' };

/** Worker → page: the result of a drain the worker ran (Background Sync or a DRAIN_OUTBOX message). */
export type WorkerToPageMessage = { type: 'OUTBOX_DRAINED'; sent: number; retryLater: number; failed: number; needsLogin: number };

/** Runtime cache of photos already seen (/api/images/*). */
export const IMAGE_CACHE = 'blockspin-images';

/** Paths the navigation fallback never answers with the app shell. */
export const NAVIGATION_DENYLIST = [/^\/api\//, /^\/ws/];
