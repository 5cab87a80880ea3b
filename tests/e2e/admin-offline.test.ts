// Drop day: an admin's tablet at a pickup drop with no signal. The browser reaches the server only through a gate
// the test can cut (tests/e2e/offline-network.ts; context.setOffline() alone leaves the service worker online), and
// every cut is proven from the page and from inside the worker. Driven through the real screens of the production
// build against the real server: records seen online once are there offline, actions made offline wait in the
// outbox and reach the server exactly once when the signal returns, and a second admin's work is told apart from
// a refusal.
import path from 'node:path';
import { request, type APIRequestContext, type Browser, type BrowserContext, type Page, type Worker } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, PHONE, screenshot, TABLET } from '../support/browser';
import { YEAR } from '../support/dates';
import { startTestServer, SUPER_ADMIN, type TestServer } from '../support/server';
import { keepOfflineAcrossNavigations, startNetworkGate, type NetworkGate } from './offline-network';
import { adminApi, makeJpeg, probeNetwork, readOutbox, waitForServiceWorker } from './pwa-helpers';
import { requestRows } from './request-cards';
import { patient } from '../support/patience';

let server: TestServer;
let gate: NetworkGate;
let browser: Browser;
let tablet: BrowserContext;
let page: Page;
let worker: Worker;
let superAdmin: APIRequestContext;
let dave: APIRequestContext;
let player: APIRequestContext;
let jpeg: Buffer;
const playerName = `drop${Date.now().toString(36).slice(-5)}`;

const records = {
  pendingRequest: 0,
  approvedRequest: 0,
  racedRequest: 0,
  toCollect: 0,
  toPay: 0,
  racedPickup: 0,
};

