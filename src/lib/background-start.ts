import type { QueryClient } from '@tanstack/react-query';
import { installListRefreshes, type ListRefreshes } from './list-refresh';
import { installOutboxSenders, type OutboxSenders } from './outbox/senders';
import { drainAfterReconnect, startOutbox } from './outbox/triggers';
import { onSocketReopen } from './socket';
import { registerServiceWorker } from './sw-register';
import { kvSet } from './db';
import { i18n } from './i18n/i18n';
import { SW_TEXTS, SW_TEXTS_KEY, type SwTexts } from './sw-texts';

/** The service worker's own words in the language shown, where it reads them (src/lib/sw-texts.ts). */
export function writeWorkerTexts(): Promise<void> {
  // `{count}` stays a mark the worker fills in (it has no message formatter).
  const texts = Object.fromEntries(Object.entries(SW_TEXTS).map(([name, id]) => [name, i18n._(id, { count: '{count}' })]));
  const stored: SwTexts = { lang: i18n.locale, texts };
  return kvSet(SW_TEXTS_KEY, stored).catch(() => undefined);
}

/** The features' parts of the outbox, composed by the app (src/app/outbox-senders.ts, src/app/list-refreshes.ts). */
export interface OutboxTables {
  senders: OutboxSenders;
  refreshes: readonly ListRefreshes[];
}

/**
 * What the app starts once its first screen is up: the service worker (offline shell, update prompt) and the outbox
 * drain triggers, and the refresh of what is on screen when the live socket comes back (lists are never stale by
 * time, only by the updates the socket brings). Loaded after the first render, so the code for them (IndexedDB, workbox-window) is not in the way
 * of the first screen. The features' senders are installed first, so the first drain knows how to send a queued sell
 * or purchase.
 */
export function startInBackground(queryClient: QueryClient, tables: OutboxTables): void {
  installOutboxSenders(tables.senders);
  installListRefreshes(...tables.refreshes);
  registerServiceWorker();
  startOutbox(queryClient);
  void writeWorkerTexts();
  i18n.on('change', () => void writeWorkerTexts());
  // The push subscription is read again at every launch (issue 47.10); it waits for the worker, so nothing here does.
  void import('./push-client').then((push) => push.recheckPushOnLaunch()).catch(() => undefined);
  onSocketReopen(() => {
    void queryClient.invalidateQueries({ refetchType: 'active' });
    drainAfterReconnect();
  });
}
