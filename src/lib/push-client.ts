// This device's Web Push subscription: whether the browser can have one, and keeping the server's copy in step.
// Shared by the notifications feature (turning it on and off) and logout (a signed-out device must not be told).
import { apiRequest } from './api-client';
import { getCurrentUserName } from './current-user';
import { base64url, keyBytes, recheckPushSubscription, REGISTERED_ENDPOINT_KEY, type RecheckOutcome } from './push-recheck';

export type PushSupport =
  { ok: true; permission: NotificationPermission } | { ok: false; reason: 'ios-home-screen' | 'unsupported' | 'denied'; message: string };

export const IOS_HOME_SCREEN_MESSAGE =
  'On iPhone and iPad, add Blockspin Market to your Home Screen first (Share, then Add to Home Screen) and turn notifications on from there.';
export const UNSUPPORTED_MESSAGE = 'This browser cannot show notifications from websites.';
export const DENIED_MESSAGE = 'Notifications are blocked for this site: allow them in your browser’s site settings, then come back here.';

interface Environment {
  userAgent: string;
  maxTouchPoints: number;
  standalone: boolean;
  hasServiceWorker: boolean;
  hasPushManager: boolean;
  permission: NotificationPermission | null;
}

function currentEnvironment(): Environment {
  const nav = globalThis.navigator as (Navigator & { standalone?: boolean }) | undefined;
  return {
    userAgent: nav?.userAgent ?? '',
    maxTouchPoints: nav?.maxTouchPoints ?? 0,
    standalone: nav?.standalone === true || globalThis.matchMedia?.('(display-mode: standalone)').matches === true,
    hasServiceWorker: !!nav && 'serviceWorker' in nav,
    hasPushManager: 'PushManager' in globalThis,
    permission: 'Notification' in globalThis ? Notification.permission : null,
  };
}

/** Whether this browser can receive push notifications now, and if not, one sentence saying why. */
export function pushSupport(env: Environment = currentEnvironment()): PushSupport {
  // iPadOS reports itself as a Mac; its touch screen gives it away.
  const ios = /iPhone|iPad|iPod/.test(env.userAgent) || (/Macintosh/.test(env.userAgent) && env.maxTouchPoints > 1);
  if (ios && !env.standalone) return { ok: false, reason: 'ios-home-screen', message: IOS_HOME_SCREEN_MESSAGE };
  if (!env.hasServiceWorker || !env.hasPushManager || env.permission === null)
    return { ok: false, reason: 'unsupported', message: UNSUPPORTED_MESSAGE };
  if (env.permission === 'denied') return { ok: false, reason: 'denied', message: DENIED_MESSAGE };
  return { ok: true, permission: env.permission };
}

async function registration(): Promise<ServiceWorkerRegistration> {
  // `ready` never settles without a worker (e.g. a development build without one): give up after a while.
  return Promise.race([
    navigator.serviceWorker.ready,
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error('The app’s service worker is not running yet. Reload and try again.')), 10_000),
    ),
  ]);
}

/** This browser's current subscription, or null. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  if (!pushSupport().ok) return null;
  return (await registration()).pushManager.getSubscription();
}

/**
 * Asks for permission (this must run from a tap), subscribes with the server's key and registers the device for the
 * signed-in user. Answers false when the user did not allow notifications.
 */
export async function enablePush(): Promise<boolean> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return false;
  const { publicKey } = await apiRequest<{ publicKey: string }>('/api/push/public-key');
  const reg = await registration();
  let subscription = await reg.pushManager.getSubscription();
  // A subscription made with another server key (the keys were replaced) cannot be used: make a fresh one.
  const key = subscription?.options.applicationServerKey;
  if (subscription && key && base64url(key) !== publicKey) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) });
  await apiRequest('/api/push/subscriptions', { method: 'POST', body: subscription.toJSON() });
  // Checked again at every launch (push-recheck.ts): the endpoint the server knows.
  globalThis.localStorage?.setItem(REGISTERED_ENDPOINT_KEY, subscription.endpoint);
  return true;
}

/** Stops notifications on this device: the server forgets it, then the browser drops the subscription. */
export async function disablePush(): Promise<void> {
  globalThis.localStorage?.removeItem(REGISTERED_ENDPOINT_KEY);
  const subscription = await currentSubscription();
  if (!subscription) return;
  await apiRequest('/api/push/subscriptions', { method: 'DELETE', body: { endpoint: subscription.endpoint } }).catch(() => undefined);
  await subscription.unsubscribe();
}

/**
 * On logout: the server already forgot this device with the session; the browser's subscription is dropped too, so
 * the next person to sign in here starts with notifications off until they turn them on.
 */
export async function forgetPushOnLogout(): Promise<void> {
  globalThis.localStorage?.removeItem(REGISTERED_ENDPOINT_KEY);
  try {
    const subscription = await currentSubscription();
    await subscription?.unsubscribe();
  } catch {
    // Nothing to undo: without a worker or a subscription there is nothing that could notify.
  }
}

/**
 * At every launch (issue 47.10): the subscription is read again and the server told when it changed, or renewed when
 * it vanished while notifications were on (iOS drops one after a push that showed nothing). Never throws.
 */
export function recheckPushOnLaunch(): Promise<RecheckOutcome> {
  const support = pushSupport();
  // Signed out, no device of anyone's is registered here (logout dropped it): nothing to check.
  if (!support.ok || !getCurrentUserName()) return Promise.resolve('off');
  return recheckPushSubscription({
    storage: globalThis.localStorage,
    permission: support.permission,
    pushManager: async () => (await registration()).pushManager,
    publicKey: async () => (await apiRequest<{ publicKey: string }>('/api/push/public-key')).publicKey,
    register: async (subscription) => {
      await apiRequest('/api/push/subscriptions', { method: 'POST', body: subscription });
    },
  });
}

export type OfferAudience = 'player' | 'admin';
const offerKey = (audience: OfferAudience) => `blockspin.notifications-offer.${audience}`;

/** Whether the one-time offer was already answered (either way) on this device. */
export const offerAnswered = (audience: OfferAudience): boolean => globalThis.localStorage?.getItem(offerKey(audience)) != null;
export const rememberOfferAnswered = (audience: OfferAudience, answer: 'enabled' | 'dismissed') =>
  globalThis.localStorage?.setItem(offerKey(audience), answer);
