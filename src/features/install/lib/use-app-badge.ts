import { useEffect } from 'react';
import { BADGE_REFRESH_EVENT, refreshBadge } from '../../../lib/app-badge';
import { getUserData, useCurrentUserName } from '../../../lib/current-user';
import { subscribeSocket } from '../../../lib/socket';

/** After a burst of live changes, one count. */
const SETTLE_MS = 400;

/**
 * Keeps the app icon's badge current while the app is open: at sign-in, on every live change (a message, a new or
 * changed request), when the app comes back to the front or online, and when a screen asks (requestBadgeRefresh).
 * Signed out, the badge is cleared.
 */
export function useAppBadge(): void {
  const username = useCurrentUserName();
  useEffect(() => {
    if (!username) {
      void refreshBadge(null);
      return;
    }
    let timer: ReturnType<typeof setTimeout> | null = null;
    const refresh = () => {
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => {
        timer = null;
        void refreshBadge({ isAdmin: getUserData()?.isAdmin === true });
      }, SETTLE_MS);
    };
    const onVisible = () => {
      if (document.visibilityState === 'visible') refresh();
    };
    void refreshBadge({ isAdmin: getUserData()?.isAdmin === true });
    const stopSocket = subscribeSocket(refresh);
    window.addEventListener(BADGE_REFRESH_EVENT, refresh);
    window.addEventListener('online', refresh);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      if (timer) clearTimeout(timer);
      stopSocket();
      window.removeEventListener(BADGE_REFRESH_EVENT, refresh);
      window.removeEventListener('online', refresh);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [username]);
}
