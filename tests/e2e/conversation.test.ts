// Issue 28 item 1: a player on a phone and an admin on a tablet talk about one deal inside the app. The phone reaches
// the server only through a gate the test can cut (tests/e2e/offline-network.ts), so "offline" is real for the page
// and its service worker alike; a message written then waits as "Not sent yet" and arrives exactly once after.
import path from 'node:path';
import type { APIRequestContext, Browser, BrowserContext, Locator, Page, Worker } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, PHONE, screenshot, TABLET } from '../support/browser';
import { startTestServer, SUPER_ADMIN, type TestServer } from '../support/server';
import { startNetworkGate, type NetworkGate } from './offline-network';
import { adminApi, probeNetwork, readOutbox, signUpInBrowser, waitForServiceWorker } from './pwa-helpers';
import { openRequestCard } from './request-cards';
import { patient } from '../support/patience';

let server: TestServer;
let gate: NetworkGate;
let browser: Browser;
let phone: BrowserContext;
let tablet: BrowserContext;
let playerPage: Page;
let adminPage: Page;
let worker: Worker;
let superAdmin: APIRequestContext;
let requestId = 0;
const playerName = `talk${Date.now().toString(36).slice(-5)}`;

type Message = { id: number; authorName: string; body: string | null };
const thread = async (): Promise<Message[]> =>
  (await (await superAdmin.get(`/api/conversations/purchase-request/${requestId}/messages`)).json()) as Message[];

beforeAll(async () => {
  server = await startTestServer({ staticDir: path.resolve(process.env.E2E_DIST ?? 'dist') });
  gate = await startNetworkGate(server.port);
  browser = await launchBrowser();
  superAdmin = await adminApi(server.url);
  await superAdmin.put(`/api/marketplace/contact/${SUPER_ADMIN.username}`, { data: { contactEmail: 'admin@example.com' } });

  // The player's phone: through the gate, with its service worker.
  phone = await browser.newContext({ baseURL: gate.url, viewport: PHONE, serviceWorkers: 'allow', hasTouch: true, isMobile: true });
  playerPage = await phone.newPage();
  await signUpInBrowser(phone, playerPage, playerName);
  await phone.request.put(`/api/marketplace/contact/${playerName}`, { data: { contactEmail: `${playerName}@example.com` } });
  const created = await phone.request.post('/api/purchase-requests', {
    data: { items: [{ name: 'Glock', category: 'Weapons', price: '$2.00', quantity: 2 }], totalPrice: 4 },
    headers: { 'Idempotency-Key': `setup-${playerName}` },
  });
  requestId = ((await created.json()) as { id: number }).id;

  // The admin's tablet, signed in as the super admin.
  tablet = await browser.newContext({ baseURL: server.url, viewport: TABLET, serviceWorkers: 'block' });
  adminPage = await tablet.newPage();
  const login = await tablet.request.post('/api/marketplace/login', { data: SUPER_ADMIN });
  const admin = await login.json();
  await adminPage.goto('/');
  await adminPage.evaluate((u) => {
    localStorage.setItem('currentUser', u.username);
    localStorage.setItem('userData', JSON.stringify(u));
  }, admin);
});

afterAll(async () => {
  await superAdmin?.dispose();
  await phone?.close();
  await tablet?.close();
  await browser?.close();
  await gate?.close();
  await server?.close();
});

afterEach(async (context) => {
  if (context.task.result?.state !== 'fail') return;
  await playerPage?.screenshot({ path: `/tmp/conversation-phone-${Date.now()}.png` }).catch(() => undefined);
  await adminPage?.screenshot({ path: `/tmp/conversation-tablet-${Date.now()}.png` }).catch(() => undefined);
});

/** The thread of a card or a detail view, opened. */
async function openThread(scope: Locator): Promise<Locator> {
  const conversation = scope.getByTestId('conversation');
  await conversation.locator('summary').click();
  const log = conversation.getByRole('log', { name: 'Messages' });
  await log.waitFor();
  return conversation;
}

const bodies = (conversation: Locator) => conversation.getByTestId('message').allInnerTexts();

