// What an installed app does on a phone: the install button only after a meaningful action (the browser's real
// beforeinstallprompt, kept from the start), the one-time iOS "Add to Home Screen" sheet, persistent storage asked
// once installed, safe-area insets, and the icon's badge set from the page (live) and from the service worker when a
// push arrives (online and with the network cut). Real Chromium, the real server serving the production build.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type APIRequestContext, type Browser, type BrowserContext, type CDPSession, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM_PATH, launchBrowser, PHONE } from '../support/browser';
import { screenshotViewport } from '../support/player';
import { startTestServer, SUPER_ADMIN, type TestServer } from '../support/server';
import { startNetworkGate, type NetworkGate } from './offline-network';
import { adminApi, pageSettled, signUpInBrowser, waitForServiceWorker } from './pwa-helpers';
import { YEAR } from '../support/dates';
import { patient } from '../support/patience';

const IPHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1';

let server: TestServer;
let gate: NetworkGate;
let browser: Browser;
let admin: APIRequestContext;
const contexts: BrowserContext[] = [];
const profiles: string[] = [];
let serial = 0;

beforeAll(async () => {
  server = await startTestServer({ staticDir: path.resolve(process.env.E2E_DIST ?? 'dist') });
  gate = await startNetworkGate(server.port);
  // The install prompt, the app badge and shown notifications need the full browser (tests/support/browser.ts).
  browser = await launchBrowser({ full: true });
  admin = await adminApi(server.url);
});

afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => undefined);
  for (const profile of profiles) rmSync(profile, { recursive: true, force: true });
  await admin?.dispose();
  await browser?.close();
  await gate?.close();
  await server?.close();
});

/** A signed-up player with a contact, in a fresh context (options as for browser.newContext). */
async function newPlayer(options: Parameters<Browser['newContext']>[0] = {}) {
  const context = await browser.newContext({ baseURL: gate.url, viewport: PHONE, serviceWorkers: 'block', ...options });
  contexts.push(context);
  const page = await context.newPage();
  const { username } = await signUpInBrowser(context, page, `inst${Date.now() % 100000}${++serial}`);
  expect(
    (await context.request.put(`/api/marketplace/contact/${username}`, { data: { contactEmail: `${username}@example.com` } })).status(),
  ).toBe(200);
  return { context, page, username };
}

/** One AK-47 bought through the shop; answers the sent dialog. */
async function buyOne(page: Page) {
  await page.goto('/buy');
  await page.getByRole('button', { name: /^Weapons & Ammo/ }).click();
  await page.getByRole('button', { name: /^Guns/ }).click();
  await page.getByRole('button', { name: 'AK-47, show price' }).click();
  await page.getByRole('button', { name: /^AK-47, \$18\.00/ }).click();
  await page.getByRole('dialog', { name: 'How many would you like?' }).getByRole('button', { name: 'Add to Cart' }).click();
  await page.getByRole('button', { name: 'Cart, 1 item' }).click();
  await page.getByRole('button', { name: 'Purchase $18.00' }).click();
  await page.getByRole('alertdialog', { name: 'Confirm Purchase Request' }).getByRole('button', { name: 'Send Request' }).click();
  const sent = page.getByRole('dialog', { name: 'Purchase Request Sent!' });
  await sent.waitFor();
  return sent;
}

