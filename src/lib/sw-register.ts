// Registers the service worker with workbox-window and exposes "a new version is waiting" to the
// update prompt. Accepting sends SKIP_WAITING; the page reloads once the new worker controls it.
import { useSyncExternalStore } from 'react';
import { Workbox } from 'workbox-window';
import type { PageToWorkerMessage, WorkerToPageMessage } from './sw-messages';

let wb: Workbox | null = null;
let updateWaiting = false;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((l) => l());

/** Registers /sw.js in production builds; `onMessage` hears what the worker reports (drain results). */
export function registerServiceWorker(onMessage?: (message: WorkerToPageMessage) => void): Workbox | null {
  if (wb || !('serviceWorker' in navigator) || !import.meta.env.PROD) return wb;
  wb = new Workbox('/sw.js', { scope: '/' });
  // A version that was in charge when this page registered: only then can an installed worker be a new version.
  const hadController = Boolean(navigator.serviceWorker.controller);
  // A new version installed while this page runs on the old one. On a first visit workbox-window also reports
  // 'waiting' when the first worker takes over 200 ms to activate (issue 30 item 9): that is no update.
  wb.addEventListener('waiting', (event) => {
    if (!isNewVersion(event, hadController)) return;
    updateWaiting = true;
    notify();
  });
  wb.addEventListener('message', (event) => onMessage?.(event.data as WorkerToPageMessage));
  void wb.register().catch((error: unknown) => console.warn('Service worker registration failed', error));
  // Look for a new version now and then on long-lived tabs (an admin tablet at a pickup drop).
  setInterval(() => void wb?.update().catch(() => undefined), 60 * 60 * 1000);
  return wb;
}

/**
 * Whether a 'waiting' report is a new version: a worker controlled the page when it registered, so any worker waiting
 * now is a newer one — reported as `isUpdate`, as `isExternal` (found by a later `update()`), or with neither when it
 * was already waiting before this page registered (a busy start: `wasWaitingBeforeRegister`). Without a controller it
 * is the first worker of a first visit, slow to activate (issue 30 item 9): no update.
 */
export function isNewVersion(
  event: { isUpdate?: boolean; isExternal?: boolean; wasWaitingBeforeRegister?: boolean },
  hadController: boolean,
): boolean {
  return hadController && (event.isUpdate === true || event.isExternal === true || event.wasWaitingBeforeRegister === true);
}

/** Asks the service worker to keep the admin screens' code cached on this device (an admin signed in here). */
export function cacheAdminCode(): void {
  if (!('serviceWorker' in navigator)) return;
  void navigator.serviceWorker.ready
    .then((registration) => registration.active?.postMessage({ type: 'CACHE_ADMIN_CODE' } satisfies PageToWorkerMessage))
    .catch(() => undefined);
}

/** How long Reload waits for the new version to take control before it reloads anyway. */
const RELOAD_FALLBACK_MS = 5_000;

/**
 * Activates the waiting version and reloads when it takes control. Queued items live in IndexedDB and survive.
 * The player asked for a reload, so one happens in any case: if the new version has not taken control after 5 s
 * (it was already active, or never activates), the page reloads anyway and the prompt comes back if it still waits.
 */
export function applyUpdate(reloadPage: () => void = () => window.location.reload()): void {
  if (!wb) return;
  let reloaded = false;
  const reload = () => {
    clearTimeout(fallback);
    navigator.serviceWorker.removeEventListener('controllerchange', reload);
    if (reloaded) return;
    reloaded = true;
    reloadPage();
  };
  navigator.serviceWorker.addEventListener('controllerchange', reload);
  const fallback = setTimeout(reload, RELOAD_FALLBACK_MS);
  wb.messageSkipWaiting();
}

/** Hides the prompt until the next new version. */
export function dismissUpdate(): void {
  updateWaiting = false;
  notify();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether a new version waits for the player's go-ahead. */
export const isUpdateWaiting = (): boolean => updateWaiting;

/** True while a new version waits for the player's go-ahead. */
export function useUpdateWaiting(): boolean {
  return useSyncExternalStore(subscribe, isUpdateWaiting, () => false);
}
