import sharp from 'sharp';
import type { APIRequestContext, Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, PHONE, screenshot, TABLET } from '../support/browser';
import { startTestServer, SUPER_ADMIN, type TestServer } from '../support/server';
import { ok } from '../support/ok';
import { openRequestCard, requestItems } from './request-cards';
import { animationsDone } from '../support/player';
import { YEAR } from '../support/dates';
import { patient } from '../support/patience';

// The account screen in a real Chromium against the real server: requests made through the API appear
// under My Sell Requests and My Buy Requests with their derived statuses, and change live when an admin acts.

let server: TestServer;
let browser: Browser;
let admin: APIRequestContext;
let adminContext: BrowserContext;
let serial = 0;
const idem = () => ({ 'Idempotency-Key': `account-e2e-${Date.now()}-${++serial}` });

beforeAll(async () => {
  server = await startTestServer({ staticDir: process.env.E2E_DIST ?? 'dist' });
  browser = await launchBrowser();
  adminContext = await browser.newContext({ baseURL: server.url, serviceWorkers: 'block' });
  admin = adminContext.request;
  await ok(await admin.post('/api/marketplace/login', { data: SUPER_ADMIN }));
});

afterAll(async () => {
  await adminContext?.close();
  await browser?.close();
  await server?.close();
});

interface Seeded {
  context: BrowserContext;
  page: Page;
  username: string;
  pickupId: number;
  approvedId: number;
  pendingId: number;
}

/** A customer with a contact, three sell requests (scheduled, pending, rejected) and two purchase requests (approved, pending). */
async function seedCustomer(viewport: { width: number; height: number }, label: string): Promise<Seeded> {
  const context = await browser.newContext({ viewport, baseURL: server.url, serviceWorkers: 'block' });
  const api = context.request;
  const username = `acct_${label}_${++serial}`;
  const user = await ok<Record<string, unknown>>(await api.post('/api/marketplace/signup', { data: { username, password: 'secret12' } }));
  const saved = await ok<Record<string, unknown>>(
    await api.put(`/api/marketplace/contact/${username}`, { data: { contactEmail: `${username}@example.com` } }),
  );

  const jpeg = await sharp({ create: { width: 800, height: 600, channels: 3, background: { r: 220, g: 120, b: 40 } } })
    .jpeg()
    .toBuffer();
  const imageUrl = `data:image/jpeg;base64,${jpeg.toString('base64')}`;
  const sellItem = async (ps5Name: string, robloxName: string, paymentMethod: 'usd' | 'blockspin', quantity: number) => {
    const submission = await ok<{ id: number }>(
      await api.post('/api/item-submissions', {
        data: { ps5Name, robloxName, imageUrl, hasMultipleQuantity: false, quantity, paymentMethod, submittedBy: username },
        headers: idem(),
      }),
    );
    await ok(
      await api.post('/api/user-sell-requests', {
        data: {
          username,
          itemName: ps5Name,
          category: robloxName,
          imageUrl: null,
          hasMultipleQuantity: false,
          quantity,
          paymentMethod,
          status: 'pending',
          submissionId: submission.id,
        },
        headers: idem(),
      }),
    );
    return submission.id;
  };
  const scheduledSubmission = await sellItem('AK-47', 'weapons', 'usd', 2);
  await sellItem('Golden Pot', 'farming', 'blockspin', 1);
  const deniedSubmission = await sellItem('Mystery box', 'other', 'usd', 1);
  const pickup = await ok<{ id: number }>(
    await admin.post('/api/scheduled-pickups', {
      data: { submissionId: scheduledSubmission, scheduledDate: `12/24/${YEAR}`, scheduledTime: '3:30 PM' },
      headers: idem(),
    }),
  );
  await ok(await admin.patch(`/api/item-submissions/${deniedSubmission}/status`, { data: { status: 'rejected' } }));

  const buy = async (items: { name: string; category: string; quantity: number }[], totalPrice: number) =>
    (
      await ok<{ id: number }>(
        await api.post('/api/purchase-requests', {
          data: { requesterName: username, items, totalPrice, requestedAt: new Date().toISOString() },
          headers: idem(),
        }),
      )
    ).id;
  const approvedId = await buy(
    [
      { name: 'Glock', category: 'Weapons', quantity: 2 },
      { name: 'Golden Pot', category: 'Farming', quantity: 1 },
    ],
    24,
  );
  const pendingId = await buy([{ name: 'Energy Shot', category: 'Equipment', quantity: 4 }], 0.6);
  await ok(
    await admin.patch(`/api/purchase-requests/${approvedId}/status`, {
      data: { status: 'approved', scheduledDate: `11/30/${YEAR}`, scheduledTime: '9:00 AM', isImmediateSchedule: false },
    }),
  );

  // The browser counts as signed in when a current user is stored locally; the session cookie is already in the context.
  const stored = { ...user, ...saved };
  await context.addInitScript(
    ([name, data]) => {
      localStorage.setItem('currentUser', name);
      localStorage.setItem('userData', data);
    },
    [username, JSON.stringify(stored)] as const,
  );
  const page = await context.newPage();
  return { context, page, username, pickupId: pickup.id, approvedId, pendingId };
}

