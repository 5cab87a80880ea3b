// Offline for real. The browser reaches the server only through a gate the test can cut
// (tests/e2e/offline-network.ts), because context.setOffline() does not stop a service worker's own
// fetches in Chromium; each cut is proven by a fetch from the page AND from inside the worker failing.
// Everything is driven through the real screens of the production build, against the real server.
import path from 'node:path';
import type { APIRequestContext, Browser, BrowserContext, Page, Worker } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, PHONE, screenshot } from '../support/browser';
import { startTestServer, type TestServer } from '../support/server';
import { keepOfflineAcrossNavigations, startNetworkGate, type NetworkGate } from './offline-network';
import { adminApi, logInInBrowser, makeJpeg, probeNetwork, readOutbox, signUpInBrowser, waitForServiceWorker } from './pwa-helpers';
import { patient } from '../support/patience';

const QUEUED_TOAST =
  "Your item couldn't be sent right now, so it was saved on this device. It will be submitted automatically when you're back online.";

let server: TestServer;
let gate: NetworkGate;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let worker: Worker;
let admin: APIRequestContext;
let jpeg: Buffer;
const username = `off_${Date.now() % 100000}`;

beforeAll(async () => {
  server = await startTestServer({ staticDir: path.resolve(process.env.E2E_DIST ?? 'dist') });
  gate = await startNetworkGate(server.port);
  // Background Sync needs the full browser (tests/support/browser.ts).
  browser = await launchBrowser({ full: true });
  context = await browser.newContext({ baseURL: gate.url, viewport: PHONE, serviceWorkers: 'allow' });
  keepOfflineAcrossNavigations(context);
  page = await context.newPage();
  admin = await adminApi(server.url);
  jpeg = await makeJpeg();
});

afterAll(async () => {
  await admin?.dispose();
  await context?.close();
  await browser?.close();
  await gate?.close();
  await server?.close();
});

/** Cuts the network for the page and the worker, and proves it. */
async function goOffline() {
  gate.down();
  await context.setOffline(true);
  expect(await probeNetwork(page, worker)).toEqual({ page: 'failed', worker: 'failed' });
}

/** Brings the network back (the page hears `online`). */
async function goOnline() {
  gate.up();
  await context.setOffline(false);
}

/** What the server holds for the player: their sell requests, and (as the admin sees them) their submissions. */
async function serverRecords() {
  const sellRequests = (await (await admin.get(`/api/user-sell-requests/${username}`)).json()) as Array<{
    itemName: string;
    submissionId: number;
  }>;
  const submissions = (
    (await (await admin.get('/api/item-submissions')).json()) as Array<{ ps5Name: string; submittedBy: string; imageUrl: string | null }>
  ).filter((s) => s.submittedBy === username);
  return { sellRequests, submissions };
}

async function waitForOutbox(predicate: (items: Awaited<ReturnType<typeof readOutbox>>) => boolean, timeout = 30_000) {
  const until = Date.now() + timeout;
  for (;;) {
    const items = await readOutbox(page);
    if (predicate(items)) return items;
    if (Date.now() > until) throw new Error(`outbox never matched: ${JSON.stringify(items)}`);
    await page.waitForTimeout(250);
  }
}

const press = (group: string, name: string) => page.getByRole('group', { name: group }).getByRole('button', { name, exact: true }).click();

/** Fills and submits the real sell screen with a photo. */
async function sellThroughScreen(choice: Array<[group: string, button: string]>) {
  await page.goto('/sell');
  await page.getByTestId('gallery-input').setInputFiles({ name: 'item.jpg', mimeType: 'image/jpeg', buffer: jpeg });
  await page.getByRole('img', { name: 'Your item photo' }).waitFor();
  for (const [group, button] of choice) await press(group, button);
  await page.getByRole('radio', { name: /USD Cash/ }).click();
  await page.getByRole('button', { name: 'Submit' }).click();
}

