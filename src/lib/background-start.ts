import type { QueryClient } from '@tanstack/react-query';
import { startOutbox } from './outbox-triggers';
import { registerServiceWorker } from './sw-register';

/**
 * What the app starts once its first screen is up: the service worker (offline shell, update prompt) and the outbox
 * drain triggers. Loaded after the first render, so the code for them (IndexedDB, workbox-window) is not in the way
 * of the first screen.
 */
export function startInBackground(queryClient: QueryClient): void {
  registerServiceWorker();
  startOutbox(queryClient);
}
