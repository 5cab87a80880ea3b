// Messages between pages and the service worker, as one typed union each way (squoosh's habit).

/** Page → worker. `SKIP_WAITING` is what workbox-window's messageSkipWaiting() sends. */
export type PageToWorkerMessage = { type: 'SKIP_WAITING' } | { type: 'DRAIN_OUTBOX' } | { type: 'CACHE_ADMIN_CODE' };

/** Worker → page: the result of a drain the worker ran (Background Sync or a DRAIN_OUTBOX message). */
export type WorkerToPageMessage = { type: 'OUTBOX_DRAINED'; sent: number; retryLater: number; failed: number; needsLogin: number };

/** Runtime cache of photos already seen (/api/images/*): one per user, so one user's photos are never answered to another. */
export const IMAGE_CACHE = 'blockspin-images';
export const userImageCache = (username: string) => `${IMAGE_CACHE}:${encodeURIComponent(username.toLowerCase())}`;

/**
 * Paths the navigation fallback never answers with the app shell: the API, the socket, and the operator's probes and
 * metrics (issue 51: a probe answered from the cache would call a dead server healthy).
 */
export const NAVIGATION_DENYLIST = [/^\/api\//, /^\/ws/, /^\/(healthz|readyz|metrics)\/?$/];

/** Runtime cache of built assets left out of the precache (the admin chunks). */
export const ASSETS_RUNTIME_CACHE = 'assets-runtime';

/** Built file listing the admin screens' chunks (never precached: players never download admin code). */
export const ADMIN_ASSETS_FILE = 'admin-assets.json';

/** kv key set on a device where an admin signed in: its worker keeps the admin code cached across updates. */
export const ADMIN_DEVICE_KEY = 'admin-device';
