// This device's Web Push subscription: whether the browser can have one, and keeping the server's copy in step.
// Shared by the notifications feature (turning it on and off) and logout (a signed-out device must not be told).
import { apiRequest } from './api-client';

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

/** URL-safe base64 to bytes, as PushManager.subscribe wants the server key. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (base64url.length % 4)) % 4);
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
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
  if (
    subscription &&
    key &&
    btoa(String.fromCharCode(...new Uint8Array(key)))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '') !== publicKey
  ) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) });
  await apiRequest('/api/push/subscriptions', { method: 'POST', body: subscription.toJSON() });
  return true;
}

/** Stops notifications on this device: the server forgets it, then the browser drops the subscription. */
export async function disablePush(): Promise<void> {
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
  try {
    const subscription = await currentSubscription();
    await subscription?.unsubscribe();
  } catch {
    // Nothing to undo: without a worker or a subscription there is nothing that could notify.
  }
}

export type OfferAudience = 'player' | 'admin';
const offerKey = (audience: OfferAudience) => `blockspin.notifications-offer.${audience}`;

/** Whether the one-time offer was already answered (either way) on this device. */
export const offerAnswered = (audience: OfferAudience): boolean => globalThis.localStorage?.getItem(offerKey(audience)) != null;
export const rememberOfferAnswered = (audience: OfferAudience, answer: 'enabled' | 'dismissed') =>
  globalThis.localStorage?.setItem(offerKey(audience), answer);
