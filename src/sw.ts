/// <reference lib="webworker" />
// The service worker: precached app shell, offline navigation to index.html,
// photos already seen from a cache, the outbox drain on Background Sync, and Web Push notifications.
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { OUTBOX_SENDERS } from './app/outbox-senders';
import { drainOutbox, drainThroughHolds, SYNC_TAG } from './lib/outbox/drain';
import { installOutboxSenders } from './lib/outbox/senders';
import { kvGet, kvSet, SIGNED_IN_USER_KEY } from './lib/db';
import { answerProposal, failedAdminNotification, notificationFor, openScreen, renewSubscription } from './lib/push-worker';
import { SW_TEXTS_KEY, type SwTexts } from './lib/sw-texts';

/** The worker's own words in the language the app last showed (src/lib/sw-texts.ts); English when none are stored. */
const storedTexts = () => kvGet<SwTexts>(SW_TEXTS_KEY).catch(() => undefined);
import { refreshBadgeForPush } from './lib/app-badge';
import {
  isForeignShare,
  keepSharedPhoto,
  REFUSED_SHARE_LANDING,
  SHARE_LANDING,
  SHARE_TARGET_PATH,
  type ShareInitiator,
} from './lib/share-target';
import {
  ADMIN_ASSETS_FILE,
  ADMIN_DEVICE_KEY,
  ASSETS_RUNTIME_CACHE,
  IMAGE_CACHE,
  NAVIGATION_DENYLIST,
  userImageCache,
  type PageToWorkerMessage,
  type WorkerToPageMessage,
} from './lib/sw-messages';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
  readonly lastChance: boolean;
}

// Before any drain: how a queued sell, purchase or message is sent (the features' senders).
installOutboxSenders(OUTBOX_SENDERS);

// The app shell and every built asset (the catalogue ships in the JS, so the shop works offline).
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Client routes open offline: every navigation gets index.html, except the API and the socket.
registerRoute(new NavigationRoute(createHandlerBoundToURL('index.html'), { denylist: NAVIGATION_DENYLIST }));

// A screenshot shared to the app (manifest share_target, POST multipart): the file is kept in IndexedDB and the
// browser goes to Sell, which attaches it. No network involved, so sharing works offline; a share with no image
// still opens Sell.
registerRoute(
  ({ url }) => url.origin === self.location.origin && url.pathname === SHARE_TARGET_PATH,
  async ({ request, event }) => {
    // Another site's form post lands on Sell as it is, with nothing of theirs attached (issue 45.9).
    const from = { origin: request.headers.get('Origin'), referrer: request.referrer };
    if (isForeignShare(from, self.location.origin, await initiatorOf((event as FetchEvent).clientId))) {
      return Response.redirect(REFUSED_SHARE_LANDING, 303);
    }
    await request
      .formData()
      .then((form) => keepSharedPhoto(form))
      .catch(() => false);
    return Response.redirect(SHARE_LANDING, 303);
  },
  'POST',
);

/** The page behind a navigation: none (the browser's share sheet), one of this app's, or one the worker cannot see. */
async function initiatorOf(clientId: string | undefined): Promise<ShareInitiator> {
  if (!clientId) return 'none';
  const client = await self.clients.get(clientId);
  return client && new URL(client.url).origin === self.location.origin ? 'this-app' : 'other';
}

// Stored photos never change (their URL names the file), so a photo seen once is served from the cache — the signed-in
// user's own cache only: a photo kept for one user is never answered to another on the same device, and with nobody
// signed in nothing is cached (issue 29.6). The page names the user in IndexedDB and deletes their cache at logout.
const photoStrategies = new Map<string, CacheFirst>();
const photoStrategyFor = (username: string) => {
  let strategy = photoStrategies.get(username);
  if (!strategy) {
    strategy = new CacheFirst({
      cacheName: userImageCache(username),
      plugins: [new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: 30 * 24 * 60 * 60, purgeOnQuotaError: true })],
    });
    photoStrategies.set(username, strategy);
  }
  return strategy;
};
registerRoute(
  ({ url, request }) => url.origin === self.location.origin && url.pathname.startsWith('/api/images/') && request.method === 'GET',
  async (options) => {
    const username = await kvGet<string>(SIGNED_IN_USER_KEY).catch(() => undefined);
    if (!username) return fetch(options.request);
    return photoStrategyFor(username).handle(options);
  },
);
// Photos cached before they were kept per user could be anyone's.
self.addEventListener('activate', (event) => event.waitUntil(caches.delete(IMAGE_CACHE)));

// Built assets left out of the precache (the admin chunks) are kept once fetched: their hashed names never change,
// so an admin who opened Admin Control once can open it again at a drop with no signal.
registerRoute(
  ({ url, request }) => url.origin === self.location.origin && url.pathname.startsWith('/assets/') && request.method === 'GET',
  new CacheFirst({
    cacheName: ASSETS_RUNTIME_CACHE,
    plugins: [new ExpirationPlugin({ maxEntries: 40, maxAgeSeconds: 90 * 24 * 60 * 60, purgeOnQuotaError: true })],
  }),
);