async function openMySellRequests() {
  await page.goto('/my-activity');
  await page.getByRole('tab', { name: /My Sell Requests/ }).click();
}

describe('offline after the first visit', () => {
  it('when the network is cut after one visit, then a reload opens the app, the shop works and the cart keeps its items', async () => {
    await signUpInBrowser(context, page, username);
    expect(
      (await context.request.put(`/api/marketplace/contact/${username}`, { data: { contactEmail: `${username}@example.com` } })).status(),
    ).toBe(200);
    await page.goto('/buy');
    worker = await waitForServiceWorker(context, page);
    expect(await probeNetwork(page, worker)).toEqual({ page: 200, worker: 200 });

    // Put an AK-47 in the cart through the shop (two taps, then the quantity dialog).
    await page.getByRole('button', { name: /^Weapons & Ammo/ }).click();
    await page.getByRole('button', { name: /^Guns/ }).click();
    await page.getByRole('button', { name: 'AK-47, show price' }).click();
    await page.getByRole('button', { name: /^AK-47, \$18\.00/ }).click();
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await page.getByRole('button', { name: 'Cart, 1 item' }).waitFor();

    await goOffline();
    await page.reload();
    await expect.poll(() => page.getByTestId('offline-indicator').textContent()).toContain('Offline');
    // The shop is browsable from the precache, and the cart is still there (IndexedDB).
    await page.getByRole('button', { name: 'Cart, 1 item' }).waitFor();
    await page.getByRole('button', { name: /^Weapons & Ammo/ }).click();
    await page.getByRole('button', { name: /^Guns/ }).click();
    await page.getByRole('button', { name: 'RPG, show price' }).click();
    await page.getByRole('button', { name: /^RPG, \$19\.99/ }).waitFor();
    await page.getByRole('button', { name: /^Farming/ }).click();
    await page.getByRole('button', { name: 'Diamond Pot, show price' }).waitFor();
    // Other client routes open offline too (navigation fallback to the app shell).
    await page.goto('/');
    await page.getByRole('link', { name: /Buy/ }).first().waitFor();
    await page.goto('/my-activity');
    await page.getByRole('tab', { name: /My Sell Requests/ }).waitFor();
    await screenshot(page, 'offline-shop-cart');
    // Nothing reached the server while cut, not even the worker's own fetches.
    expect(await probeNetwork(page, worker)).toEqual({ page: 'failed', worker: 'failed' });
    await goOnline();
  });

  it('when a sell with a photo is made offline, then it shows queued, survives a reload, and arrives exactly once when the network returns', async () => {
    await goOffline();
    await sellThroughScreen([
      ['Category', 'Weapons & Ammo'],
      ['Type of weapon', 'Guns'],
      ['Kind of gun', 'Assault rifles'],
      ['Item', 'AK-47'],
    ]);
    await page.getByText(QUEUED_TOAST).waitFor();
    const [queued] = await waitForOutbox((items) => items.length === 1);
    expect(queued).toMatchObject({ kind: 'sell', state: 'queued' });
    expect(queued.photoSize).toBeGreaterThan(100);

    await openMySellRequests();
    const card = page.getByTestId('queued-card');
    await card.waitFor();
    expect(await card.getAttribute('data-state')).toBe('queued');
    expect(await card.textContent()).toContain('AK-47');
    expect(await card.locator('img').getAttribute('src')).toMatch(/^blob:/);

    await page.reload();
    await page.getByRole('tab', { name: /My Sell Requests/ }).click();
    await page.getByTestId('queued-card').waitFor();
    expect((await readOutbox(page)).map((i) => i.id)).toEqual([queued.id]);
    await screenshot(page, 'offline-sell-queued');
    expect(await serverRecords()).toEqual({ sellRequests: [], submissions: [] });

    await goOnline();
    await waitForOutbox((items) => items.length === 0);
    const records = await serverRecords();
    expect(records.submissions.map((s) => s.ps5Name)).toEqual(['AK-47']);
    expect(records.submissions[0].imageUrl).toMatch(/^\/api\/images\//);
    expect(records.sellRequests.map((r) => r.itemName)).toEqual(['AK-47']);
    expect(gate.log.filter((l) => l.startsWith('POST /api/item-submissions'))).toHaveLength(1);
    // The account list now shows the server's record instead of the queued card.
    await page.getByTestId('queued-card').waitFor({ state: 'detached' });
  });

  it('when the network is cut again just after the server commits a replay, then the next replay still leaves exactly one record', async () => {
    await goOffline();
    await sellThroughScreen([
      ['Category', 'Weapons & Ammo'],
      ['Type of weapon', 'Guns'],
      ['Kind of gun', 'Pistols'],
      ['Item', 'Glock'],
    ]);
    await page.getByText(QUEUED_TOAST).waitFor();
    const [queued] = await waitForOutbox((items) => items.length === 1);

    // The replay reaches the server, which commits; the answer never comes back and the network is gone again.
    const dropped = gate.dropAfterCommit('/api/item-submissions');
    gate.up();
    await context.setOffline(false);
    await dropped;
    await context.setOffline(true);
    expect(await probeNetwork(page, worker)).toEqual({ page: 'failed', worker: 'failed' });
    let records = await serverRecords();
    expect(records.submissions.map((s) => s.ps5Name).sort()).toEqual(['AK-47', 'Glock']);
    expect(records.sellRequests.map((r) => r.itemName)).toEqual(['AK-47']);
    // The item is still in the outbox, with the same Idempotency-Key, waiting for the next trigger.
    const [kept] = await waitForOutbox((items) => items.length === 1 && items[0].state === 'queued');
    expect(kept.id).toBe(queued.id);

    await goOnline();
    await waitForOutbox((items) => items.length === 0);
    records = await serverRecords();
    expect(records.submissions.map((s) => s.ps5Name).sort()).toEqual(['AK-47', 'Glock']);
    expect(records.sellRequests.map((r) => r.itemName).sort()).toEqual(['AK-47', 'Glock']);
    // Two deliveries of the same submission reached the server; it created one.
    expect(gate.log.filter((l) => l.startsWith('POST /api/item-submissions'))).toHaveLength(3);
  });

  it('when the session has ended by the time of the replay (401), then the item is kept and goes out once after the player logs in again', async () => {
    await goOffline();
    await sellThroughScreen([
      ['Category', 'Weapons & Ammo'],
      ['Type of weapon', 'Melees'],
      ['Item', 'Crowbar'],
    ]);
    await page.getByText(QUEUED_TOAST).waitFor();
    const [queued] = await waitForOutbox((items) => items.length === 1);

    // The session is gone (cookie cleared, as after an expiry) when the network returns.
    await context.clearCookies();
    await goOnline();
    const [kept] = await waitForOutbox((items) => items.length === 1 && items[0].state === 'needs-login');
    expect(kept.id).toBe(queued.id);
    expect(kept.error).toBe('Your session has ended. Log in again to send this.');
    expect((await serverRecords()).submissions.map((s) => s.ps5Name).sort()).toEqual(['AK-47', 'Glock']);

    // Logging in again (new session) and opening the app sends it, once.
    await logInInBrowser(context, username);
    await page.goto('/');
    await page.evaluate((name) => localStorage.setItem('currentUser', name), username);
    await page.reload();
    await waitForOutbox((items) => items.length === 0);
    const records = await serverRecords();
    expect(records.submissions.map((s) => s.ps5Name).sort()).toEqual(['AK-47', 'Crowbar', 'Glock']);
    expect(records.sellRequests.map((r) => r.itemName).sort()).toEqual(['AK-47', 'Crowbar', 'Glock']);
  });

  it('when a purchase is confirmed offline, then it is queued after the dialog says so and arrives exactly once when the network returns', async () => {
    await page.goto('/buy');
    await page.getByRole('button', { name: 'Cart, 1 item' }).waitFor();
    await goOffline();
    await page.getByRole('button', { name: 'Cart, 1 item' }).click();
    await page.getByRole('button', { name: 'Purchase $18.00' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Confirm Purchase Request' });
    expect(await confirm.getByRole('note').textContent()).toBe(
      "You're offline. Your request will be saved on this device and sent automatically when you're back online.",
    );
    await confirm.getByRole('button', { name: 'Send Request' }).click();
    await page.getByRole('dialog', { name: 'Purchase Request Queued' }).waitFor();
    const [queued] = await waitForOutbox((items) => items.length === 1);
    expect(queued).toMatchObject({ kind: 'purchase', state: 'queued', photoSize: null });

    await page.goto('/my-activity');
    await page.getByRole('tab', { name: /My Buy Requests/ }).click();
    await page.getByTestId('queued-card').waitFor();
    expect(await page.getByTestId('queued-card').textContent()).toContain('AK-47');

    await goOnline();
    await waitForOutbox((items) => items.length === 0);
    const purchases = (await (await admin.get(`/api/user-purchase-requests/${username}`)).json()) as Array<{
      items: Array<{ name: string }>;
      totalPrice: number;
    }>;
    expect(purchases.map((p) => [p.items.map((i) => i.name), p.totalPrice])).toEqual([[['AK-47'], 18]]);
    expect(gate.log.filter((l) => l.startsWith('POST /api/purchase-requests'))).toHaveLength(1);
  });

  it('when My Sell and Buy Requests are opened offline, then they show the last data received, marked as offline data with its time', async () => {
    await openMySellRequests();
    await page.getByText('Crowbar').first().waitFor();
    await page.getByRole('tab', { name: /My Buy Requests/ }).click();
    await page.getByText('AK-47').first().waitFor();

    await goOffline();
    await page.reload();
    await page.getByRole('tab', { name: /My Sell Requests/ }).click();
    const note = page.getByTestId('offline-data-note');
    await note.waitFor();
    expect(await note.textContent()).toMatch(/^Offline data — last updated /);
    expect(Date.now() - Date.parse((await note.locator('time').getAttribute('datetime'))!)).toBeLessThan(120_000);
    for (const name of ['AK-47', 'Glock', 'Crowbar']) await page.getByText(name).first().waitFor();
    // The photos seen online come from the worker's image cache (the network is cut for the worker too).
    await expect
      .poll(() =>
        page.evaluate(() =>
          [...document.querySelectorAll<HTMLImageElement>('img')]
            .filter((img) => new URL(img.src).pathname.startsWith('/api/images/'))
            .map((img) => img.complete && img.naturalWidth > 0),
        ),
      )
      .toEqual([true, true, true]);
    await screenshot(page, 'offline-sell-requests-snapshot');

    await page.getByRole('tab', { name: /My Buy Requests/ }).click();
    await page.getByTestId('offline-data-note').waitFor();
    await page.getByText('AK-47').first().waitFor();
    await goOnline();
  });

  it("when the server refuses a replay (409), then the item is marked failed with the server's message, with Retry and Discard", async () => {
    // A purchase queued at an old price (as an older version of the app would have stored it).
    await page.evaluate(
      (name) =>
        new Promise<void>((resolve, reject) => {
          const open = indexedDB.open('blockspin-market');
          open.onsuccess = () => {
            const tx = open.result.transaction('outbox', 'readwrite');
            const now = new Date().toISOString();
            tx.objectStore('outbox').put({
              id: crypto.randomUUID(),
              kind: 'purchase',
              username: name,
              payload: { requesterName: name, items: [{ name: 'RPG', category: 'Weapons', quantity: 1, price: '$15.00' }], totalPrice: 15 },
              state: 'queued',
              attempts: 0,
              createdAt: now,
              updatedAt: now,
            });
            tx.oncomplete = () => resolve();
            tx.onerror = () => reject(tx.error);
          };
        }),
      username,
    );
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    const [failed] = await waitForOutbox((items) => items.length === 1 && items[0].state === 'failed');
    expect(failed.error).toBe('Prices have changed');

    await page.goto('/my-activity');
    await page.getByRole('tab', { name: /My Buy Requests/ }).click();
    const card = page.getByTestId('queued-card');
    await expect.poll(() => card.getAttribute('data-state')).toBe('failed');
    expect(await card.textContent()).toContain('Prices have changed');
    // Sending it again unchanged would be refused again (issue 49): the card offers today's total instead of Retry.
    const offer = card.getByTestId('prices-changed');
    await offer.getByText('Was $15.00').waitFor();
    expect(await offer.getByTestId('new-total').textContent()).toBe('$19.99');
    await offer.getByRole('button', { name: 'Send again at $19.99' }).waitFor();
    expect(await card.getByRole('button', { name: 'Retry' }).count()).toBe(0);
    await card.getByRole('button', { name: 'Discard' }).click();
    await card.getByRole('button', { name: 'Tap again to discard' }).click();
    await card.waitFor({ state: 'detached' });
    expect(await readOutbox(page)).toEqual([]);
    expect(((await (await admin.get(`/api/user-purchase-requests/${username}`)).json()) as unknown[]).length).toBe(1);
  });

  it('when no page of the app is open, then Background Sync wakes the worker, which sends the queued item itself (same lock, same drain)', async () => {
    await goOffline();
    await sellThroughScreen([
      ['Category', 'Weapons & Ammo'],
      ['Type of weapon', 'Guns'],
      ['Kind of gun', 'Special'],
      ['Item', 'RPG'],
    ]);
    await page.getByText(QUEUED_TOAST).waitFor();
    await waitForOutbox((items) => items.length === 1);
    // The page asked for a wake-up call.
    expect(
      await page.evaluate(() =>
        navigator.serviceWorker.ready.then((r) => (r as unknown as { sync: { getTags(): Promise<string[]> } }).sync.getTags()),
      ),
    ).toContain('outbox-drain');
    const registration = await page.evaluate(() => navigator.serviceWorker.ready.then((r) => r.scope));

    // Close the app: only the worker is left to send it.
    await page.close();
    const blank = await context.newPage();
    const cdp = await context.newCDPSession(blank);
    const registrations = new Map<string, string>();
    cdp.on('ServiceWorker.workerRegistrationUpdated', (event: { registrations: Array<{ registrationId: string; scopeURL: string }> }) => {
      for (const r of event.registrations) registrations.set(r.scopeURL, r.registrationId);
    });
    await cdp.send('ServiceWorker.enable');
    await expect.poll(() => registrations.get(registration)).toBeTruthy();
    // Counted from before the network returns: the browser may fire the sync itself as soon as it is back.
    const before = gate.log.length;
    gate.up();
    await context.setOffline(false);
    await cdp.send('ServiceWorker.dispatchSyncEvent', {
      origin: gate.url,
      registrationId: registrations.get(registration)!,
      tag: 'outbox-drain',
      lastChance: false,
    });
    await expect
      .poll(async () => (await serverRecords()).sellRequests.map((r) => r.itemName).sort(), { timeout: patient(30_000) })
      .toEqual(['AK-47', 'Crowbar', 'Glock', 'RPG']);
    // The worker checked the session, then sent the submission and the sell request, once each.
    const sent = gate.log.slice(before);
    expect(sent[0], sent.join(', ')).toBe('GET /api/marketplace/me');
    expect(
      sent.filter((l) => l.startsWith('POST')),
      sent.join(', '),
    ).toEqual(['POST /api/item-submissions', 'POST /api/user-sell-requests']);
    expect((await serverRecords()).submissions.filter((s) => s.ps5Name === 'RPG')).toHaveLength(1);
    await cdp.detach();
    page = blank;
    await page.goto('/');
    // The worker removes the item once it has read the answer: on a loaded machine that can come after the server
    // already holds the record (a busy-machine run found it still 'sending' here).
    await waitForOutbox((items) => items.length === 0);
  });
});
