// When the page drains the outbox: at app start, on `online`, on focus and when the tab
// becomes visible; plus what the page does when an item is confirmed (refresh the lists).
import type { QueryClient } from '@tanstack/react-query';
import { drainOutbox } from './outbox-drain';
import { onOutboxChange } from './outbox-store';
import { registerBackgroundSync } from './outbox';
import { refreshListsAfter } from './list-refresh';
import { snapshotServedKeys } from './offline-snapshot';

let running = false;
let again = false;

/** Drains now; a trigger during a drain in this tab runs one more drain after it (the lock spans tabs). */
export async function triggerDrain(): Promise<void> {
  if (running) {
    again = true;
    return;
  }
  running = true;
  try {
    do {
      again = false;
      const summary = await drainOutbox().catch((error: unknown) => console.warn('Outbox drain failed', error));
      // Still waiting for the network: ask for a Background Sync wake-up as well as the page's own triggers.
      if (summary && summary.retryLater > 0) void registerBackgroundSync();
    } while (again);
  } finally {
    running = false;
  }
}

/** Starts the page's drain triggers once; returns a stop function (tests). */
export function startOutbox(queryClient: QueryClient): () => void {
  const onFocus = () => void triggerDrain();
  const onVisible = () => {
    if (document.visibilityState === 'visible') void triggerDrain();
  };
  const onOnline = () => {
    void triggerDrain();
    // Lists shown from an offline snapshot are fetched again now the network is back.
    const served = snapshotServedKeys();
    void queryClient.invalidateQueries({ predicate: (q) => served.has(JSON.stringify(q.queryKey)) });
  };
  window.addEventListener('online', onOnline);
  window.addEventListener('focus', onFocus);
  document.addEventListener('visibilitychange', onVisible);
  const stopChanges = onOutboxChange((change) => {
    // A queued admin action that turned out already done also means the lists moved.
    if (!change.confirmed && change.state !== 'done') return;
    void refreshListsAfter(change.kind, queryClient);
  });
  void triggerDrain();
  return () => {
    window.removeEventListener('online', onOnline);
    window.removeEventListener('focus', onFocus);
    document.removeEventListener('visibilitychange', onVisible);
    stopChanges();
  };
}