describe('a conversation on a deal, phone and tablet', () => {
  let playerThread: Locator;
  let adminThread: Locator;

  it('when the player writes from the card, then the admin sees an unread badge, opens the request and they exchange messages live', async () => {
    await playerPage.goto('/my-activity');
    worker = await waitForServiceWorker(phone, playerPage);
    await playerPage.getByRole('tab', { name: /My Buy Requests/ }).click();
    const card = await openRequestCard(playerPage, 'purchase-request', { hasText: `Request #${requestId}` });
    playerThread = await openThread(card);
    await playerThread.getByText('No messages yet.', { exact: false }).waitFor();

    await adminPage.goto('/');
    const adminButton = adminPage.getByRole('button', { name: /^Admin/ });
    await adminButton.waitFor();

    await playerThread.getByLabel('Message', { exact: true }).fill('Where do we meet? <b>here</b>');
    await playerThread.getByRole('button', { name: 'Send' }).click();
    await playerThread.getByTestId('message').filter({ hasText: 'Where do we meet? <b>here</b>' }).waitFor();

    // The admin's home tells of it live: one unread message on the Admin button.
    await adminButton.getByLabel('1 unread message').waitFor({ timeout: patient(10_000) });
    await adminButton.click();
    const control = adminPage.getByRole('dialog').first();
    const pendingTile = control.getByRole('button', { name: /Pending Purchase Requests/ });
    await pendingTile.getByLabel('1 unread message').waitFor();
    await pendingTile.click();
    await control.getByRole('button', { name: new RegExp(`#${requestId} · ${playerName}`) }).click();
    const detail = control.getByRole('region', { name: `Request #${requestId}` });
    adminThread = await openThread(detail);
    expect(await bodies(adminThread)).toEqual([expect.stringContaining('Where do we meet? <b>here</b>')]);
    expect(await adminThread.getByTestId('message').first().innerText()).toContain(playerName);
    // Seen, so read: the badge goes.
    await expect.poll(() => detail.getByTestId('conversation').locator('summary').getByTestId('unread-badge').count()).toBe(0);

    // A quick reply goes at once and reaches the phone live, from "Admin".
    await adminThread.getByRole('group', { name: 'Quick replies' }).getByRole('button', { name: 'On my way' }).click();
    const reply = playerThread.getByTestId('message').filter({ hasText: 'On my way' });
    await reply.waitFor({ timeout: patient(10_000) });
    expect(await reply.innerText()).toMatch(/^Admin · /);
    // "Join my server: …" is a start the admin completes.
    await adminThread.getByRole('button', { name: 'Join my server: …' }).click();
    const box = adminThread.getByLabel('Message', { exact: true });
    expect(await box.inputValue()).toBe('Join my server: ');
    await box.pressSequentially('blockspin-7');
    await adminThread.getByRole('button', { name: 'Send' }).click();
    await playerThread
      .getByTestId('message')
      .filter({ hasText: 'Join my server: blockspin-7' })
      .waitFor({ timeout: patient(10_000) });
    // Links are text, never clickable.
    expect(await playerThread.getByRole('log').locator('a').count()).toBe(0);
    // Seen on the phone as they came: nothing unread on the card or the My Buy Requests tile.
    await expect.poll(() => playerPage.getByTestId('unread-badge').count(), { timeout: patient(5_000) }).toBe(0);
  });

  it('when the phone loses the network and the player writes, then it reads "Not sent yet" and after reconnecting arrives exactly once', async () => {
    gate.down();
    await phone.setOffline(true);
    expect(await probeNetwork(playerPage, worker)).toEqual({ page: 'failed', worker: 'failed' });

    const text = "I'm by the gas station";
    await playerThread.getByLabel('Message', { exact: true }).fill(text);
    await playerThread.getByRole('button', { name: 'Send' }).click();
    const waiting = playerThread.getByTestId('message-waiting');
    await waiting.waitFor();
    expect(await waiting.innerText()).toContain('Not sent yet');
    expect(await waiting.innerText()).toContain(text);
    expect(await playerThread.getByTestId('message').filter({ hasText: text }).count()).toBe(0);
    expect((await readOutbox(playerPage)).map((item) => [item.kind, item.state])).toEqual([['message', 'queued']]);
    expect((await thread()).filter((m) => m.body === text)).toHaveLength(0);
    expect(await playerPage.getByTestId('unread-badge').count()).toBe(0);
    await screenshot(playerPage, 'conversation-phone-not-sent');

    gate.up();
    await phone.setOffline(false);
    await adminThread
      .getByTestId('message')
      .filter({ hasText: text })
      .waitFor({ timeout: patient(20_000) });
    await expect.poll(() => playerThread.getByTestId('message-waiting').count(), { timeout: patient(20_000) }).toBe(0);
    await playerThread.getByTestId('message').filter({ hasText: text }).waitFor();
    // Exactly once: on the server, on the tablet and on the phone, whatever drained it (page or worker).
    expect((await thread()).filter((m) => m.body === text)).toHaveLength(1);
    expect(await adminThread.getByTestId('message').filter({ hasText: text }).count()).toBe(1);
    expect(await playerThread.getByTestId('message').filter({ hasText: text }).count()).toBe(1);
    expect(
      gate.log.filter((line) => line === `POST /api/conversations/purchase-request/${requestId}/messages`).length,
    ).toBeGreaterThanOrEqual(2);
    expect(await readOutbox(playerPage)).toEqual([]);

    await playerThread.scrollIntoViewIfNeeded();
    await screenshot(playerPage, 'conversation-phone');
    await adminThread.getByRole('button', { name: 'Send' }).scrollIntoViewIfNeeded();
    await screenshot(adminPage, 'conversation-tablet');
  });
});
