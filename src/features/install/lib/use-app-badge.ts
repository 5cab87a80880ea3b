import { useEffect } from 'react';
import { BADGE_REFRESH_EVENT, refreshBadge } from '@/lib/app-badge';
import { getUserData, useCurrentUserName } from '@/lib/current-user';
import { subscribeSocket } from '@/lib/socket';

/** After a burst of live changes, one count. */
const SETTLE_MS = 400;
/** An admin's things due are counted from whole lists: live changes recount them at most this often. */
export const DUE_RECOUNT_MS = 10_000;

/**
 * Keeps the app icon's badge current while the app is open: at sign-in, on every live change (a message, a new or
 * changed request), when the app comes back to the front or online, and when a screen asks (requestBadgeRefresh).
 * Signed out, the badge is cleared.
 */
export function useAppBadge(): void {
  const username = useCurrentUserName();
  useEffect(() => {
    // Where the browser has no badge (Firefox, Safari in a tab), nothing is counted or opened for it.
    if (!('setAppBadge' in navigator)) return;
    if (!username) {
      void refreshBadge(null);
      return;
    }
    const user = () => ({ isAdmin: getUserData()?.isAdmin === true });
    let settle: ReturnType<typeof setTimeout> | null = null;
    let recount: ReturnType<typeof setTimeout> | null = null;
    const refresh = () => {
      if (settle) clearTimeout(settle);
      settle = setTimeout(() => {
        settle = null;
        void refreshBadge(user());
      }, SETTLE_MS);
    };
    // A live change: unread at once, things due from the last count, and counted again within DUE_RECOUNT_MS.
    const onLive = () => {
      if (settle) clearTimeout(settle);
      settle = setTimeout(() => {
        settle = null;
        void refreshBadge(user(), { dueMaxAgeMs: DUE_RECOUNT_MS });
      }, SETTLE_MS);
      if (user().isAdmin && !recount)
        recount = setTimeout(() => {
          recount = null;
          void refreshBadge(user());
        }, DUE_RECOUNT_MS);
    };
    const onVisible = () => {
      if (document.visibilityState === 'visible') refresh();
    };
    void refreshBadge(user());
    const stopSocket = subscribeSocket(onLive);
    window.addEventListener(BADGE_REFRESH_EVENT, refresh);
    window.addEventListener('online', refresh);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      if (settle) clearTimeout(settle);
      if (recount) clearTimeout(recount);
      stopSocket();
      window.removeEventListener(BADGE_REFRESH_EVENT, refresh);
      window.removeEventListener('online', refresh);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [username]);
}