describe('install', () => {
  it('when the browser offers to install, then the app keeps the offer and shows an Install button only after a request is sent', async () => {
    // A normal profile: Chrome offers installing only there (never in a throwaway one).
    const profile = mkdtempSync(path.join(tmpdir(), 'blockspin-install-'));
    profiles.push(profile);
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM_PATH,
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-quic'],
      baseURL: gate.url,
      viewport: PHONE,
      serviceWorkers: 'allow',
    });
    contexts.push(context);
    // Headless Chrome has no install dialog to show: its prompt() is recorded and answered "accepted" here. The event
    // itself is the browser's own.
    await context.addInitScript(() => {
      const w = window as unknown as { __offers: number; __prompts: number };
      w.__offers = 0;
      w.__prompts = 0;
      window.addEventListener('beforeinstallprompt', () => (w.__offers += 1));
      const proto = (window as unknown as { BeforeInstallPromptEvent?: { prototype: object } }).BeforeInstallPromptEvent?.prototype;
      if (proto) {
        Object.defineProperty(proto, 'prompt', { value: () => ((w.__prompts += 1), Promise.resolve()) });
        Object.defineProperty(proto, 'userChoice', { get: () => Promise.resolve({ outcome: 'accepted', platform: 'web' }) });
      }
    });
    const page = context.pages()[0] ?? (await context.newPage());
    await signUpInBrowser(context, page, `bip${Date.now() % 100000}`);
    await context.request.put(`/api/marketplace/contact/${await page.evaluate(() => localStorage.getItem('currentUser'))}`, {
      data: { contactEmail: 'bip@example.com' },
    });
    await page.goto('/');
    await waitForServiceWorker(context, page);
    await page.reload();
    await page.waitForFunction(() => (window as unknown as { __offers: number }).__offers > 0, null, { timeout: patient(30_000) });

    // Offered by the browser, but not on load: no button on home or in the shop.
    await page.getByText('Store Preview').waitFor();
    expect(await page.getByRole('button', { name: 'Install app' }).count()).toBe(0);
    await page.goto('/buy');
    await page.getByRole('button', { name: /^Weapons & Ammo/ }).waitFor();
    expect(await page.getByRole('button', { name: 'Install app' }).count()).toBe(0);
    // The browser's own mini-infobar was held back (the app called preventDefault on the event).
    await page.waitForFunction(() => (window as unknown as { __offers: number }).__offers > 0);

    const sent = await buyOne(page);
    const offer = sent.getByRole('region', { name: 'Install the app' });
    await offer.waitFor();
    expect(await offer.textContent()).toContain('Install Blockspin MarketOpen it from your home screen');
    await screenshotViewport(page, 'install-phone-button');
    await offer.getByRole('button', { name: 'Install app' }).click();
    await offer.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => (window as unknown as { __prompts: number }).__prompts)).toBe(1);
    expect(await page.evaluate(() => localStorage.getItem('install:offer'))).toBe('accepted');
  });

  it('when an iPhone sends its first request, then the Add to Home Screen sheet shows, once', async () => {
    const { page } = await newPlayer({ userAgent: IPHONE_UA, isMobile: true, hasTouch: true, deviceScaleFactor: 1 });
    await page.goto('/');
    await page.getByText('Store Preview').waitFor();
    // Never on load.
    expect(await page.getByRole('dialog', { name: 'Add Blockspin to your Home Screen' }).count()).toBe(0);

    await buyOne(page);
    const sheet = page.getByRole('dialog', { name: 'Add Blockspin to your Home Screen' });
    await sheet.waitFor();
    // (Each step's number is drawn beside it and hidden from screen readers: the list is ordered.)
    expect((await sheet.getByRole('listitem').allTextContents()).map((step) => step.replace(/^\d/, ''))).toEqual([
      "Tap  Share in Safari's toolbar.",
      'Scroll down and choose  Add to Home Screen.',
      'Tap Add, then open Blockspin from its icon.',
    ]);
    await screenshotViewport(page, 'install-phone-ios-sheet');
    const box = (await sheet.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    await sheet.getByRole('button', { name: 'Got it' }).click();
    await sheet.waitFor({ state: 'detached' });

    // The next request: no sheet again.
    await page.getByRole('dialog', { name: 'Purchase Request Sent!' }).getByRole('button', { name: 'Got it!' }).click();
    await buyOne(page);
    // The sheet opens in the task after the sent dialog is drawn: that task has run.
    await pageSettled(page);
    expect(await page.getByRole('dialog', { name: 'Add Blockspin to your Home Screen' }).count()).toBe(0);
  });

  it('when the app runs installed, then it asks once for persistent storage; in a browser tab it does not', async () => {
    const spy = () => {
      const w = window as unknown as { __persistCalls: number };
      w.__persistCalls = Number(sessionStorage.getItem('persistCalls') ?? 0);
      Object.defineProperty(navigator.storage, 'persisted', { value: () => Promise.resolve(false) });
      Object.defineProperty(navigator.storage, 'persist', {
        value: () => {
          w.__persistCalls += 1;
          sessionStorage.setItem('persistCalls', String(w.__persistCalls));
          return Promise.resolve(true);
        },
      });
    };
    // A browser tab.
    const tab = await newPlayer();
    await tab.context.addInitScript(spy);
    // The install layer (loaded lazily) listens for badge refreshes in the effect before the one that would ask.
    await tab.context.addInitScript(() => {
      const listen = window.addEventListener.bind(window);
      window.addEventListener = ((type: string, ...rest: [EventListenerOrEventListenerObject, AddEventListenerOptions?]) => {
        if (type === 'blockspin:badge-refresh') (window as unknown as { __badgeListening: boolean }).__badgeListening = true;
        listen(type, ...rest);
      }) as typeof window.addEventListener;
    });
    await tab.page.goto('/');
    await tab.page.getByText('Store Preview').waitFor();
    await tab.page.waitForFunction(() => (window as unknown as { __badgeListening?: boolean }).__badgeListening === true);
    await pageSettled(tab.page);
    expect(await tab.page.evaluate(() => (window as unknown as { __persistCalls: number }).__persistCalls)).toBe(0);

    // Installed (display-mode standalone, as when opened from the home-screen icon).
    const installed = await newPlayer();
    await installed.context.addInitScript(() => {
      const original = window.matchMedia.bind(window);
      window.matchMedia = (query: string) =>
        query.includes('display-mode: standalone')
          ? ({ ...original(query), matches: true, media: query } as MediaQueryList)
          : original(query);
    });
    await installed.context.addInitScript(spy);
    for (let visit = 0; visit < 2; visit += 1) {
      await installed.page.goto('/');
      await installed.page.getByText('Store Preview').waitFor();
      await installed.page.waitForFunction(() => (window as unknown as { __persistCalls: number }).__persistCalls >= 1, null, {
        timeout: patient(15_000),
      });
    }
    expect(await installed.page.evaluate(() => (window as unknown as { __persistCalls: number }).__persistCalls)).toBe(1);
    expect(await installed.page.evaluate(() => localStorage.getItem('install:persist-asked'))).not.toBeNull();
  });

  it('when installed on a phone with a notch and a home bar, then the screens and dialogs keep clear of both', async () => {
    const { context, page } = await newPlayer();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setSafeAreaInsetsOverride' as never, { insets: { top: 47, bottom: 34, left: 0, right: 0 } } as never);
    await page.goto('/');
    const logout = page.getByRole('button', { name: 'Logout' });
    await logout.waitFor();
    expect((await logout.boundingBox())!.y).toBeGreaterThanOrEqual(47);
    await logout.click();
    const dialog = page.getByRole('alertdialog');
    await dialog.waitFor();
    const box = (await dialog.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(47);
    expect(box.y + box.height).toBeLessThanOrEqual(PHONE.height - 34);
    await screenshotViewport(page, 'install-phone-safe-areas');
    await cdp.detach();
  });
});

