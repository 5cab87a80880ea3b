// When the page drains the outbox: at app start, on `online`, on focus, when the tab becomes visible, when the live
// socket reconnects, and on a backing-off timer while anything waits; plus what the page does when an item is
// confirmed (refresh the lists).
import type { QueryClient } from '@tanstack/react-query';
import { createBackoff } from '../../domain/backoff';
import { drainOutbox } from './drain';
import { onOutboxChange } from './store';
import { registerBackgroundSync } from './keep';
import { releaseHeldActions } from './outbox';
import { refreshListsAfter } from '../list-refresh';
import { snapshotServedKeys } from '../offline-snapshot';

let running = false;
let again = false;

/** First retry after a drain left items waiting, doubling up to the cap (issue 30 item 10). */
export const RETRY_FIRST_MS = 1_000;
export const RETRY_MAX_MS = 15_000;
const retryBackoff = createBackoff({ firstMs: RETRY_FIRST_MS, maxMs: RETRY_MAX_MS });
let retryTimer: ReturnType<typeof setTimeout> | null = null;
let holdTimer: ReturnType<typeof setTimeout> | null = null;

/** A held item (an admin's Deny or Reject open to Undo) is sent when its hold ends: a drain is due then. */
function scheduleHoldEnd(heldUntil: number | undefined): void {
  if (holdTimer) clearTimeout(holdTimer);
  holdTimer = null;
  if (heldUntil === undefined) return;
  holdTimer = setTimeout(
    () => {
      holdTimer = null;
      void triggerDrain();
    },
    Math.max(0, heldUntil - Date.now()),
  );
}

/**
 * While anything waits, the page tries again on a timer: `online` can come before the server is reachable (a flaky
 * network, a server restart), and iPhones have no Background Sync to wake the page later. A drain that leaves nothing
 * waiting stops the timer and resets its delay.
 */
function scheduleRetry(waiting: boolean): void {
  if (retryTimer) clearTimeout(retryTimer);
  retryTimer = null;
  if (!waiting) {
    retryBackoff.reset();
    return;
  }
  retryTimer = setTimeout(() => {
    retryTimer = null;
    void triggerDrain();
  }, retryBackoff.next());
}

/** A sign the network or the server is back (`online`, the socket reopening): the next retry starts short again. */
function resetRetry(): void {
  retryBackoff.reset();
}

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
      if (!again) scheduleRetry(!summary || summary.retryLater > 0);
      if (summary) scheduleHoldEnd(summary.heldUntil);
    } while (again);
  } finally {
    running = false;
  }
}

/** The socket reconnected: the server is reachable again, so whatever waits is sent now. */
export function drainAfterReconnect(): void {
  resetRetry();
  void triggerDrain();
}

/** Starts the page's drain triggers once; returns a stop function (tests). */
export function startOutbox(queryClient: QueryClient): () => void {
  const onFocus = () => void triggerDrain();
  const onVisible = () => {
    if (document.visibilityState === 'visible') void triggerDrain();
  };
  const onOnline = () => {
    resetRetry();
    void triggerDrain();
    // Lists shown from an offline snapshot are fetched again now the network is back.
    const served = snapshotServedKeys();
    void queryClient.invalidateQueries({ predicate: (q) => served.has(JSON.stringify(q.queryKey)) });
  };
  // Leaving the app ends every Undo window: what was held is sent now, not on the next start (issue 47.9).
  // Not when the page goes into the back/forward cache (`persisted`): it may come back, and WebKit froze an IndexedDB
  // transaction begun there, which then held every other page's outbox reads and writes for good.
  const onPageHide = (event: PageTransitionEvent) => {
    if (event.persisted) return;
    void releaseHeldActions().then((released) => (released > 0 ? triggerDrain() : undefined));
  };
  window.addEventListener('online', onOnline);
  window.addEventListener('focus', onFocus);
  window.addEventListener('pagehide', onPageHide);
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
    window.removeEventListener('pagehide', onPageHide);
    document.removeEventListener('visibilitychange', onVisible);
    stopChanges();
    scheduleRetry(false);
    scheduleHoldEnd(undefined);
  };
}
