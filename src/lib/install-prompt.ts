// Installing the app. Chromium-based browsers offer an install prompt (`beforeinstallprompt`): it is kept from the
// start (captured in main.tsx, so an event fired before the app's code loads is not lost) and offered by a button
// only after a meaningful action, never on load. iOS has no prompt: a one-time sheet shows how to add the app to the
// Home Screen (needed there for push, and for storage that is not evicted after 7 days of no use). Once the app runs
// installed, it asks once for persistent storage.
import { useSyncExternalStore } from 'react';

interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

/** localStorage keys: the player's answer to the install offer, and whether the iOS sheet was shown. */
export const INSTALL_OFFER_KEY = 'install:offer';
export const IOS_SHEET_KEY = 'install:ios-sheet';
export const PERSIST_ASKED_KEY = 'install:persist-asked';

let deferred: BeforeInstallPromptEvent | null = null;
let installed = false;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

/** Keeps the browser's install prompt for later (and stops its own mini-infobar). Call once, at start. */
export function captureInstallPrompt(): void {
  if (typeof window === 'undefined') return;
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    deferred = event as BeforeInstallPromptEvent;
    notify();
  });
  window.addEventListener('appinstalled', () => {
    deferred = null;
    installed = true;
    notify();
    void askPersistentStorage();
  });
}

/** Whether the browser has offered to install the app (and it is not installed). */
export function useInstallAvailable(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => deferred !== null && !installed,
    () => false,
  );
}

/** Shows the browser's install dialog; answers the player's choice (or 'unavailable'). */
export async function promptInstall(): Promise<'accepted' | 'dismissed' | 'unavailable'> {
  const event = deferred;
  if (!event) return 'unavailable';
  // A prompt can be shown once: the next one comes with the browser's next beforeinstallprompt.
  deferred = null;
  notify();
  await event.prompt();
  const { outcome } = await event.userChoice;
  return outcome;
}

/** Running as the installed app (home-screen icon), not in a browser tab. */
export function isStandalone(): boolean {
  if (typeof window === 'undefined') return false;
  return (
    (navigator as Navigator & { standalone?: boolean }).standalone === true || window.matchMedia?.('(display-mode: standalone)').matches
  );
}

/** iPhone, iPod or iPad (iPadOS says it is a Mac with a touch screen): where "Add to Home Screen" is the only install. */
export function isIos(): boolean {
  if (typeof navigator === 'undefined') return false;
  return /iPhone|iPad|iPod/.test(navigator.userAgent) || (/Macintosh/.test(navigator.userAgent) && navigator.maxTouchPoints > 1);
}

const read = (key: string) => {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
};
const write = (key: string, value: string) => {
  try {
    localStorage.setItem(key, value);
  } catch {
    /* storage unavailable: asked again next time */
  }
};

export const installOfferAnswered = () => read(INSTALL_OFFER_KEY) !== null;
export const rememberInstallOffer = (answer: 'accepted' | 'dismissed') => write(INSTALL_OFFER_KEY, answer);
export const iosSheetShown = () => read(IOS_SHEET_KEY) !== null;
export const rememberIosSheetShown = () => write(IOS_SHEET_KEY, new Date().toISOString());

/**
 * Installed: asks once for storage the browser does not evict (the outbox, the cart and offline copies live there).
 * Answers whether storage is persistent now, or null where it cannot be asked.
 */
export async function askPersistentStorage(): Promise<boolean | null> {
  const storage = typeof navigator === 'undefined' ? undefined : navigator.storage;
  if (!storage?.persist || !storage.persisted) return null;
  if (await storage.persisted()) return true;
  if (read(PERSIST_ASKED_KEY) !== null) return false;
  write(PERSIST_ASKED_KEY, new Date().toISOString());
  return storage.persist();
}
