import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setupMswServer } from '@/test/msw';
import { renderPage, signInTestUser } from '@/test/render-page';
import { DENIED_MESSAGE, IOS_HOME_SCREEN_MESSAGE, UNSUPPORTED_MESSAGE } from '@/lib/push-client';
import { NotificationOffer } from './notification-offer';
import { NotificationToggle } from './notification-toggle';

vi.setConfig({ testTimeout: 20_000 });
const server = setupMswServer();

/** A browser that can push: a worker registration whose PushManager hands out one fake subscription. */
function fakePushBrowser(permissionAfterAsk: NotificationPermission = 'granted') {
  let subscription: {
    endpoint: string;
    options: { applicationServerKey: ArrayBuffer | null };
    toJSON(): unknown;
    unsubscribe(): Promise<boolean>;
  } | null = null;
  const notification = {
    permission: 'default' as NotificationPermission,
    requestPermission: vi.fn(async () => (notification.permission = permissionAfterAsk)),
  };
  const pushManager = {
    getSubscription: vi.fn(async () => subscription),
    subscribe: vi.fn(async () => {
      subscription = {
        endpoint: 'https://push.example/device-1',
        options: { applicationServerKey: null },
        toJSON: () => ({
          endpoint: 'https://push.example/device-1',
          expirationTime: null,
          keys: { p256dh: 'p'.repeat(87), auth: 'a'.repeat(22) },
        }),
        unsubscribe: vi.fn(async () => {
          subscription = null;
          return true;
        }),
      };
      return subscription;
    }),
  };
  vi.stubGlobal('Notification', notification);
  vi.stubGlobal('PushManager', function PushManager() {});
  originalServiceWorker ??= Object.getOwnPropertyDescriptor(navigator, 'serviceWorker') ?? null;
  Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: { ready: Promise.resolve({ pushManager }) } });
  return { notification, pushManager };
}

let originalServiceWorker: PropertyDescriptor | null | undefined;
const posted: unknown[] = [];
const deleted: unknown[] = [];
beforeEach(() => {
  posted.length = 0;
  deleted.length = 0;
  // Only this feature's keys: other state (the signed-in user) stays as the test set it.
  for (const audience of ['player', 'admin']) localStorage.removeItem(`blockspin.notifications-offer.${audience}`);
  signInTestUser('push');
  server.use(
    http.get('/api/push/public-key', () =>
      HttpResponse.json({ publicKey: 'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U' }),
    ),
    http.post('/api/push/subscriptions', async ({ request }) => {
      posted.push(await request.json());
      return HttpResponse.json({}, { status: 201 });
    }),
    http.delete('/api/push/subscriptions', async ({ request }) => {
      deleted.push(await request.json());
      return new HttpResponse(null, { status: 204 });
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  Reflect.deleteProperty(navigator, 'serviceWorker');
  if (originalServiceWorker) Object.defineProperty(navigator, 'serviceWorker', originalServiceWorker);
  originalServiceWorker = undefined;
});

describe('NotificationToggle', () => {
  it('when the browser cannot push, then it says why in one sentence and shows no switch', async () => {
    renderPage(NotificationToggle, '/t');
    expect(await screen.findByText(UNSUPPORTED_MESSAGE)).toBeInTheDocument();
    expect(screen.queryByRole('switch')).toBeNull();
  });

  it('when on an iPhone outside a Home Screen app, then it says to add it to the Home Screen first', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue('Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) Safari/604.1');
    renderPage(NotificationToggle, '/t');
    expect(await screen.findByText(IOS_HOME_SCREEN_MESSAGE)).toBeInTheDocument();
  });

  it('when the permission was denied, then it says how to allow it', async () => {
    fakePushBrowser();
    (globalThis.Notification as unknown as { permission: string }).permission = 'denied';
    renderPage(NotificationToggle, '/t');
    expect(await screen.findByText(DENIED_MESSAGE)).toBeInTheDocument();
  });

  it('when switched on, then it asks, subscribes with the server key and registers the device; switched off, the server forgets it', async () => {
    const { notification, pushManager } = fakePushBrowser();
    renderPage(NotificationToggle, '/t');
    const toggle = await screen.findByRole('switch', { name: 'Notifications on this device' });
    await waitFor(() => expect(toggle).toBeEnabled());
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    await userEvent.click(toggle);
    await waitFor(() => expect(toggle).toHaveAttribute('aria-checked', 'true'));
    expect(notification.requestPermission).toHaveBeenCalledOnce();
    expect(pushManager.subscribe).toHaveBeenCalledWith(expect.objectContaining({ userVisibleOnly: true }));
    expect(posted).toEqual([expect.objectContaining({ endpoint: 'https://push.example/device-1' })]);
    await userEvent.click(toggle);
    await waitFor(() => expect(toggle).toHaveAttribute('aria-checked', 'false'));
    expect(deleted).toEqual([{ endpoint: 'https://push.example/device-1' }]);
  });
});

describe('NotificationOffer', () => {
  // An absence proves something only once the offer has decided: the toggle beside it reads the same device state
  // through the same calls, so once the toggle is usable the offer has its answer too (no wait on the clock).
  const OfferBesideToggle = () => (
    <>
      <NotificationOffer />
      <NotificationToggle />
    </>
  );
  const settled = () => waitFor(() => expect(screen.getByRole('switch', { name: 'Notifications on this device' })).toBeEnabled());

  it('when not answered yet, then it is offered once the device state is known (the control for the absences below)', async () => {
    fakePushBrowser();
    renderPage(OfferBesideToggle, '/o');
    await settled();
    expect(screen.getByRole('button', { name: 'Turn on notifications' })).toBeInTheDocument();
  });

  it('when dismissed, then it is gone and not offered again on this device', async () => {
    fakePushBrowser();
    const first = renderPage(NotificationOffer, '/o');
    await userEvent.click(await screen.findByRole('button', { name: 'Not now' }));
    expect(screen.queryByRole('button', { name: 'Turn on notifications' })).toBeNull();
    first.unmount();
    renderPage(OfferBesideToggle, '/o');
    await settled();
    expect(screen.queryByRole('button', { name: 'Turn on notifications' })).toBeNull();
  });

  it('when accepted, then notifications are turned on and it says where to turn them off', async () => {
    fakePushBrowser();
    renderPage(NotificationOffer, '/o');
    await userEvent.click(await screen.findByRole('button', { name: 'Turn on notifications' }));
    expect(await screen.findByText(/Notifications are on for this device/)).toBeInTheDocument();
    expect(posted).toHaveLength(1);
  });

  it('when the browser cannot push, then nothing is offered', async () => {
    renderPage(OfferBesideToggle, '/o');
    expect(await screen.findByText(UNSUPPORTED_MESSAGE)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Turn on notifications' })).toBeNull();
  });
});
