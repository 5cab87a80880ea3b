// Share a screenshot straight to Sell: the browser posts the share (multipart, as the manifest's share_target says)
// to /share-target; the real service worker keeps the image in IndexedDB and sends the browser to Sell, which
// attaches it. Posted here as the browser does it, a multipart POST navigation, with the network up and cut (the
// gate of offline-network.ts, so the worker's fetches are cut too).
import http from 'node:http';
import path from 'node:path';
import sharp from 'sharp';
import type { Browser, BrowserContext, Page, Worker } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, PHONE } from '../support/browser';
import { screenshotViewport } from '../support/player';
import { startTestServer, type TestServer } from '../support/server';
import { startNetworkGate, type NetworkGate } from './offline-network';
import { probeNetwork, signUpInBrowser, waitForServiceWorker } from './pwa-helpers';
import { patient } from '../support/patience';

let server: TestServer;
let gate: NetworkGate;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let worker: Worker;
let screenshotPng: Buffer;

beforeAll(async () => {
  server = await startTestServer({ staticDir: path.resolve(process.env.E2E_DIST ?? 'dist') });
  gate = await startNetworkGate(server.port);
  browser = await launchBrowser();
  context = await browser.newContext({ baseURL: gate.url, viewport: PHONE, serviceWorkers: 'allow' });
  page = await context.newPage();
  // A phone screenshot from the game: 1920 × 1080 PNG.
  screenshotPng = await sharp({ create: { width: 1920, height: 1080, channels: 3, background: { r: 30, g: 160, b: 90 } } })
    .composite([
      { input: { create: { width: 600, height: 400, channels: 3, background: { r: 240, g: 200, b: 40 } } }, left: 200, top: 300 },
    ])
    .png()
    .toBuffer();
  const { username } = await signUpInBrowser(context, page, `share_${Date.now() % 100000}`);
  const contact = await context.request.put(`/api/marketplace/contact/${username}`, { data: { contactEmail: `${username}@example.com` } });
  expect(contact.status()).toBe(200);
  await page.goto('/');
  worker = await waitForServiceWorker(context, page);
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await gate?.close();
  await server?.close();
});

/** What the share sheet does: a multipart POST navigation to the share target with the image in `photo`. */
async function share(file: Buffer, name = 'Screenshot_Roblox.png') {
  await page.evaluate(() => {
    const form = document.createElement('form');
    form.method = 'POST';
    form.enctype = 'multipart/form-data';
    form.action = '/share-target';
    form.id = 'share-sheet';
    const title = Object.assign(document.createElement('input'), { type: 'hidden', name: 'title', value: 'My item' });
    const photo = Object.assign(document.createElement('input'), { type: 'file', name: 'photo' });
    form.append(title, photo);
    document.body.append(form);
  });
  await page.locator('#share-sheet input[type=file]').setInputFiles({ name, mimeType: 'image/png', buffer: file });
  await Promise.all([
    page.waitForURL((url) => url.pathname === '/sell'),
    page.evaluate(() => (document.getElementById('share-sheet') as HTMLFormElement).submit()),
  ]);
}

/** The shared photo still waiting in IndexedDB (size), or null. */
/** Forgets the unsent Sell this browser keeps (issue 47.4), so a test's Sell starts from its own share only. */
const forgetSellDrafts = () =>
  page.evaluate(
    () =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('blockspin-market');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const tx = open.result.transaction('kv', 'readwrite');
          tx.objectStore('kv').delete(IDBKeyRange.bound('sell-draft:', 'sell-draft:\uffff'));
          tx.oncomplete = () => {
            open.result.close();
            resolve();
          };
        };
      }),
  );

const waitingShare = () =>
  page.evaluate(
    () =>
      new Promise<number | null>((resolve, reject) => {
        const open = indexedDB.open('blockspin-market');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const get = open.result.transaction('kv').objectStore('kv').get('share:photo');
          get.onsuccess = () => {
            open.result.close();
            resolve(get.result?.blob instanceof Blob ? get.result.blob.size : null);
          };
        };
      }),
  );

/** The attached photo's preview as drawn (its natural size). */
const attachedPhoto = async () => {
  const preview = page.getByRole('img', { name: 'Your item photo' });
  await preview.waitFor({ timeout: patient(20_000) });
  await page.waitForFunction(() => (document.querySelector('img[alt="Your item photo"]') as HTMLImageElement | null)?.complete);
  return preview.evaluate((img: HTMLImageElement) => `${img.naturalWidth}x${img.naturalHeight}`);
};

