// Drop day's fixture (admin-offline-*.test.ts): an admin's tablet at a pickup drop with no signal. The browser reaches
// the server only through a gate the test can cut (tests/e2e/offline-network.ts; context.setOffline() alone leaves the
// service worker online), and every cut is proven from the page and from inside the worker. Each test file calls
// useDropDay() for its own server and records; the state below is the running file's.
import path from 'node:path';
import { request, type APIRequestContext, type Browser, type BrowserContext, type Page, type Worker } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { launchBrowser, TABLET } from '../support/browser';
import { YEAR } from '../support/dates';
import { startTestServer, SUPER_ADMIN, type TestServer } from '../support/server';
import { keepOfflineAcrossNavigations, startNetworkGate, type NetworkGate } from './offline-network';
import { adminApi, makeJpeg, probeNetwork, waitForServiceWorker } from './pwa-helpers';
import { patient } from '../support/patience';

export let server: TestServer;
export let gate: NetworkGate;
export let browser: Browser;
export let tablet: BrowserContext;
export let page: Page;
export let worker: Worker;
export let superAdmin: APIRequestContext;
export let dave: APIRequestContext;
export let player: APIRequestContext;
export let jpeg: Buffer;
export const playerName = `drop${Date.now().toString(36).slice(-5)}`;

export const records = {
  pendingRequest: 0,
  approvedRequest: 0,
  racedRequest: 0,
  toCollect: 0,
  toPay: 0,
  racedPickup: 0,
};

export async function ok<T>(answer: Promise<import('playwright-core').APIResponse>, status = [200, 201]): Promise<T> {
  const response = await answer;
  if (!status.includes(response.status())) throw new Error(`${response.url()} answered ${response.status()}: ${await response.text()}`);
  return (await response.json()) as T;
}

let keyCounter = 0;
const key = () => ({ 'Idempotency-Key': `setup-${Date.now()}-${++keyCounter}` });

async function purchase(): Promise<number> {
  const created = await ok<{ id: number }>(
    player.post('/api/purchase-requests', {
      data: {
        requesterName: playerName,
        items: [{ name: 'Glock', category: 'Weapons', price: '$2.00', quantity: 2 }],
        totalPrice: 4,
        requestedAt: new Date().toISOString(),
      },
      headers: key(),
    }),
  );
  return created.id;
}

/** A sold item with its sell request, as the sell screen sends it; answers the submission id. */
async function sell(itemName: string): Promise<number> {
  const submission = await ok<{ id: number }>(
    player.post('/api/item-submissions', {
      data: {
        ps5Name: itemName,
        robloxName: 'weapons',
        imageUrl: `data:image/jpeg;base64,${jpeg.toString('base64')}`,
        hasMultipleQuantity: false,
        quantity: 1,
        paymentMethod: 'usd',
        submittedBy: playerName,
      },
      headers: key(),
    }),
  );
  await ok(
    player.post('/api/user-sell-requests', {
      data: {
        username: playerName,
        itemName,
        category: 'weapons',
        hasMultipleQuantity: false,
        quantity: 1,
        paymentMethod: 'usd',
        status: 'pending',
        submissionId: submission.id,
      },
      headers: key(),
    }),
  );
  return submission.id;
}

async function schedulePickup(submissionId: number): Promise<number> {
  const pickup = await ok<{ id: number }>(
    superAdmin.post('/api/scheduled-pickups', { data: { submissionId, scheduledDate: `3/14/${YEAR}`, scheduledTime: '4:30 PM' } }),
  );
  return pickup.id;
}

const approve = (id: number) =>
  ok(
    superAdmin.patch(`/api/purchase-requests/${id}/status`, {
      data: { status: 'approved', scheduledDate: `3/14/${YEAR}`, scheduledTime: '4:30 PM' },
    }),
  );

type Step = { from: string | null; to: string; actorName: string; photoUrl: string | null };
export const history = (subject: string, id: number) => ok<Step[]>(superAdmin.get(`/api/history/${subject}/${id}`));

/** Starts the server, the gate, the tablet and the second admin, and seeds the drop's records, for one test file. */
export function useDropDay(): void {
  beforeAll(setUp);
  afterAll(tearDown);
  // What the tablet showed when a step failed, to read the failure.
  afterEach(async (context) => {
    if (context.task.result?.state === 'fail')
      await page.screenshot({ path: `/tmp/admin-offline-failure-${Date.now()}.png` }).catch(() => undefined);
  });
}

