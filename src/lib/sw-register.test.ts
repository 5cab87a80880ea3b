import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The Workbox the module registers, replaced so the test can see SKIP_WAITING go out.
const messageSkipWaiting = vi.fn();
const workboxListeners = new Map<
  string,
  (event: { isUpdate?: boolean; isExternal?: boolean; wasWaitingBeforeRegister?: boolean }) => void
>();
vi.mock('workbox-window', () => ({
  Workbox: class {
    addEventListener(
      type: string,
      listener: (event: { isUpdate?: boolean; isExternal?: boolean; wasWaitingBeforeRegister?: boolean }) => void,
    ) {
      workboxListeners.set(type, listener);
    }
    register = () => Promise.resolve();
    update = () => Promise.resolve();
    messageSkipWaiting = messageSkipWaiting;
  },
}));

let serviceWorker: EventTarget & { controller?: object | null };

async function registered() {
  vi.resetModules();
  const module = await import('./sw-register');
  expect(module.registerServiceWorker()).not.toBeNull();
  return module;
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.stubEnv('PROD', true);
  serviceWorker = new EventTarget();
  vi.stubGlobal('navigator', { serviceWorker });
  messageSkipWaiting.mockClear();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
});

describe('applyUpdate', () => {
  it('when the new version takes control, then the page reloads once, at once, and not again after 5 s', async () => {
    const { applyUpdate } = await registered();
    const reload = vi.fn();
    applyUpdate(reload);
    expect(messageSkipWaiting).toHaveBeenCalledOnce();
    expect(reload).not.toHaveBeenCalled();
    serviceWorker.dispatchEvent(new Event('controllerchange'));
    expect(reload).toHaveBeenCalledOnce();
    serviceWorker.dispatchEvent(new Event('controllerchange'));
    vi.advanceTimersByTime(10_000);
    expect(reload).toHaveBeenCalledOnce();
  });

  it('when the new version never takes control, then the page reloads anyway after 5 s, not before', async () => {
    const { applyUpdate } = await registered();
    const reload = vi.fn();
    applyUpdate(reload);
    vi.advanceTimersByTime(4_999);
    expect(reload).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(reload).toHaveBeenCalledOnce();
    serviceWorker.dispatchEvent(new Event('controllerchange'));
    expect(reload).toHaveBeenCalledOnce();
  });
});

describe('the update prompt', () => {
  it('when the first worker of a first visit is slow to activate, then no update is offered', async () => {
    const { isUpdateWaiting } = await registered();
    // workbox-window reports 'waiting' when an installed worker has not activated after 200 ms, also on a first visit.
    workboxListeners.get('waiting')?.({ isUpdate: false });
    expect(isUpdateWaiting()).toBe(false);
  });

  it('when a worker controlled the page and a new version waits, then the update is offered', async () => {
    serviceWorker.controller = {};
    const { isUpdateWaiting } = await registered();
    workboxListeners.get('waiting')?.({ isUpdate: true });
    expect(isUpdateWaiting()).toBe(true);
  });

  it('when a version shipped later is found by update() (an "external" waiting worker), then the update is offered', async () => {
    serviceWorker.controller = {};
    const { isUpdateWaiting } = await registered();
    workboxListeners.get('waiting')?.({ isExternal: true });
    expect(isUpdateWaiting()).toBe(true);
  });

  it('when the new version was already waiting before the page registered (a busy start), then the update is offered', async () => {
    serviceWorker.controller = {};
    const { isUpdateWaiting } = await registered();
    workboxListeners.get('waiting')?.({ wasWaitingBeforeRegister: true });
    expect(isUpdateWaiting()).toBe(true);
  });

  it('when no worker controlled the page at registration, then even an "update" report offers nothing', async () => {
    const { isUpdateWaiting } = await registered();
    workboxListeners.get('waiting')?.({ isUpdate: true });
    expect(isUpdateWaiting()).toBe(false);
  });
});