// The requests of each list, compact rows or opened (issue 30 item 15).
const sellCards = (page: Page) => requestItems(page, 'sell-request');
const buyCards = (page: Page) => requestItems(page, 'purchase-request');

describe.each([
  ['phone', PHONE],
  ['tablet', TABLET],
] as const)('account at %s size', (label, viewport) => {
  const shot = (page: Page, name: string) => screenshot(page, `account-${label}-${name}`);

  it('lists sell and buy requests made through the API, filters them and refreshes live when an admin acts', async () => {
    const { context, page, username, pickupId, approvedId, pendingId } = await seedCustomer(viewport, label);
    try {
      await page.goto('/my-activity');
      await page.getByRole('heading', { name: 'My Account' }).waitFor();
      expect(await page.getByRole('link', { name: 'Back to Home' }).isVisible()).toBe(true);
      await shot(page, '01-tiles');

      // Contact form, filled from the server and cached.
      await page.getByRole('tab', { name: /My Contact Information/ }).click();
      const email = page.getByRole('group', { name: 'Email' }).getByRole('textbox');
      await expect.poll(() => email.inputValue()).toBe(`${username}@example.com`);
      expect(await page.getByLabel('Account Name').inputValue()).toBe(username);
      await shot(page, '02-contact');
      await page.getByRole('group', { name: 'PS5 Username' }).getByRole('radio', { name: 'Yes' }).check();
      await page.getByRole('button', { name: 'Save Changes' }).click();
      await page.getByText('Please enter your PS5 username or select "No" for that option.').waitFor();
      await page.getByRole('group', { name: 'PS5 Username' }).getByRole('textbox').fill(' psn_hero ');
      await page.getByRole('button', { name: 'Save Changes' }).click();
      await page.getByText('Contact information updated successfully!').waitFor();
      await page.getByRole('form', { name: 'My Contact Information' }).waitFor({ state: 'detached', timeout: patient(4000) });
      const contact = await ok<Record<string, unknown>>(await context.request.get(`/api/marketplace/contact/${username}`));
      expect(contact.ps5Username).toBe('psn_hero');

      // My Sell Requests: scheduled first, then pending, then rejected.
      await page.getByRole('tab', { name: /My Sell Requests/ }).click();
      await page.getByRole('heading', { name: 'Your Item Submissions' }).waitFor();
      await expect.poll(() => sellCards(page).count(), { timeout: patient(10_000) }).toBe(3);
      expect(await sellCards(page).evaluateAll((cards) => cards.map((card) => card.getAttribute('data-status')))).toEqual([
        'scheduled',
        'pending',
        'rejected',
      ]);
      // The compact rows first (issue 30 item 15), then each card opened from its row.
      await shot(page, '03a-sell-rows');
      const scheduled = await openRequestCard(page, 'sell-request', { status: 'scheduled' });
      expect(await scheduled.textContent()).toContain(`Pickup scheduled: 12/24/${YEAR} at 3:30 PM`);
      expect(await scheduled.textContent()).toContain('$5.40 USD');
      expect(await scheduled.textContent()).toContain('Weapons & Ammo');
      await expect
        .poll(() => scheduled.getByRole('img', { name: 'AK-47' }).evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
        .toBe(true);
      const rejected = await openRequestCard(page, 'sell-request', { status: 'rejected' });
      for (const text of ['Request Denied', 'Your item submission was not approved', 'Contact support if you need assistance'])
        expect(await rejected.textContent()).toContain(text);
      await animationsDone(page);
      await shot(page, '03-sell-requests');

      // Live: the admin marks the pickup collected, then paid; the card follows without a reload.
      await ok(await admin.patch(`/api/scheduled-pickups/${pickupId}/complete`));
      await page
        .locator('[data-testid="sell-request-card"][data-status="payment pending..."]')
        .getByText('Awaiting Payment')
        .waitFor({ timeout: patient(10_000) });
      await page.getByRole('button', { name: /^Payment Pending/ }).click();
      await expect.poll(() => sellCards(page).count()).toBe(1);
      await ok(await admin.patch(`/api/scheduled-pickups/${pickupId}/paid`));
      await page.getByText('No sell requests found').waitFor({ timeout: patient(10_000) });
      await page.getByRole('button', { name: /^Paid/ }).click();
      await (await openRequestCard(page, 'sell-request', { status: 'paid' })).getByText('Transaction Complete').waitFor();
      await page.getByRole('button', { name: /^All/ }).click();
      expect(await sellCards(page).evaluateAll((cards) => cards.map((card) => card.getAttribute('data-status')))).toEqual([
        'paid',
        'pending',
        'rejected',
      ]);

      // My Buy Requests.
      await page.getByRole('tab', { name: /My Buy Requests/ }).click();
      await expect.poll(() => buyCards(page).count(), { timeout: patient(10_000) }).toBe(2);
      await shot(page, '04a-buy-rows');
      const approved = await openRequestCard(page, 'purchase-request', { hasText: `Request #${approvedId}` });
      const approvedText = await approved.textContent();
      for (const text of [
        'approved',
        '$24.00',
        `${username}@example.com`,
        'Glock',
        'Weapons · 2 × $2.00$4.00',
        'Golden Pot',
        // A purchase is a drop (issue 28): its schedule and its promise say so.
        `Scheduled drop: 11/30/${YEAR} at 9:00 AM`,
        'Drop promised by 9:00 AM',
      ])
        expect(approvedText).toContain(text);
      await animationsDone(page);
      await shot(page, '04-buy-requests');
      await page.getByRole('button', { name: /^pending/ }).click();
      expect(await buyCards(page).count()).toBe(1);
      expect(await buyCards(page).first().textContent()).toContain(`Request #${pendingId}`);
      // Live: the admin rejects the pending one; it leaves the pending filter.
      await ok(await admin.patch(`/api/purchase-requests/${pendingId}/status`, { data: { status: 'rejected' } }));
      await page.getByText('No pending purchase requests found.').waitFor({ timeout: patient(10_000) });
      await page.getByRole('button', { name: /^rejected/ }).click();
      await expect.poll(() => buyCards(page).count()).toBe(1);

      // Password reset modal.
      await page.getByRole('button', { name: /Reset Password/ }).click();
      const dialog = page.getByRole('dialog', { name: 'Reset Password' });
      await dialog.getByLabel('Current Password', { exact: true }).fill('not-my-password');
      await dialog.getByLabel('New Password', { exact: true }).fill('brand-new-pass');
      await dialog.getByLabel('Confirm New Password', { exact: true }).fill('brand-new-pass');
      await dialog.getByRole('button', { name: 'Update Password' }).click();
      await dialog.getByText('Current password is incorrect').waitFor();
      await screenshot(page, `account-${label}-05-password-reset`);
      await dialog.getByLabel('Current Password', { exact: true }).fill('secret12');
      await dialog.getByRole('button', { name: 'Update Password' }).click();
      await dialog.getByText('Password updated successfully!').waitFor();
      await dialog.waitFor({ state: 'detached', timeout: patient(4000) });
      expect((await context.request.post('/api/marketplace/login', { data: { username, password: 'brand-new-pass' } })).status()).toBe(200);
    } finally {
      await context.close();
    }
  });
});
