import path from 'node:path';
import type { APIRequestContext, Browser, BrowserContext, Page, Worker } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { launchBrowser, PHONE } from '../support/browser';
import { startTestServer, type TestServer } from '../support/server';
import { keepOfflineAcrossNavigations, startNetworkGate, type NetworkGate } from './offline-network';
import { adminApi, makeJpeg, probeNetwork, readOutbox, signUpInBrowser, waitForServiceWorker } from './pwa-helpers';

// The shared steps of the offline journeys (offline.test.ts, offline-background-sync.test.ts): a real server behind a
// network gate the test can cut, one full browser with one phone page, and the player `journey.username`.

export const QUEUED_TOAST =
  "Your item couldn't be sent right now, so it was saved on this device. It will be submitted automatically when you're back online.";

/** What a file's journey reaches: set in beforeAll (the worker once the first visit has found it). */
export const journey = {
  username: `off_${Date.now() % 100000}`,
} as {
  username: string;
  server: TestServer;
  gate: NetworkGate;
  browser: Browser;
  context: BrowserContext;
  page: Page;
  worker: Worker;
  admin: APIRequestContext;
  jpeg: Buffer;
};

/** Starts the server, the gate and the browser before the file's tests, and closes them after. */
export function useOfflineJourney() {
  beforeAll(async () => {
    const server = await startTestServer({ staticDir: path.resolve(process.env.E2E_DIST ?? 'dist') });
    const gate = await startNetworkGate(server.port);
    // Background Sync needs the full browser (tests/support/browser.ts).
    const browser = await launchBrowser({ full: true });
    const context = await browser.newContext({ baseURL: gate.url, viewport: PHONE, serviceWorkers: 'allow' });
    keepOfflineAcrossNavigations(context);
    Object.assign(journey, { server, gate, browser, context });
    journey.page = await context.newPage();
    journey.admin = await adminApi(server.url);
    journey.jpeg = await makeJpeg();
  });

  afterAll(async () => {
    await journey.admin?.dispose();
    await journey.context?.close();
    await journey.browser?.close();
    await journey.gate?.close();
    await journey.server?.close();
  });
}

/** The player signs up with a contact and opens the shop; its service worker takes over and reaches the server. */
export async function firstVisit() {
  const { context, page, username } = journey;
  await signUpInBrowser(context, page, username);
  expect(
    (await context.request.put(`/api/marketplace/contact/${username}`, { data: { contactEmail: `${username}@example.com` } })).status(),
  ).toBe(200);
  await page.goto('/buy');
  journey.worker = await waitForServiceWorker(context, page);
  expect(await probeNetwork(page, journey.worker)).toEqual({ page: 200, worker: 200 });
}

/** Cuts the network for the page and the worker, and proves it. */
export async function goOffline() {
  const { gate, context, page, worker } = journey;
  gate.down();
  await context.setOffline(true);
  expect(await probeNetwork(page, worker)).toEqual({ page: 'failed', worker: 'failed' });
}

/** Brings the network back (the page hears `online`). */
export async function goOnline() {
  journey.gate.up();
  await journey.context.setOffline(false);
}

/** What the server holds for the player: their sell requests, and (as the admin sees them) their submissions. */
export async function serverRecords() {
  const { admin, username } = journey;
  const sellRequests = (await (await admin.get(`/api/user-sell-requests/${username}`)).json()) as Array<{
    itemName: string;
    submissionId: number;
  }>;
  const submissions = (
    (await (await admin.get('/api/item-submissions')).json()) as Array<{ ps5Name: string; submittedBy: string; imageUrl: string | null }>
  ).filter((s) => s.submittedBy === username);
  return { sellRequests, submissions };
}

export async function waitForOutbox(predicate: (items: Awaited<ReturnType<typeof readOutbox>>) => boolean, timeout = 30_000) {
  const until = Date.now() + timeout;
  for (;;) {
    const items = await readOutbox(journey.page);
    if (predicate(items)) return items;
    if (Date.now() > until) throw new Error(`outbox never matched: ${JSON.stringify(items)}`);
    await journey.page.waitForTimeout(250);
  }
}

const press = (group: string, name: string) =>
  journey.page.getByRole('group', { name: group }).getByRole('button', { name, exact: true }).click();

/** Fills and submits the real sell screen with a photo. */
export async function sellThroughScreen(choice: Array<[group: string, button: string]>) {
  const { page, jpeg } = journey;
  await page.goto('/sell');
  await page.getByTestId('gallery-input').setInputFiles({ name: 'item.jpg', mimeType: 'image/jpeg', buffer: jpeg });
  await page.getByRole('img', { name: 'Your item photo' }).waitFor();
  for (const [group, button] of choice) await press(group, button);
  await page.getByRole('radio', { name: /USD Cash/ }).click();
  await page.getByRole('button', { name: 'Submit' }).click();
}

export async function openMySellRequests() {
  const { page } = journey;
  await page.goto('/my-activity');
  await page.getByRole('tab', { name: /My Sell Requests/ }).click();
}