describe('share target', () => {
  it('when a screenshot is shared to the app, then the worker answers the POST and Sell opens with the photo attached', async () => {
    const before = gate.log.length;
    await share(screenshotPng);
    await page.getByRole('heading', { name: 'Submit My Item' }).waitFor({ timeout: patient(20_000) });
    // Scaled like a picked photo: 1920 × 1080 → 1200 × 675.
    expect(await attachedPhoto()).toBe('1200x675');
    expect(new URL(page.url()).search).toBe('?shared=1');
    // Taken by the page, so it is not attached again next time.
    await expect.poll(waitingShare).toBeNull();
    // The share never reached the server: the worker answered it.
    expect(gate.log.slice(before).filter((line) => line.includes('share-target'))).toEqual([]);
    await screenshotViewport(page, 'share-target-phone-landing');

    // The form goes on as a picked photo's would.
    await page.getByRole('group', { name: 'Category' }).getByRole('button', { name: 'Weapons & Ammo' }).click();
    await page.getByRole('heading', { name: 'Submit My Item' }).waitFor();
  });

  it('when the network is cut, then a share still lands on Sell with the photo (the worker needs no network)', async () => {
    gate.down();
    await context.setOffline(true);
    expect(await probeNetwork(page, worker)).toEqual({ page: 'failed', worker: 'failed' });
    await page.goto('/');
    await share(screenshotPng, 'offline.png');
    await page.getByRole('heading', { name: 'Submit My Item' }).waitFor({ timeout: patient(20_000) });
    expect(await attachedPhoto()).toBe('1200x675');
    await expect.poll(waitingShare).toBeNull();
    await screenshotViewport(page, 'share-target-phone-offline');
    gate.up();
    await context.setOffline(false);
  });

  it('when a share arrives while Sell is not open, then the photo waits in IndexedDB until Sell takes it', async () => {
    await page.goto('/my-activity');
    // A share the worker answers without any page of the app taking it yet (fetch, not a navigation).
    const status = await page.evaluate(
      async (bytes) => {
        const form = new FormData();
        form.append('photo', new File([new Uint8Array(bytes)], 'later.png', { type: 'image/png' }));
        const answer = await fetch('/share-target', { method: 'POST', body: form, redirect: 'manual' });
        return answer.type === 'opaqueredirect' ? 'redirect' : answer.status;
      },
      [...screenshotPng],
    );
    expect(status).toBe('redirect');
    expect(await waitingShare()).toBe(screenshotPng.length);
    await page.reload();
    expect(await waitingShare()).toBe(screenshotPng.length);

    await page.goto('/sell');
    expect(await attachedPhoto()).toBe('1200x675');
    await expect.poll(waitingShare).toBeNull();
  });

  it('when the share has no image, then Sell opens with its photo picker as usual', async () => {
    await page.goto('/');
    // The photo the previous test's Sell took waits as an unsent draft (issue 47.4), which Sell would show instead.
    await forgetSellDrafts();
    await page.evaluate(() => {
      const form = Object.assign(document.createElement('form'), {
        method: 'POST',
        enctype: 'multipart/form-data',
        action: '/share-target',
      });
      form.append(Object.assign(document.createElement('input'), { type: 'hidden', name: 'text', value: 'just text' }));
      document.body.append(form);
      form.submit();
    });
    await page.waitForURL((url) => url.pathname === '/sell');
    await page.getByRole('button', { name: 'Add a photo of your item' }).waitFor();
    expect(await waitingShare()).toBeNull();
  });
});

describe('a share posted by another site (issue 45.9)', () => {
  let site: http.Server;
  let siteUrl: string;
  beforeAll(async () => {
    // Another site: localhost is not 127.0.0.1 (the app's address here), so the browser sends its own origin.
    site = http.createServer((req, res) => {
      const hidden = req.url?.includes('hidden');
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(`<!doctype html><html><head>${hidden ? '<meta name="referrer" content="no-referrer">' : ''}</head><body>
        <form id="foreign" method="POST" enctype="multipart/form-data" action="${gate.url}/share-target">
          <input type="hidden" name="title" value="Free robux"><input type="file" name="photo">
        </form></body></html>`);
    });
    await new Promise<void>((resolve) => site.listen(0, 'localhost', resolve));
    siteUrl = `http://localhost:${(site.address() as { port: number }).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => site.close(() => resolve())));

  it.each([
    ['its own Origin', '/'],
    ['its Origin hidden (no-referrer, Origin: null)', '/?hidden'],
  ])('when another site posts a photo to /share-target with %s, then Sell opens without it and nothing is kept', async (_how, at) => {
    expect(await waitingShare()).toBeNull();
    // The earlier tests' shared photos wait on Sell as unsent drafts: this test's Sell must show only what it is sent.
    await forgetSellDrafts();
    await page.goto(siteUrl + at);
    await page.locator('#foreign input[type=file]').setInputFiles({ name: 'theirs.png', mimeType: 'image/png', buffer: screenshotPng });
    await Promise.all([
      page.waitForURL((url) => url.origin === gate.url && url.pathname === '/sell'),
      page.evaluate(() => (document.getElementById('foreign') as HTMLFormElement).submit()),
    ]);
    // Sell as the player knows it: its photo picker, no picture of theirs.
    await page.getByRole('button', { name: 'Add a photo of your item' }).waitFor({ timeout: patient(20_000) });
    expect(new URL(page.url()).search).toBe('');
    expect(await page.getByRole('img', { name: 'Your item photo' }).count()).toBe(0);
    expect(await waitingShare()).toBeNull();
  });
});
