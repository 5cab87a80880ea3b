// Two players on one browser profile (issue 29.6): after the first logs out, nothing the device kept for them — the
// last lists and credit received, the contact cache, the photos the service worker cached — reaches the second,
// online or offline. The network is cut for real (tests/e2e/offline-network.ts), for the page and the worker.
import path from 'node:path';
import type { Browser, BrowserContext, Page, Worker } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, PHONE, screenshot } from '../support/browser';
import { startTestServer, type TestServer } from '../support/server';
import { startNetworkGate, type NetworkGate } from './offline-network';
import { makeJpeg, probeNetwork, signUpInBrowser, waitForServiceWorker } from './pwa-helpers';
import { patient } from '../support/patience';

let server: TestServer;
let gate: NetworkGate;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let worker: Worker;
const first = `ann_${Date.now() % 100000}`;
const second = `ben_${Date.now() % 100000}`;

beforeAll(async () => {
  server = await startTestServer({ staticDir: path.resolve(process.env.E2E_DIST ?? 'dist') });
  gate = await startNetworkGate(server.port);
  browser = await launchBrowser();
  context = await browser.newContext({ baseURL: gate.url, viewport: PHONE, serviceWorkers: 'allow' });
  page = await context.newPage();
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await gate?.close();
  await server?.close();
});

/** The keys of the app's IndexedDB kv store, and the names of the page's caches. */
const deviceState = () =>
  page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('blockspin-market');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    const keys = await new Promise<string[]>((resolve) => {
      const request = db.transaction('kv').objectStore('kv').getAllKeys();
      request.onsuccess = () => resolve(request.result as string[]);
    });
    db.close();
    return { keys, caches: await caches.keys() };
  });

/** What a fetch of a photo from the page answers (through the service worker): a status, or 'failed'. */
const fetchPhoto = (url: string) =>
  page.evaluate(
    (u) =>
      fetch(u).then(
        (r) => r.status,
        () => 'failed' as const,
      ),
    url,
  );

describe('logging out on a shared device', () => {
  it("when the first player logs out and a second signs in, then the first's lists, contact and photo are unreachable, online and offline", async () => {
    await signUpInBrowser(context, page, first);
    expect(
      (await context.request.put(`/api/marketplace/contact/${first}`, { data: { contactEmail: `${first}@example.com` } })).status(),
    ).toBe(200);
    const image = `data:image/jpeg;base64,${(await makeJpeg()).toString('base64')}`;
    const sold = await context.request.post('/api/item-submissions', {
      data: { ps5Name: 'Glock', robloxName: 'weapons', quantity: 1, hasMultipleQuantity: false, paymentMethod: 'usd', imageUrl: image },
    });
    expect(sold.status()).toBe(201);
    const submission = (await sold.json()) as { id: number; imageUrl: string };
    const photoUrl = submission.imageUrl;
    const sellRequest = await context.request.post('/api/user-sell-requests', {
      data: { itemName: 'Glock', category: 'weapons', quantity: 1, paymentMethod: 'usd', submissionId: submission.id },
    });
    expect(sellRequest.status()).toBe(201);

    // The first player's activity: lists (kept as offline snapshots), contact, and the photo (cached by the worker).
    await page.goto('/my-activity');
    worker = await waitForServiceWorker(context, page);
    await page.goto('/my-activity');
    await page.getByRole('tab', { name: /My Sell Requests/ }).click();
    await page.getByText('Glock').first().waitFor();
    // The contact cache as the contact form's read keeps it (src/features/account/api/get-contact.ts).
    await page.evaluate(async (key) => {
      const db = await new Promise<IDBDatabase>((resolve) => {
        const open = indexedDB.open('blockspin-market');
        open.onsuccess = () => resolve(open.result);
      });
      await new Promise((resolve) => {
        const tx = db.transaction('kv', 'readwrite');
        tx.objectStore('kv').put({ contactEmail: 'private@example.com', ps5Username: null, robloxUsername: null }, key);
        tx.oncomplete = resolve;
      });
      db.close();
    }, `userContact_${first}`);
    expect(await fetchPhoto(photoUrl)).toBe(200);
    await expect
      .poll(async () => (await deviceState()).caches.some((name) => name.startsWith('blockspin-images:')), { timeout: patient(10_000) })
      .toBe(true);
    const before = await deviceState();
    expect(before.keys.some((key) => key.startsWith('cache:'))).toBe(true);
    expect(before.keys).toContain(`userContact_${first}`);

    // Logout through the app.
    await page.goto('/');
    await page.getByRole('button', { name: 'Logout' }).first().click();
    await page.getByRole('alertdialog', { name: 'Confirm Logout' }).getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL((url) => url.pathname === '/login' || url.pathname === '/');
    await expect
      .poll(async () => (await deviceState()).keys.filter((key) => key.startsWith('cache:') || key.startsWith('userContact_')))
      .toEqual([]);
    expect((await deviceState()).caches.filter((name) => name.startsWith('blockspin-images'))).toEqual([]);

    // The second player on the same profile.
    await signUpInBrowser(context, page, second);
    await page.goto('/my-activity');
    await page.getByRole('tab', { name: /My Sell Requests/ }).waitFor();
    // Online, the first player's photo is the server's to refuse; nothing cached answers it.
    expect(await fetchPhoto(photoUrl)).toBe(403);
    // Offline, nothing answers it at all.
    gate.down();
    await context.setOffline(true);
    expect(await probeNetwork(page, worker)).toEqual({ page: 'failed', worker: 'failed' });
    expect(await fetchPhoto(photoUrl)).toBe('failed');
    await page.reload();
    await page.getByRole('tab', { name: /My Sell Requests/ }).waitFor();
    // The first player's list is gone from the device, so nothing of it shows offline either.
    expect(await page.getByText('Glock').count()).toBe(0);
    expect((await deviceState()).keys.filter((key) => key.includes(first))).toEqual([]);
    await screenshot(page, 'logout-cleanup-second-player-offline');
    gate.up();
    await context.setOffline(false);
  });
});
