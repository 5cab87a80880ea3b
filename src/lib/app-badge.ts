// The installed app's icon badge: the number of unread messages and, for admins, of things due
// (`navigator.setAppBadge` / `clearAppBadge`, Badging API). Runs in the page (src/features/install) and in the service
// worker (when a push arrives). Plain fetches, so it works in both; where the browser has no badge (Firefox, Safari
// outside an installed web app) nothing happens.
import { adminWaiting, type WaitingPickup, type WaitingRequest, type WaitingSubmission } from '../domain/admin-waiting';
import { kvGet, kvSet } from './db';

/** kv key of the last count shown, so a push that arrives with no network can still add one. */
export const BADGE_COUNT_KEY = 'badge:count';

/** Unread messages of the session user (DESIGN §13). */
export const UNREAD_PATH = '/api/conversations/unread';
/** The admin lists the count of what waits is read from (`adminWaiting`, as the home Admin button counts). */
export const ADMIN_DUE_PATHS = ['/api/purchase-requests', '/api/item-submissions', '/api/scheduled-pickups'] as const;

type Badging = {
  setAppBadge?: (count?: number) => Promise<void>;
  clearAppBadge?: () => Promise<void>;
};

/** What a GET answered: its JSON, 'absent' for a 404 (not built yet, or nothing there), or null when unknown. */
async function getJson<T>(path: string, fetcher: typeof fetch): Promise<T | 'absent' | null> {
  try {
    const answer = await fetcher(path, { credentials: 'same-origin', cache: 'no-store', headers: { Accept: 'application/json' } });
    if (answer.status === 404) return 'absent';
    if (!answer.ok) return null;
    return (await answer.json()) as T;
  } catch {
    return null;
  }
}

/** Unread messages: `total` of GET /api/conversations/unread; 0 while that answers 404; null when unknown. */
export async function unreadCount(fetcher: typeof fetch = fetch): Promise<number | null> {
  const answer = await getJson<{ total?: unknown }>(UNREAD_PATH, fetcher);
  if (answer === 'absent') return 0;
  if (answer === null || typeof answer.total !== 'number') return null;
  return answer.total;
}

/** The last count of things due (it reads whole lists, so live changes reuse it for a while). */
let lastDue: { at: number; value: number } | null = null;

/**
 * Things due for an admin, counted as the home Admin button counts them (`adminWaiting`): pending purchase requests
 * and submissions, and promises past their time; null when unknown. A count younger than `maxAgeMs` is reused.
 */
export async function adminDueCount(fetcher: typeof fetch = fetch, maxAgeMs = 0, now = Date.now): Promise<number | null> {
  if (lastDue && now() - lastDue.at < maxAgeMs) return lastDue.value;
  const lists: unknown[][] = [];
  for (const path of ADMIN_DUE_PATHS) {
    const list = await getJson<unknown[]>(path, fetcher);
    if (list === null) return null;
    lists.push(list !== 'absent' && Array.isArray(list) ? list : []);
  }
  const [requests, submissions, pickups] = lists;
  const due = adminWaiting(
    {
      requests: requests as WaitingRequest[],
      submissions: submissions as WaitingSubmission[],
      pickups: pickups as WaitingPickup[],
    },
    now(),
  ).total;
  lastDue = { at: now(), value: due };
  return due;
}

/** The badge's number for a user: unread, plus things due for an admin; null when it cannot be known now. */
export async function badgeCount(user: { isAdmin: boolean }, fetcher: typeof fetch = fetch, dueMaxAgeMs = 0): Promise<number | null> {
  const unread = await unreadCount(fetcher);
  if (unread === null) return null;
  if (!user.isAdmin) return unread;
  const due = await adminDueCount(fetcher, dueMaxAgeMs);
  return due === null ? null : unread + due;
}

/** Shows `count` on the icon (none for 0) and remembers it. Never throws. */
export async function showBadge(count: number, badging: Badging = navigator as Badging): Promise<void> {
  try {
    if (count > 0) await badging.setAppBadge?.(count);
    else await badging.clearAppBadge?.();
  } catch {
    // Not allowed here (not installed, no permission): the number is still remembered.
  }
  await kvSet(BADGE_COUNT_KEY, count).catch(() => undefined);
}

/**
 * Counts again and shows it when it changed (from what this device last showed, page or worker); with no answer the
 * badge stays as it was. Answers the count, or null.
 */
export async function refreshBadge(
  user: { isAdmin: boolean } | null,
  {
    fetcher = fetch,
    badging = navigator as Badging,
    dueMaxAgeMs = 0,
  }: { fetcher?: typeof fetch; badging?: Badging; dueMaxAgeMs?: number } = {},
): Promise<number | null> {
  const count = user ? await badgeCount(user, fetcher, dueMaxAgeMs) : 0;
  if (count === null) return null;
  const shown = await kvGet<number>(BADGE_COUNT_KEY).catch(() => undefined);
  if (shown !== count) await showBadge(count, badging);
  return count;
}

/**
 * Worker, when a push arrives: asks the server who is signed in and counts again; with no answer (no network, the
 * session gone), one more than last shown, since the push itself is one more thing to look at.
 */
export async function refreshBadgeForPush({
  fetcher = fetch,
  badging = navigator as Badging,
}: { fetcher?: typeof fetch; badging?: Badging } = {}): Promise<number> {
  const me = await getJson<{ isAdmin?: unknown }>('/api/marketplace/me', fetcher);
  const counted = me && me !== 'absent' ? await badgeCount({ isAdmin: me.isAdmin === true }, fetcher) : null;
  const count = counted ?? ((await kvGet<number>(BADGE_COUNT_KEY).catch(() => undefined)) ?? 0) + 1;
  await showBadge(count, badging);
  return count;
}

/** The page event other screens raise after something was read or done, so the badge counts again. */
export const BADGE_REFRESH_EVENT = 'blockspin:badge-refresh';

/** Page: asks the badge to count again (e.g. after a thread was marked read). */
export function requestBadgeRefresh(): void {
  // (Only pages raise it; `globalThis` because this file is also built into the worker, which has no `window`.)
  globalThis.dispatchEvent?.(new Event(BADGE_REFRESH_EVENT));
}
