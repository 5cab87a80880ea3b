// What an installed app does on a phone: the icon's badge set from the page (live) and from the service worker when a
// push arrives (online and with the network cut). Real Chromium, the real server serving the production build; the
// steps in installed-app-steps.ts, the install itself in installed-app.test.ts.
import type { APIRequestContext, BrowserContext, CDPSession, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PHONE } from '../support/browser';
import { SUPER_ADMIN } from '../support/server';
import { pageSettled, waitForServiceWorker } from './pwa-helpers';
import { YEAR } from '../support/dates';
import { patient } from '../support/patience';
import { app, newPlayer, useInstalledApp } from './installed-app-steps';

useInstalledApp();

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
    due += ((await (await app.admin.get(list)).json()) as Array<{ status: string }>).filter((r) => r.status === 'pending').length;
  return due;
}

describe('app badge', () => {
  let adminContext: BrowserContext;
  let adminPage: Page;
  let cdp: CDPSession;

  it('when a player with nothing unread opens the app, then the badge is cleared (GET unread answering 404 counts as none)', async () => {
    // The app's first load is already signed in: a signed-out load before it would clear the badge already, and the
    // signed-in one then rightly leave it alone (it was seen to come first on a loaded machine, leaving nothing to see).
    const context = await app.browser.newContext({ baseURL: app.gate.url, viewport: PHONE });
    app.contexts.push(context);
    const username = `inst${Date.now() % 100000}${++app.serial}`;
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

    adminContext = await app.browser.newContext({ baseURL: app.gate.url, viewport: PHONE, serviceWorkers: 'allow' });
    app.contexts.push(adminContext);
    await adminContext.grantPermissions(['notifications'], { origin: app.gate.url });
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
    const approved = await app.admin.patch(`/api/purchase-requests/${first.id}/status`, {
      data: { status: 'approved', scheduledDate: `11/30/${YEAR}`, scheduledTime: '9:00 AM', isImmediateSchedule: false },
    });
    expect(approved.status()).toBe(200);
    // (Things due are counted from whole lists: a live change recounts them within 10 s.)
    await expect.poll(() => badgeCalls(adminPage), { timeout: patient(20_000) }).toEqual([due, due - 1]);
  });

  it("when the Admin Control shortcut is opened, then an admin lands in Admin Control's menu and a player on home", async () => {
    const manifest = await (await app.admin.get('/manifest.webmanifest')).json();
    const shortcut = (manifest.shortcuts as Array<{ name: string; url: string }>).find((s) => s.name === 'Admin Control')!;
    await adminPage.goto(shortcut.url);
    await adminPage.getByRole('heading', { name: 'Admin Control' }).waitFor();
    await adminPage.getByRole('button', { name: /Pending Purchase Requests/ }).waitFor();
    // The address names the screen (its route, issue 48.4), so a reload keeps it; closing goes home.
    expect(new URL(adminPage.url()).pathname).toBe('/admin');
    await adminPage.keyboard.press('Escape');
    await adminPage.waitForURL((url) => url.pathname === '/' && url.search === '');

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
        origin: app.gate.url,
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
    app.gate.down();
    await push('Another one');
    await expect.poll(workerCalls, { timeout: patient(10_000) }).toEqual([due, due + 1]);
    app.gate.up();
    await cdp.detach();
  });
});