// A new version waits until the player accepts the update prompt; queued items stay in IndexedDB.
self.addEventListener('message', (event: ExtendableMessageEvent) => {
  const message = event.data as PageToWorkerMessage | undefined;
  if (message?.type === 'SKIP_WAITING') void self.skipWaiting();
  if (message?.type === 'DRAIN_OUTBOX') event.waitUntil(drainAndTell());
  if (message?.type === 'CACHE_ADMIN_CODE') event.waitUntil(kvSet(ADMIN_DEVICE_KEY, true).then(cacheAdminCode));
});

/** Fetches this build's admin chunks into the runtime cache (what the /assets/ route above serves offline). */
async function cacheAdminCode(): Promise<void> {
  const response = await fetch(`/${ADMIN_ASSETS_FILE}`, { cache: 'no-store' });
  if (!response.ok) return;
  const { files } = (await response.json()) as { files: string[] };
  const cache = await caches.open(ASSETS_RUNTIME_CACHE);
  const missing = [];
  for (const file of files) if (!(await cache.match(file))) missing.push(file);
  await cache.addAll(missing);
}

// On a device where an admin signed in, a new version's admin chunks are cached while it installs (online, before
// it takes over), so the admin code never goes missing after an update. Failing here only skips that.
self.addEventListener('install', (event) => {
  event.waitUntil(
    kvGet<boolean>(ADMIN_DEVICE_KEY)
      .then((adminDevice) => (adminDevice ? cacheAdminCode() : undefined))
      .catch(() => undefined),
  );
});

// The first visit is controlled at once (photos seen on it are cached); an update activates only when accepted.
clientsClaim();

async function drainAndTell(throughHolds = false) {
  const { failedAdmin, ...summary } = await (throughHolds ? drainThroughHolds() : drainOutbox());
  const message: WorkerToPageMessage = { type: 'OUTBOX_DRAINED', ...summary };
  const windows = await self.clients.matchAll({ type: 'window' });
  for (const client of windows) client.postMessage(message);
  // A refusal found while the app is not on screen would go unseen until the admin opens it: tell this device.
  // (The server cannot: it only sees an ordinary 409, not that an admin's queued action was waiting for it.)
  if (failedAdmin.length > 0 && !windows.some((client) => client.visibilityState === 'visible')) {
    const shown = failedAdminNotification(failedAdmin, await storedTexts());
    await self.registration.showNotification(shown.title, shown.options).catch(() => undefined);
  }
  return summary;
}

// A push shows its notification and counts the app icon's badge again (unread messages, and things due for an
// admin; one more than before when the count cannot be had); a bad or empty payload still shows a plain one, and
// nothing here ever rejects.
self.addEventListener('push', (event: PushEvent) => {
  const text = event.data?.text() ?? null;
  event.waitUntil(
    Promise.all([
      storedTexts()
        .then((texts) => notificationFor(text, self.location.origin, texts))
        .then((shown) => self.registration.showNotification(shown.title, shown.options))
        .catch(() => undefined),
      refreshBadgeForPush().catch(() => undefined),
    ]),
  );
});

// The browser replaced the subscription (issue 47.10): the new one is registered, so notices keep arriving.
self.addEventListener('pushsubscriptionchange', (event: Event) => {
  const change = event as ExtendableEvent & { oldSubscription?: PushSubscription | null; newSubscription?: PushSubscription | null };
  change.waitUntil(renewSubscription(self.registration.pushManager, change, fetch.bind(self)).catch(() => false));
});

// A click opens the record's screen: an open window of the app is focused and moved there, else one is opened.
self.addEventListener('notificationclick', (event: NotificationEvent) => {
  event.notification.close();
  const data = event.notification.data as { url?: unknown; proposalId?: unknown } | null;
  const url = data?.url;
  // Accept / Decline on a proposed time answers it from here, without opening the app.
  if ((event.action === 'accept' || event.action === 'decline') && typeof data?.proposalId === 'number') {
    const proposalId = data.proposalId;
    const answer = event.action;
    event.waitUntil(
      storedTexts()
        .then((texts) => answerProposal(fetch.bind(self), proposalId, answer, typeof url === 'string' ? url : '/', texts))
        .then((shown) => self.registration.showNotification(shown.title, shown.options))
        .catch(() => undefined),
    );
    return;
  }
  event.waitUntil(openScreen(self.clients, typeof url === 'string' ? url : '/', self.location.origin).catch(() => undefined));
});

// Background Sync is only the wake-up call: the outbox is ours, and only a 2xx removes an item.
self.addEventListener('sync', (event) => {
  const sync = event as SyncEvent;
  if (sync.tag !== SYNC_TAG) return;
  sync.waitUntil(
    // A Deny or Reject still open to Undo is sent when its window closes, whether or not the app is still open.
    drainAndTell(true).then((summary) => {
      // Rejecting asks the browser to fire the sync again later, while items still wait for the network.
      if (summary.retryLater > 0 && !sync.lastChance) throw new Error(`${summary.retryLater} outbox item(s) still waiting`);
    }),
  );
});