/** What the app badge showed, recorded in the page (the real calls still run). */
const recordBadgeInPage = () => {
  const w = window as unknown as { __badge: Array<number | 'clear'> };
  w.__badge = [];
  const nav = navigator as Navigator & { setAppBadge(n?: number): Promise<void>; clearAppBadge(): Promise<void> };
  const set = nav.setAppBadge?.bind(nav);
  const clear = nav.clearAppBadge?.bind(nav);
  // What the icon showed, one entry per change: the page counts again on every socket message, focus and reconnect,
  // so how often it sets the same number depends on timing (a loaded machine recorded 'clear' twice).
  const shown = (value: number | 'clear') => {
    if (w.__badge[w.__badge.length - 1] !== value) w.__badge.push(value);
  };
  nav.setAppBadge = (n?: number) => (shown(n ?? 0), set ? set(n) : Promise.resolve());
  nav.clearAppBadge = () => (shown('clear'), clear ? clear() : Promise.resolve());
};
const badgeCalls = (page: Page) => page.evaluate(() => (window as unknown as { __badge: Array<number | 'clear'> }).__badge);

/** A pending purchase request made by a player, straight through the API. */
async function pendingPurchase(api: APIRequestContext, username: string) {
  const purchase = await api.post('/api/purchase-requests', {
    data: {
      requesterName: username,
      items: [{ name: 'Glock', category: 'Weapons', quantity: 1 }],
      totalPrice: 2,
      requestedAt: new Date().toISOString(),
    },
  });
  expect(purchase.status(), await purchase.text()).toBe(201);
  return (await purchase.json()) as { id: number };
}

