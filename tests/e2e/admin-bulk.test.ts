// Bulk at a drop and Undo (issue 33 item 5), on the production build against the real server, at 1024×768: two
// pickups of one player collected together with no signal (each its own action, kept in the outbox) reach the server
// exactly once each when the signal returns, one history row each. (Undo within 10 s is proven in
// src/features/admin/components/bulk-undo.test.tsx on a fake clock.)
import path from 'node:path';
import { request, type APIRequestContext, type Browser, type BrowserContext, type Locator, type Page, type Worker } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, PHONE, screenshot, TABLET } from '../support/browser';
import { startTestServer, SUPER_ADMIN, type TestServer } from '../support/server';
import { keepOfflineAcrossNavigations, startNetworkGate, type NetworkGate } from './offline-network';
import { adminApi, makeJpeg, probeNetwork, readOutbox, waitForServiceWorker } from './pwa-helpers';
import { patient } from '../support/patience';

let server: TestServer;
let gate: NetworkGate;
let browser: Browser;
let tablet: BrowserContext;
let page: Page;
let worker: Worker;
let superAdmin: APIRequestContext;
let player: APIRequestContext;
let other: APIRequestContext;
const stamp = Date.now().toString(36).slice(-5);
const playerName = `bulk${stamp}`;
const otherName = `oth${stamp}`;
const pickups: number[] = [];
let otherPickup = 0;

let keyCounter = 0;
const key = () => ({ 'Idempotency-Key': `bulk-setup-${Date.now()}-${++keyCounter}` });

async function ok<T>(answer: Promise<import('playwright-core').APIResponse>): Promise<T> {
  const response = await answer;
  if (![200, 201].includes(response.status())) throw new Error(`${response.url()} answered ${response.status()}: ${await response.text()}`);
  return (await response.json()) as T;
}

async function sellAndSchedule(api: APIRequestContext, username: string, itemName: string, jpeg: Buffer): Promise<number> {
  const submission = await ok<{ id: number }>(
    api.post('/api/item-submissions', {
      data: {
        ps5Name: itemName,
        robloxName: 'weapons',
        imageUrl: `data:image/jpeg;base64,${jpeg.toString('base64')}`,
        hasMultipleQuantity: false,
        quantity: 1,
        paymentMethod: 'usd',
        submittedBy: username,
      },
      headers: key(),
    }),
  );
  const pickup = await ok<{ id: number }>(
    superAdmin.post('/api/scheduled-pickups', {
      data: { submissionId: submission.id, scheduledDate: '3/14/2030', scheduledTime: '4:30 PM' },
    }),
  );
  return pickup.id;
}

type Step = { to: string; actorName: string };
const history = (subject: string, id: number) => ok<Step[]>(superAdmin.get(`/api/history/${subject}/${id}`));
const shot = (name: string) => screenshot(page, name, { fullPage: false });
const adminControl = () => page.getByRole('dialog').first();

/** The area (px²) the Offline pill covers of each of Admin Control's header and selection bar (0 each when apart). */
async function coveredByPill(): Promise<Record<string, number>> {
  const pill = await page.getByTestId('offline-indicator').boundingBox();
  if (!pill) throw new Error('the Offline pill is not shown');
  const parts: Record<string, Locator> = {
    title: adminControl().getByRole('heading', { name: 'Scheduled Pickups' }),
    back: adminControl().getByRole('button', { name: 'Back to Admin Control' }),
    close: adminControl().getByRole('button', { name: 'Close' }).first(),
    bar: adminControl().getByRole('toolbar', { name: 'Selection' }),
  };
  const covered: Record<string, number> = {};
  for (const [name, part] of Object.entries(parts)) {
    const box = await part.boundingBox();
    if (!box) throw new Error(`${name} is not shown`);
    const width = Math.min(pill.x + pill.width, box.x + box.width) - Math.max(pill.x, box.x);
    const height = Math.min(pill.y + pill.height, box.y + box.height) - Math.max(pill.y, box.y);
    covered[name] = Math.max(0, width) * Math.max(0, height);
  }
  return covered;
}
const nothingCovered = { title: 0, back: 0, close: 0, bar: 0 };