async function ok<T>(answer: Promise<import('playwright-core').APIResponse>, status = [200, 201]): Promise<T> {
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
const history = (subject: string, id: number) => ok<Step[]>(superAdmin.get(`/api/history/${subject}/${id}`));

beforeAll(async () => {
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
});

afterAll(async () => {
  await Promise.all([superAdmin?.dispose(), dave?.dispose(), player?.dispose()]);
  await tablet?.close();
  await browser?.close();
  await gate?.close();
  await server?.close();
});

// What the tablet showed when a step failed, to read the failure.
afterEach(async (context) => {
  if (context.task.result?.state === 'fail')
    await page.screenshot({ path: `/tmp/admin-offline-failure-${Date.now()}.png` }).catch(() => undefined);
});

async function goOffline() {
  gate.down();
  await tablet.setOffline(true);
  expect(await probeNetwork(page, worker)).toEqual({ page: 'failed', worker: 'failed' });
}

async function goOnline() {
  gate.up();
  await tablet.setOffline(false);
}

/** The Admin Control dialog (its title follows the screen open in it). */
const adminControl = () => page.getByRole('dialog').first();

async function openView(tile: RegExp | string) {
  const back = page.getByRole('button', { name: 'Back to Admin Control' });
  if (await back.isVisible()) await back.click();
  // A tile's name exactly: Due now's "Mark collected" also contains "Collected".
  await adminControl()
    .getByRole('button', { name: tile, exact: typeof tile === 'string' })
    .first()
    .click();
}

/** The saved-copy note of the list on screen ("Offline data — last updated …"). */
const offlineNote = () => adminControl().getByTestId('offline-data-note').first();

/** The admin outbox's kept actions, as listed in Admin Control. */
const outboxItems = () => adminControl().getByTestId('admin-outbox-item');
/** How many requests had reached the server before the offline actions were made. */
let sentBefore = 0;

describe('an admin tablet at a drop with no signal', () => {
  it('when the admin signs in online once, then the admin code and every admin list are saved on the tablet', async () => {
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
  });

  it('when the network is cut and the app reloads, then Admin Control opens with the saved pending requests', async () => {
    await goOffline();
    await page.reload();
    await expect.poll(() => page.getByTestId('offline-indicator').textContent()).toContain('Offline');
    await page.getByRole('button', { name: 'Admin', exact: true }).click();
    await page.getByRole('heading', { name: 'Admin Control' }).waitFor();
    // The offline pill stays visible above the open dialog.
    expect(await page.getByTestId('offline-indicator').isVisible()).toBe(true);

    await openView(/Pending Purchase Requests/);
    await adminControl()
      .getByRole('button', { name: new RegExp(`#${records.racedRequest} · ${playerName}`) })
      .waitFor();
    await adminControl()
      .getByRole('button', { name: new RegExp(`#${records.pendingRequest} · ${playerName}`) })
      .click();
    await adminControl()
      .getByRole('region', { name: `Request #${records.pendingRequest}` })
      .waitFor();
    expect(await offlineNote().textContent()).toMatch(/^Offline data — last updated /);
    await screenshot(page, 'admin-offline-pending-1024');
  });

  it('when the approved, pickup and collected lists are opened offline, then each shows its saved records', async () => {
    await openView(/Approved Requests/);
    await adminControl()
      .getByRole('region', { name: `Request #${records.approvedRequest}` })
      .waitFor();
    await offlineNote().waitFor();

    await openView('Scheduled pickups');
    await adminControl().getByRole('listitem', { name: 'AK-47' }).waitFor();
    await adminControl().getByRole('listitem', { name: 'Glock' }).waitFor();
    await offlineNote().waitFor();
    expect(await adminControl().getByText('No pending pickups').count()).toBe(0);

    await openView('Collected');
    await adminControl().getByRole('listitem', { name: 'RPG' }).waitFor();
    await offlineNote().waitFor();
    expect(await adminControl().getByText('No collected items').count()).toBe(0);
  });

  it('when the submissions, denied and completed lists and Super Admin Settings are opened offline, then each shows its saved copy', async () => {
    await openView(/User Item Submissions/);
    await offlineNote().waitFor();
    await openView('Denied');
    await offlineNote().waitFor();
    await openView(/Step 3.*Completed/);
    await offlineNote().waitFor();
    await page.getByRole('button', { name: 'Back to Admin Control' }).click();
    await adminControl().getByRole('button', { name: 'Close' }).first().click();

    await page.getByRole('button', { name: 'Super Admin Settings' }).click();
    const settings = page.getByRole('dialog', { name: 'Super Admin Settings' });
    await settings.getByRole('listitem', { name: playerName }).waitFor();
    await settings.getByTestId('offline-data-note').first().waitFor();
    await screenshot(page, 'admin-offline-settings-1024');
    await settings.getByRole('button', { name: 'Close' }).first().click();
    expect(await probeNetwork(page, worker)).toEqual({ page: 'failed', worker: 'failed' });
  });

  it('when two pickups are collected offline (one with a handover photo), then each waits on its card', async () => {
    sentBefore = gate.log.length;
    await page.getByRole('button', { name: 'Admin', exact: true }).click();
    await openView('Scheduled pickups');
    const collect = adminControl().getByRole('listitem', { name: 'AK-47' });
    await collect.getByRole('button', { name: 'Mark Collected' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Confirm Collection' });
    await confirm.getByTestId('proof-photo-library').setInputFiles({ name: 'handover.jpg', mimeType: 'image/jpeg', buffer: jpeg });
    await confirm.getByRole('img', { name: 'Handover photo' }).waitFor();
    await screenshot(page, 'admin-offline-collect-proof-1024');
    await confirm.getByRole('button', { name: 'Yes' }).click();
    expect(await collect.getByTestId('pending-action').textContent()).toContain('Waiting to send — collected');
    expect(await collect.getByRole('button', { name: 'Mark Collected' }).count()).toBe(0);

    // The same pickup as the one a second admin collects meanwhile, from a device with signal.
    const raced = adminControl().getByRole('listitem', { name: 'Glock' });
    await raced.getByRole('button', { name: 'Mark Collected' }).click();
    await page.getByRole('alertdialog', { name: 'Confirm Collection' }).getByRole('button', { name: 'Yes' }).click();
    await raced.getByTestId('pending-action').waitFor();
  });

  it('when a collected pickup is paid, a drop completed and a request approved offline, then each waits on its card', async () => {
    await openView('Collected');
    const pay = adminControl().getByRole('listitem', { name: 'RPG' });
    await pay.getByRole('button', { name: 'Paid' }).click();
    await page.getByRole('alertdialog', { name: 'Payment Confirmation' }).getByRole('button', { name: 'Yes' }).click();
    expect(await pay.getByTestId('pending-action').textContent()).toContain('Waiting to send — paid');

    await openView(/Approved Requests/);
    const drop = adminControl().getByRole('region', { name: `Request #${records.approvedRequest}` });
    await drop.getByRole('button', { name: 'Completed' }).click();
    await page.getByRole('alertdialog', { name: 'Complete Drop' }).getByRole('button', { name: 'Yes' }).click();
    await drop.getByTestId('pending-action').waitFor();

    // Approving a request that the second admin rejects meanwhile.
    await openView(/Pending Purchase Requests/);
    await adminControl()
      .getByRole('button', { name: new RegExp(`#${records.racedRequest} · ${playerName}`) })
      .click();
    const racedRequest = adminControl().getByRole('region', { name: `Request #${records.racedRequest}` });
    await racedRequest.getByRole('button', { name: 'Approve' }).click();
    const approval = page.getByRole('dialog', { name: 'Confirm Approval' });
    await approval.getByLabel('Month').fill('3');
    await approval.getByLabel('Day').fill('14');
    await approval.getByLabel('Year').fill(String(YEAR));
    await approval.getByLabel('Hour').fill('4');
    await approval.getByLabel('Minute').fill('30');
    await approval.getByRole('button', { name: 'PM' }).click();
    await approval.getByRole('button', { name: 'Confirm' }).click();
    await racedRequest.getByTestId('pending-action').waitFor();
  });

  it('when the outbox is opened offline, then the five actions wait there and nothing left the tablet', async () => {
    await page.getByRole('button', { name: 'Back to Admin Control' }).click();
    await adminControl()
      .getByRole('button', { name: /Waiting to send/ })
      .click();
    await expect.poll(() => outboxItems().count()).toBe(5);
    expect(await adminControl().getByRole('img', { name: 'Handover photo waiting to be sent' }).count()).toBe(1);
    await screenshot(page, 'admin-offline-outbox-1024');
    const kept = await readOutbox(page);
    expect(kept.map((item) => [item.kind, item.state])).toEqual(Array(5).fill(['admin', 'queued']));
    expect(kept.filter((item) => item.photoSize).length).toBe(1);
    // Nothing left the tablet.
    expect(await probeNetwork(page, worker)).toEqual({ page: 'failed', worker: 'failed' });
    expect(gate.log.slice(sentBefore)).toEqual([]);
  });

  it("when the signal returns, then each action reaches the server exactly once and a second admin's work is told apart from a refusal", async () => {
    // Meanwhile, the second admin collects the Glock and rejects the raced request.
    await ok(dave.patch(`/api/scheduled-pickups/${records.racedPickup}/complete`, { data: {} }));
    await ok(dave.patch(`/api/purchase-requests/${records.racedRequest}/status`, { data: { status: 'rejected' } }));

    await goOnline();
    await expect
      .poll(async () => (await readOutbox(page)).map((item) => item.state).sort(), { timeout: patient(30_000) })
      .toEqual(['done', 'failed']);
    const done = outboxItems().filter({ hasText: 'Already done' });
    expect(await done.textContent()).toMatch(/Already collected by dave at /);
    const failed = outboxItems().filter({ hasText: 'Not sent' });
    // The queued approval carried the status it was made from (expectedStatus, issue 28): the server names who moved it first.
    expect(await failed.getByRole('alert').textContent()).toMatch(/^Already rejected by dave at \d{1,2}:\d{2} [AP]M\.$/);
    await screenshot(page, 'admin-offline-outbox-after-1024');

    // Exactly one transition each, in the order the tablet made them, the proof on the collection.
    const collected = await history('pickup', records.toCollect);
    // A pickup's timeline starts with its submission's steps (sent, scheduled).
    expect(collected.map((step) => step.to)).toEqual(['pending', 'scheduled', 'scheduled', 'collected']);
    expect(collected.at(-1)).toMatchObject({ actorName: SUPER_ADMIN.username });
    expect(collected.at(-1)?.photoUrl).toMatch(/^\/api\/images\//);
    expect((await history('pickup', records.toPay)).map((step) => step.to)).toEqual([
      'pending',
      'scheduled',
      'scheduled',
      'collected',
      'paid',
    ]);
    expect((await history('purchase-request', records.approvedRequest)).map((step) => step.to)).toEqual([
      'pending',
      'approved',
      'completed',
    ]);
    expect((await history('pickup', records.racedPickup)).map((step) => [step.to, step.actorName]).slice(-2)).toEqual([
      ['scheduled', SUPER_ADMIN.username],
      ['collected', 'dave'],
    ]);
    expect((await history('purchase-request', records.racedRequest)).map((step) => step.to)).toEqual(['pending', 'rejected']);
    const sends = gate.log.filter((line) => /^(PATCH|PUT) /.test(line));
    expect(sends.filter((line) => line.includes(`/scheduled-pickups/${records.toCollect}/complete`))).toHaveLength(1);
    expect(sends.filter((line) => line.includes(`/scheduled-pickups/${records.toPay}/paid`))).toHaveLength(1);
    expect(sends.filter((line) => line.includes(`/purchase-requests/${records.approvedRequest}/complete`))).toHaveLength(1);
  });

  it('when the player opens their requests, then each record stands where the tablet and the second admin left it', async () => {
    // The player sees where each record now stands, with the handover photo in the history.
    const phone = await browser.newContext({ baseURL: server.url, viewport: PHONE, serviceWorkers: 'block' });
    const login = await phone.request.post('/api/marketplace/login', { data: { username: playerName, password: 'player-password-1' } });
    const user = await login.json();
    const playerPage = await phone.newPage();
    await playerPage.goto('/');
    await playerPage.evaluate((u) => {
      localStorage.setItem('currentUser', u.username);
      localStorage.setItem('userData', JSON.stringify(u));
    }, user);
    await playerPage.goto('/my-activity');
    await playerPage.getByRole('tab', { name: /My Sell Requests/ }).click();
    // The lists' compact rows carry each request's status (issue 30 item 15).
    await requestRows(playerPage, 'sell-request', { status: 'paid' }).waitFor();
    const collectedCard = requestRows(playerPage, 'sell-request', { status: 'payment pending...' });
    await expect.poll(() => collectedCard.count()).toBe(2);
    await playerPage.getByRole('tab', { name: /My Buy Requests/ }).click();
    await requestRows(playerPage, 'purchase-request', { status: 'completed' }).waitFor();
    await requestRows(playerPage, 'purchase-request', { status: 'rejected' }).waitFor();
    await phone.close();
  });
});
