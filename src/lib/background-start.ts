import type { QueryClient } from '@tanstack/react-query';
import { drainAfterReconnect, startOutbox } from './outbox/triggers';
import { onSocketReopen } from './socket';
import { registerServiceWorker } from './sw-register';

/**
 * What the app starts once its first screen is up: the service worker (offline shell, update prompt) and the outbox
 * drain triggers, and the refresh of what is on screen when the live socket comes back (lists are never stale by
 * time, only by the updates the socket brings). Loaded after the first render, so the code for them (IndexedDB, workbox-window) is not in the way
 * of the first screen.
 */
export function startInBackground(queryClient: QueryClient): void {
  registerServiceWorker();
  startOutbox(queryClient);
  // The push subscription is read again at every launch (issue 47.10); it waits for the worker, so nothing here does.
  void import('./push-client').then((push) => push.recheckPushOnLaunch()).catch(() => undefined);
  onSocketReopen(() => {
    void queryClient.invalidateQueries({ refetchType: 'active' });
    drainAfterReconnect();
  });
}