/** What is due for the admins now, as the server has it: pending purchase requests and pending submissions. */
async function dueOnServer() {
  let due = 0;
  for (const list of ['/api/purchase-requests', '/api/item-submissions'])
    due += ((await (await admin.get(list)).json()) as Array<{ status: string }>).filter((r) => r.status === 'pending').length;
  return due;
}

describe('app badge', () => {
  let adminContext: BrowserContext;
  let adminPage: Page;
  let cdp: CDPSession;

  it('when a player with nothing unread opens the app, then the badge is cleared (GET unread answering 404 counts as none)', async () => {
    // The app's first load is already signed in: a signed-out load before it would clear the badge already, and the
    // signed-in one then rightly leave it alone (it was seen to come first on a loaded machine, leaving nothing to see).
    const context = await browser.newContext({ baseURL: gate.url, viewport: PHONE });
    contexts.push(context);
    const username = `inst${Date.now() % 100000}${++serial}`;
    const signup = await context.request.post('/api/marketplace/signup', { data: { username, password: 'player-password-1' } });
    expect(signup.status()).toBe(201);
    const user = await (
      await context.request.put(`/api/marketplace/contact/${username}`, { data: { contactEmail: `${username}@example.com` } })
    ).json();
    await context.addInitScript((u) => {
      localStorage.setItem('currentUser', u.username);
      localStorage.setItem('userData', JSON.stringify(u));
    }, user);
    await context.addInitScript(recordBadgeInPage);
    const page = await context.newPage();
    await page.goto('/');
    await page.getByText('Store Preview').waitFor();
    await expect.poll(() => badgeCalls(page)).toEqual(['clear']);
  });

  it('when an admin opens the app, then the badge shows the things due, and goes down live when one is handled', async () => {
    const player = await newPlayer();
    const first = await pendingPurchase(player.context.request, player.username);
    await pendingPurchase(player.context.request, player.username);

    adminContext = await browser.newContext({ baseURL: gate.url, viewport: PHONE, serviceWorkers: 'allow' });
    contexts.push(adminContext);
    await adminContext.grantPermissions(['notifications'], { origin: gate.url });
    await adminContext.addInitScript(recordBadgeInPage);
    const login = await adminContext.request.post('/api/marketplace/login', { data: SUPER_ADMIN });
    expect(login.status()).toBe(200);
    const user = await login.json();
    adminPage = await adminContext.newPage();
    await adminPage.goto('/');
    await adminPage.evaluate((u) => {
      localStorage.setItem('currentUser', u.username);
      localStorage.setItem('userData', JSON.stringify(u));
    }, user);
    await adminPage.reload();
    await adminPage.getByRole('button', { name: 'Admin', exact: true }).waitFor();
    const due = await dueOnServer();
    expect(due).toBeGreaterThanOrEqual(2);
    await expect.poll(() => badgeCalls(adminPage)).toEqual([due]);

    // The admin approves one elsewhere: the socket brings the change, the badge counts again.
    const approved = await admin.patch(`/api/purchase-requests/${first.id}/status`, {
      data: { status: 'approved', scheduledDate: `11/30/${YEAR}`, scheduledTime: '9:00 AM', isImmediateSchedule: false },
    });
    expect(approved.status()).toBe(200);
    // (Things due are counted from whole lists: a live change recounts them within 10 s.)
    await expect.poll(() => badgeCalls(adminPage), { timeout: patient(20_000) }).toEqual([due, due - 1]);
  });

  it("when the Admin Control shortcut is opened, then an admin lands in Admin Control's menu and a player on home", async () => {
    const manifest = await (await admin.get('/manifest.webmanifest')).json();
    const shortcut = (manifest.shortcuts as Array<{ name: string; url: string }>).find((s) => s.name === 'Admin Control')!;
    await adminPage.goto(shortcut.url);
    await adminPage.getByRole('heading', { name: 'Admin Control' }).waitFor();
    await adminPage.getByRole('button', { name: /Pending Purchase Requests/ }).waitFor();
    // The link is used up: the address is home again.
    await adminPage.waitForURL((url) => url.pathname === '/' && url.search === '');
    await adminPage.keyboard.press('Escape');

    const { page, username } = await newPlayer();
    // Home reads the role from the player's contact: once that answer is in and drawn, Admin Control would be open.
    const role = page.waitForResponse((response) => new URL(response.url()).pathname === `/api/marketplace/contact/${username}`);
    await page.goto(shortcut.url);
    await page.getByText('Store Preview').waitFor();
    await role;
    await pageSettled(page);
    expect(await page.getByRole('heading', { name: 'Admin Control' }).count()).toBe(0);
  });

  it('when a push arrives, then the service worker sets the badge: counted again online, one more with the network cut', async () => {
    const worker = await waitForServiceWorker(adminContext, adminPage);
    await worker.evaluate(() => {
      const scope = self as unknown as { __badge: Array<number | 'clear'>; navigator: { setAppBadge(n?: number): Promise<void> } };
      scope.__badge = [];
      const set = scope.navigator.setAppBadge.bind(scope.navigator);
      scope.navigator.setAppBadge = (n?: number) => (scope.__badge.push(n ?? 0), set(n));
    });
    const workerCalls = () => worker.evaluate(() => (self as unknown as { __badge: Array<number | 'clear'> }).__badge);
    cdp = await adminContext.newCDPSession(adminPage);
    const registrationId = new Promise<string>((resolve) => {
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
        const live = registrations.find((r: { isDeleted: boolean }) => !r.isDeleted);
        if (live) resolve(live.registrationId);
      });
    });
    await cdp.send('ServiceWorker.enable');
    const id = await registrationId;
    const push = (title: string) =>
      cdp.send('ServiceWorker.deliverPushMessage', {
        origin: gate.url,
        registrationId: id,
        data: JSON.stringify({ title, body: 'x', url: '/' }),
      });

    // A new request arrives for the admins while the app is in the background.
    const player = await newPlayer();
    await pendingPurchase(player.context.request, player.username);
    const due = await dueOnServer();
    // The open page counts a live change from its last count at once and again within 10 s (DUE_RECOUNT_MS); the
    // offline push below adds one to whatever was stored last, so the page's recount is waited for first.
    await expect.poll(async () => (await badgeCalls(adminPage)).at(-1), { timeout: patient(30_000) }).toBe(due);
    await push('New purchase request');
    await expect.poll(workerCalls, { timeout: patient(10_000) }).toEqual([due]);

    // No network: the worker cannot count, so it adds the push itself to the last count.
    gate.down();
    await push('Another one');
    await expect.poll(workerCalls, { timeout: patient(10_000) }).toEqual([due, due + 1]);
    gate.up();
    await cdp.detach();
  });
});
