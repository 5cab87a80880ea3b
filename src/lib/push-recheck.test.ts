import { describe, expect, it, vi } from 'vitest';
import { recheckPushSubscription, REGISTERED_ENDPOINT_KEY, type RecheckDeps } from './push-recheck';

// Issue 47.10: at every launch the subscription is read again; the server hears of it only when it changed, and one
// that vanished while notifications were on is made again.

const SERVER_KEY_BYTES = new Uint8Array([4, 1, 2, 3, 250, 251]);
const SERVER_KEY = btoa(String.fromCharCode(...SERVER_KEY_BYTES))
  .replace(/\+/g, '-')
  .replace(/\//g, '_')
  .replace(/=+$/, '');

function memoryStorage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

function fakeSubscription(endpoint: string, key: Uint8Array = SERVER_KEY_BYTES) {
  return {
    endpoint,
    options: { applicationServerKey: key.buffer as ArrayBuffer, userVisibleOnly: true },
    toJSON: () => ({ endpoint, keys: { p256dh: 'p', auth: 'a' } }),
    unsubscribe: vi.fn(async () => true),
  } as unknown as PushSubscription & { unsubscribe: ReturnType<typeof vi.fn> };
}

function setup({
  current,
  registered,
  permission = 'granted' as NotificationPermission | null,
  renewed = 'https://push.example/new',
}: {
  current: PushSubscription | null;
  registered?: string;
  permission?: NotificationPermission | null;
  renewed?: string;
}) {
  const storage = memoryStorage(registered ? { [REGISTERED_ENDPOINT_KEY]: registered } : {});
  const subscribe = vi.fn(async () => fakeSubscription(renewed));
  const register = vi.fn(async () => undefined);
  const deps: RecheckDeps = {
    storage,
    permission,
    pushManager: async () => ({ getSubscription: async () => current, subscribe }) as unknown as PushManager,
    publicKey: async () => SERVER_KEY,
    register,
  };
  return { deps, storage, subscribe, register };
}

describe('recheckPushSubscription', () => {
  it('when the subscription is the one registered, then nothing is sent', async () => {
    const { deps, register, subscribe } = setup({
      current: fakeSubscription('https://push.example/a'),
      registered: 'https://push.example/a',
    });
    expect(await recheckPushSubscription(deps)).toBe('unchanged');
    expect(register).not.toHaveBeenCalled();
    expect(subscribe).not.toHaveBeenCalled();
  });

  it('when the browser changed the endpoint, then the new one is registered and remembered', async () => {
    const { deps, register, storage } = setup({
      current: fakeSubscription('https://push.example/b'),
      registered: 'https://push.example/a',
    });
    expect(await recheckPushSubscription(deps)).toBe('registered');
    expect(register).toHaveBeenCalledWith({ endpoint: 'https://push.example/b', keys: { p256dh: 'p', auth: 'a' } });
    expect(storage.getItem(REGISTERED_ENDPOINT_KEY)).toBe('https://push.example/b');
  });

  it('when the subscription vanished while notifications were on (iOS revoked it), then a new one is made and registered', async () => {
    const { deps, register, subscribe, storage } = setup({ current: null, registered: 'https://push.example/a' });
    expect(await recheckPushSubscription(deps)).toBe('resubscribed');
    expect(subscribe).toHaveBeenCalledWith({ userVisibleOnly: true, applicationServerKey: expect.any(Uint8Array) });
    expect([...(subscribe.mock.calls[0] as unknown as [{ applicationServerKey: Uint8Array }])[0].applicationServerKey]).toEqual([
      ...SERVER_KEY_BYTES,
    ]);
    expect(register).toHaveBeenCalledWith(expect.objectContaining({ endpoint: 'https://push.example/new' }));
    expect(storage.getItem(REGISTERED_ENDPOINT_KEY)).toBe('https://push.example/new');
  });

  it('when it was made with keys the server no longer has, then it is replaced', async () => {
    const old = fakeSubscription('https://push.example/a', new Uint8Array([9, 9, 9]));
    const { deps, subscribe } = setup({ current: old, registered: 'https://push.example/a' });
    expect(await recheckPushSubscription(deps)).toBe('resubscribed');
    expect(old.unsubscribe).toHaveBeenCalled();
    expect(subscribe).toHaveBeenCalled();
  });

  it('when a device turned notifications on before this check existed, then its subscription is registered once', async () => {
    const { deps, register } = setup({ current: fakeSubscription('https://push.example/a') });
    expect(await recheckPushSubscription(deps)).toBe('registered');
    expect(register).toHaveBeenCalledTimes(1);
  });

  it('when notifications are off or blocked, or the server cannot be reached, then nothing is made and nothing throws', async () => {
    const off = setup({ current: null });
    expect(await recheckPushSubscription(off.deps)).toBe('off');
    expect(off.subscribe).not.toHaveBeenCalled();
    const blocked = setup({ current: null, registered: 'https://push.example/a', permission: 'denied' });
    expect(await recheckPushSubscription(blocked.deps)).toBe('off');
    expect(blocked.subscribe).not.toHaveBeenCalled();
    const down = setup({ current: fakeSubscription('https://push.example/b'), registered: 'https://push.example/a' });
    down.register.mockRejectedValueOnce(new Error('offline'));
    expect(await recheckPushSubscription(down.deps)).toBe('off');
    // Not remembered: the next launch tries again.
    expect(down.storage.getItem(REGISTERED_ENDPOINT_KEY)).toBe('https://push.example/a');
  });
});