beforeAll(async () => {
  server = await startTestServer({ staticDir: path.resolve(process.env.E2E_DIST ?? 'dist') });
  gate = await startNetworkGate(server.port);
  browser = await launchBrowser();
  tablet = await browser.newContext({ baseURL: gate.url, viewport: TABLET, serviceWorkers: 'allow' });
  keepOfflineAcrossNavigations(tablet);
  page = await tablet.newPage();
  superAdmin = await adminApi(server.url);
  const jpeg = await makeJpeg();
  for (const [name, password] of [
    [playerName, 'player-password-1'],
    [otherName, 'player-password-2'],
  ]) {
    const api = await request.newContext({ baseURL: server.url });
    await ok(api.post('/api/marketplace/signup', { data: { username: name, password } }));
    if (name === playerName) player = api;
    else other = api;
  }
  pickups.push(await sellAndSchedule(player, playerName, 'AK-47', jpeg));
  pickups.push(await sellAndSchedule(player, playerName, 'RPG', jpeg));
  otherPickup = await sellAndSchedule(other, otherName, 'Axe', jpeg);
  await ok(superAdmin.put(`/api/marketplace/contact/${SUPER_ADMIN.username}`, { data: { contactEmail: 'admin@example.com' } }));
});

afterAll(async () => {
  await Promise.all([superAdmin?.dispose(), player?.dispose(), other?.dispose()]);
  await tablet?.close();
  await browser?.close();
  await gate?.close();
  await server?.close();
});

describe('bulk at a drop', () => {
  it('when two pickups of one player are collected together offline, then each waits on its own and reaches the server exactly once with the signal, one history row each', async () => {
    await page.goto('/login');
    await page.getByLabel('Username').fill(SUPER_ADMIN.username);
    await page.getByLabel('Password', { exact: true }).fill(SUPER_ADMIN.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    worker = await waitForServiceWorker(tablet, page);
    await page.getByRole('button', { name: 'Admin', exact: true }).click();
    await adminControl().getByRole('button', { name: 'Scheduled pickups', exact: true }).click();
    await adminControl().getByRole('listitem', { name: 'Axe' }).waitFor();

    gate.down();
    await tablet.setOffline(true);
    expect(await probeNetwork(page, worker)).toEqual({ page: 'failed', worker: 'failed' });
    const sentBefore = gate.log.length;

    await adminControl().getByRole('button', { name: 'Select', exact: true }).click();
    await adminControl()
      .getByRole('checkbox', { name: `Select AK-47 from ${playerName}` })
      .check();
    await adminControl().getByLabel(`Select Axe from ${otherName}`).click();
    await adminControl().getByText(`Only one player's items can be handled together: ${playerName}'s are selected.`).waitFor();
    await adminControl()
      .getByRole('checkbox', { name: `Select RPG from ${playerName}` })
      .check();
    // The selection bar stuck to the top of the scrolled body (its closest to the pill), at tablet and phone size.
    await adminControl().getByRole('listitem', { name: 'RPG' }).getByText('Messages').scrollIntoViewIfNeeded();
    expect(await coveredByPill()).toEqual(nothingCovered);
    await shot('bulk-select-1024');
    await adminControl().getByRole('button', { name: 'Mark Collected (2)' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Confirm Collection' });
    await confirm.getByText(`Mark these 2 pickups from ${playerName} as collected?`, { exact: false }).waitFor();
    await shot('bulk-confirm-1024');
    await page.setViewportSize(PHONE);
    await shot('bulk-confirm-390');
    await confirm.getByRole('button', { name: 'No' }).click();
    await adminControl().getByRole('listitem', { name: 'RPG' }).getByText('Messages').scrollIntoViewIfNeeded();
    expect(await coveredByPill()).toEqual(nothingCovered);
    await shot('bulk-select-390');
    await page.setViewportSize(TABLET);
    await adminControl().getByRole('button', { name: 'Mark Collected (2)' }).click();
    await page.getByRole('alertdialog', { name: 'Confirm Collection' }).getByRole('button', { name: 'Yes' }).click();

    await expect.poll(async () => (await readOutbox(page)).length).toBe(2);
    const kept = await readOutbox(page);
    expect(kept.map((item) => [item.kind, item.state])).toEqual([
      ['admin', 'queued'],
      ['admin', 'queued'],
    ]);
    expect(new Set(kept.map((item) => item.id)).size).toBe(2);
    await expect.poll(() => adminControl().getByTestId('pending-action').count()).toBe(2);
    expect(gate.log.slice(sentBefore)).toEqual([]);

    gate.up();
    await tablet.setOffline(false);
    await expect.poll(async () => (await readOutbox(page)).length, { timeout: patient(30_000) }).toBe(0);
    const sends = gate.log.filter((line) => line.startsWith('PATCH '));
    for (const id of pickups) {
      expect(sends.filter((line) => line.includes(`/scheduled-pickups/${id}/complete`))).toHaveLength(1);
      const steps = await history('pickup', id);
      expect(steps.filter((step) => step.to === 'collected')).toEqual([expect.objectContaining({ actorName: SUPER_ADMIN.username })]);
    }
    expect((await history('pickup', otherPickup)).some((step) => step.to === 'collected')).toBe(false);
  });
});
