// What an installed app does on a phone: the install button only after a meaningful action (the browser's real
// beforeinstallprompt, kept from the start), the one-time iOS "Add to Home Screen" sheet, persistent storage asked
// once installed, safe-area insets, and the icon's badge set from the page (live) and from the service worker when a
// push arrives (online and with the network cut). Real Chromium, the real server serving the production build. The badge is in installed-app-badge.test.ts; the steps in
// installed-app-steps.ts.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CHROMIUM_PATH, PHONE } from '../support/browser';
import { screenshotViewport } from '../support/player';
import { pageSettled, signUpInBrowser, waitForServiceWorker } from './pwa-helpers';
import { patient } from '../support/patience';
import { app, newPlayer, useInstalledApp } from './installed-app-steps';

const IPHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1';

useInstalledApp();

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
    app.profiles.push(profile);
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM_PATH,
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-quic'],
      baseURL: app.gate.url,
      viewport: PHONE,
      serviceWorkers: 'allow',
    });
    app.contexts.push(context);
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
