// Issue 47.10: a device's push subscription can change or vanish while the app is closed (iOS revokes one after a
// push that showed nothing, a browser rotates its endpoint, the server's keys were replaced). At every launch the app
// reads it again and tells the server when it differs from the one registered — or, when the player had
// notifications on and it is gone, subscribes again — so notices keep arriving without the player noticing.

/** localStorage key: the endpoint this device last registered with the server; absent while notifications are off. */
export const REGISTERED_ENDPOINT_KEY = 'blockspin.push-endpoint';

/** What the check needs from the browser and the server (injected, so it runs in tests without either). */
export interface RecheckDeps {
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  /** Notification.permission, or null where the browser has no notifications. */
  permission: NotificationPermission | null;
  /** The service worker's PushManager, or null where there is none (yet). */
  pushManager: () => Promise<Pick<PushManager, 'getSubscription' | 'subscribe'> | null>;
  /** GET /api/push/public-key. */
  publicKey: () => Promise<string>;
  /** POST /api/push/subscriptions with the subscription's JSON. */
  register: (subscription: PushSubscriptionJSON) => Promise<void>;
}

export type RecheckOutcome = 'unchanged' | 'registered' | 'resubscribed' | 'off';

/** URL-safe base64 (no padding) of a key's bytes, as the server writes its public key. */
export function base64url(key: ArrayBuffer): string {
  return btoa(String.fromCharCode(...new Uint8Array(key)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/** URL-safe base64 to bytes, as PushManager.subscribe wants the server key. */
export function keyBytes(base64: string): Uint8Array<ArrayBuffer> {
  const raw = atob(base64.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

/**
 * Reads the subscription again and keeps the server's copy in step (at every launch). Notifications count as on when
 * this device registered an endpoint, or when the browser holds a subscription with permission granted (a device that
 * turned them on before this check existed). Never throws: a failure is tried again at the next launch.
 */
export async function recheckPushSubscription(deps: RecheckDeps): Promise<RecheckOutcome> {
  try {
    const registered = deps.storage.getItem(REGISTERED_ENDPOINT_KEY);
    if (deps.permission !== 'granted') {
      // Blocked or reset in the browser's settings: nothing can arrive, and nothing can be done without a tap.
      return 'off';
    }
    const manager = await deps.pushManager();
    if (!manager) return 'off';
    let subscription = await manager.getSubscription();
    if (!subscription && registered === null) return 'off';
    let outcome: RecheckOutcome = 'registered';
    const key = subscription?.options.applicationServerKey;
    if (!subscription || (key && base64url(key) !== (await deps.publicKey()))) {
      // Gone while notifications were on, or made with keys the server no longer has: a fresh one.
      await subscription?.unsubscribe();
      subscription = await manager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(await deps.publicKey()) });
      outcome = 'resubscribed';
    } else if (subscription.endpoint === registered) {
      return 'unchanged';
    }
    await deps.register(subscription.toJSON());
    deps.storage.setItem(REGISTERED_ENDPOINT_KEY, subscription.endpoint);
    return outcome;
  } catch {
    return 'off';
  }
}