async function setUp() {
  server = await startTestServer({ staticDir: path.resolve(process.env.E2E_DIST ?? 'dist') });
  gate = await startNetworkGate(server.port);
  browser = await launchBrowser();
  tablet = await browser.newContext({ baseURL: gate.url, viewport: TABLET, serviceWorkers: 'allow' });
  keepOfflineAcrossNavigations(tablet);
  page = await tablet.newPage();
  superAdmin = await adminApi(server.url);
  jpeg = await makeJpeg();

  // A second admin, working the same drop from another device that has signal.
  player = await request.newContext({ baseURL: server.url });
  await ok(player.post('/api/marketplace/signup', { data: { username: 'dave', password: 'dave-password-1' } }));
  await ok(superAdmin.post('/api/admin/marketplace-users/dave/admin-status', { data: { isAdmin: true } }));
  await player.dispose();
  dave = await request.newContext({ baseURL: server.url });
  await ok(dave.post('/api/marketplace/login', { data: { username: 'dave', password: 'dave-password-1' } }));

  player = await request.newContext({ baseURL: server.url });
  await ok(player.post('/api/marketplace/signup', { data: { username: playerName, password: 'player-password-1' } }));
  await ok(
    player.put(`/api/marketplace/contact/${playerName}`, {
      data: { contactEmail: `${playerName}@example.com`, ps5Username: `${playerName}_ps5` },
    }),
  );

  records.pendingRequest = await purchase();
  records.approvedRequest = await purchase();
  await approve(records.approvedRequest);
  records.racedRequest = await purchase();
  records.toCollect = await schedulePickup(await sell('AK-47'));
  records.toPay = await schedulePickup(await sell('RPG'));
  await ok(superAdmin.patch(`/api/scheduled-pickups/${records.toPay}/complete`, { data: {} }));
  records.racedPickup = await schedulePickup(await sell('Glock'));
}

async function tearDown() {
  await Promise.all([superAdmin?.dispose(), dave?.dispose(), player?.dispose()]);
  await tablet?.close();
  await browser?.close();
  await gate?.close();
  await server?.close();
}

export async function goOffline() {
  gate.down();
  await tablet.setOffline(true);
  expect(await probeNetwork(page, worker)).toEqual({ page: 'failed', worker: 'failed' });
}

export async function goOnline() {
  gate.up();
  await tablet.setOffline(false);
}

/** The Admin Control dialog (its title follows the screen open in it). */
export const adminControl = () => page.getByRole('dialog').first();

export async function openView(tile: RegExp | string) {
  const back = page.getByRole('button', { name: 'Back to Admin Control' });
  if (await back.isVisible()) await back.click();
  // A tile's name exactly: Due now's "Mark collected" also contains "Collected".
  await adminControl()
    .getByRole('button', { name: tile, exact: typeof tile === 'string' })
    .first()
    .click();
}

/** The saved-copy note of the list on screen ("Offline data — last updated …"). */
export const offlineNote = () => adminControl().getByTestId('offline-data-note').first();

/** The admin outbox's kept actions, as listed in Admin Control. */
export const outboxItems = () => adminControl().getByTestId('admin-outbox-item');

/** The admin signs in online once: the admin code and every admin list are saved on the tablet. */
export async function signInOnline(): Promise<void> {
  // The admin's contact is on file, so the login lands on the home (not the first-time contact form).
  await ok(superAdmin.put(`/api/marketplace/contact/${SUPER_ADMIN.username}`, { data: { contactEmail: 'admin@example.com' } }));
  await page.goto('/login');
  await page.getByLabel('Username').fill(SUPER_ADMIN.username);
  await page.getByLabel('Password', { exact: true }).fill(SUPER_ADMIN.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  worker = await waitForServiceWorker(tablet, page);
  await page.getByRole('button', { name: 'Admin', exact: true }).waitFor();
  // The home of an admin fetches the admin code into the worker's cache and loads every admin list once.
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          const { files } = (await (await fetch('/admin-assets.json')).json()) as { files: string[] };
          const cache = await caches.open('assets-runtime');
          const cached = await Promise.all(files.map((file) => cache.match(file)));
          return files.length > 0 && cached.every(Boolean);
        }),
      { timeout: patient(30_000) },
    )
    .toBe(true);
  await expect
    .poll(
      () =>
        ['/api/purchase-requests', '/api/item-submissions', '/api/scheduled-pickups', '/api/admin/marketplace-users'].every((p) =>
          gate.log.some((line) => line.startsWith(`GET ${p}`)),
        ),
      {
        timeout: patient(15_000),
      },
    )
    .toBe(true);
  // Admin Control has never been opened on this device: it opens below for the first time, offline.
}
