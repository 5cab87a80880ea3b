import { copyFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { Secret, TOTP } from 'otpauth';
import type { APIRequestContext, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useAppUnderTest } from '../support/app-under-test';
import { PHONE, screenshot, TABLET } from '../support/browser';
import { SUPER_ADMIN } from '../support/server';
import { signInOnScreen } from '../support/sign-in';
import { patient } from '../support/patience';

// The super admin's user page and the dashboard's charts (issue 33 item 7), in Chromium: open a player from the user
// list, give store credit with a reason, the player's own account shows the new balance live (/ws); the charts draw.
// Screenshots at 1024×768 and 390×844 (copied to SHOTS_DIR when set).

const app = useAppUnderTest();
let adminApi: APIRequestContext;
const contexts: BrowserContext[] = [];
const PLAYER = { username: 'maya_runs', password: 'customer-pass-1' };

async function ok(response: Awaited<ReturnType<APIRequestContext['post']>>) {
  expect(response.ok(), `${response.url()} ${response.status()} ${await response.text()}`).toBe(true);
  return response.json().catch(() => null);
}

async function newContext(viewport: { width: number; height: number } = TABLET): Promise<BrowserContext> {
  const context = await app.browser.newContext({ viewport, baseURL: app.server.url, serviceWorkers: 'block' });
  contexts.push(context);
  return context;
}

let adminPage: Page | null = null;
/** The super admin's page with Super Admin Settings open, signed in once for the file (each sign-in loads the app again). */
async function adminSettings(viewport: { width: number; height: number } = TABLET) {
  if (!adminPage) {
    adminPage = await signInOnScreen(await newContext(), SUPER_ADMIN);
    await adminPage.getByRole('button', { name: 'Super Admin Settings' }).click();
  }
  await adminPage.setViewportSize(viewport);
  return { admin: adminPage, settings: adminPage.getByRole('dialog', { name: 'Super Admin Settings' }) };
}

async function shot(page: Page, name: string) {
  const file = await screenshot(page, name);
  if (file && process.env.SHOTS_DIR) {
    mkdirSync(process.env.SHOTS_DIR, { recursive: true });
    copyFileSync(file, path.join(process.env.SHOTS_DIR, path.basename(file)));
  }
}

beforeAll(async () => {
  const admin = await newContext();
  await ok(await admin.request.post('/api/marketplace/login', { data: SUPER_ADMIN }));
  await ok(await admin.request.put(`/api/marketplace/contact/${SUPER_ADMIN.username}`, { data: { contactEmail: 'admin@example.com' } }));
  adminApi = admin.request;
  const player = (await newContext()).request;
  await ok(await player.post('/api/marketplace/signup', { data: PLAYER }));
  await ok(
    await player.put(`/api/marketplace/contact/${PLAYER.username}`, {
      data: { contactEmail: 'maya@example.com', robloxUsername: 'MayaRuns' },
    }),
  );
  // Two requests (one dropped on time: a kept promise for the chart), one item offered for sale.
  const lines = [
    { items: [{ name: 'Glock', category: 'Weapons', price: '$2.00', quantity: 4 }], totalPrice: 8 },
    { items: [{ name: 'RPG', category: 'Weapons', price: '$19.99', quantity: 1 }], totalPrice: 19.99 },
  ];
  const created: Array<{ id: number }> = [];
  for (const [i, body] of lines.entries())
    created.push(
      (await ok(await player.post('/api/purchase-requests', { data: body, headers: { 'Idempotency-Key': `seed-${i}` } }))) as {
        id: number;
      },
    );
  await ok(
    await adminApi.patch(`/api/purchase-requests/${created[0].id}/status`, {
      data: { status: 'approved', scheduledDate: 'Immediately', scheduledTime: '', isImmediateSchedule: true },
    }),
  );
  await ok(await adminApi.put(`/api/purchase-requests/${created[0].id}/complete`, { data: {} }));
  await ok(
    await player.post('/api/item-submissions', {
      data: { ps5Name: 'AK-47', robloxName: 'weapons', quantity: 1, hasMultipleQuantity: false, paymentMethod: 'usd' },
    }),
  );
});

afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => undefined);
});

describe("The super admin's user page (1024×768 and 390×844)", () => {
  it('when the super admin gives a player $5 with a reason, then the page and the player’s own account show $5.00 at once', async () => {
    const playerPage = await signInOnScreen(await newContext(), PLAYER);
    await playerPage.goto('/my-activity');
    const playerBalance = playerPage.getByTestId('credit-balance');
    await expect.poll(() => playerBalance.textContent(), { timeout: patient(15_000) }).toBe('$0.00');

    const { admin, settings } = await adminSettings();
    await settings.getByRole('button', { name: `Open ${PLAYER.username}` }).click();
    const page = settings.getByRole('region', { name: `User ${PLAYER.username}` });
    await page.getByRole('heading', { name: PLAYER.username }).waitFor();
    expect(await page.getByTestId('last-sign-in').textContent()).not.toContain('Not since');
    expect(await page.getByRole('list', { name: 'Their purchase requests' }).getByRole('listitem').count()).toBe(2);
    expect(await page.getByRole('list', { name: 'Their sales' }).textContent()).toContain('1 × AK-47');
    await expect.poll(() => page.getByTestId('credit-balance').textContent()).toBe('$0.00');
    await shot(admin, 'super-admin-user-1024');

    const form = page.getByRole('form', { name: 'Adjust store credit' });
    await form.getByLabel('Amount (USD)').fill('5');
    await form.getByLabel('Reason (the player sees it)').fill('Sorry for the long wait at the drop');
    await form.getByRole('button', { name: 'Give $5.00' }).click();
    await form.getByText('Gave $5.00. Balance now $5.00.').waitFor();
    await expect.poll(() => page.getByTestId('credit-balance').textContent()).toBe('$5.00');
    // The player's screen, untouched since: the socket's CREDIT_UPDATE brings the balance and the entry.
    await expect.poll(() => playerBalance.textContent(), { timeout: patient(10_000) }).toBe('$5.00');
    await playerPage.getByText('Sorry for the long wait at the drop').waitFor();
    await form.scrollIntoViewIfNeeded();
    await shot(admin, 'super-admin-user-adjusted-1024');

    await admin.setViewportSize(PHONE);
    await page.getByRole('heading', { name: PLAYER.username }).scrollIntoViewIfNeeded();
    await shot(admin, 'super-admin-user-390');
    await form.scrollIntoViewIfNeeded();
    await shot(admin, 'super-admin-user-adjust-390');
    await page.getByRole('list', { name: 'Their sales' }).scrollIntoViewIfNeeded();
    await shot(admin, 'super-admin-user-records-390');
  });

  it('the dashboard draws promises kept per day and the top items by quantity and by revenue', async () => {
    const { admin, settings } = await adminSettings();
    await settings.getByRole('button', { name: 'Dashboard' }).click();
    for (const id of ['dashboard-chart', 'kept-chart', 'top-items-quantity', 'top-items-revenue'])
      await settings
        .getByTestId(id)
        .locator('canvas')
        .waitFor({ timeout: patient(30_000) });
    expect(await settings.getByTestId('top-items-revenue').getAttribute('aria-label')).toBe(
      'Top items by revenue: RPG $19.99, Glock $8.00',
    );
    expect(await settings.getByTestId('kept-chart').getAttribute('aria-label')).toMatch(/: \d{4}-\d{2}-\d{2} 100%$/);
    await settings.getByRole('group', { name: 'Period' }).getByRole('button', { name: '7 days' }).click();
    await settings.getByText('Requests and completions per day (7 days').waitFor();
    await settings.getByTestId('kept-chart').scrollIntoViewIfNeeded();
    await shot(admin, 'super-admin-charts-1024');
    await admin.setViewportSize(PHONE);
    await settings.getByTestId('kept-chart').scrollIntoViewIfNeeded();
    await shot(admin, 'super-admin-charts-kept-390');
    await settings.getByTestId('top-items-revenue').scrollIntoViewIfNeeded();
    await shot(admin, 'super-admin-charts-top-390');
  });
  it('when an admin lost their phone, then the super admin removes their authenticator app from their page, and their app says why they must sign in again', async () => {
    // Rio, an admin with an authenticator app, signed in on a phone.
    const rio = { username: 'rio_admin', password: 'admin-pass-1' };
    const rioContext = await newContext(PHONE);
    await ok(await rioContext.request.post('/api/marketplace/signup', { data: rio }));
    await ok(await rioContext.request.put(`/api/marketplace/contact/${rio.username}`, { data: { robloxUsername: 'RioRuns' } }));
    await ok(await adminApi.post(`/api/admin/marketplace-users/${rio.username}/admin-status`, { data: { isAdmin: true } }));
    const rioPage = await signInOnScreen(rioContext, rio);
    const setup = (await ok(await rioPage.request.post('/api/marketplace/second-factor/totp/setup'))) as { secret: string };
    const code = new TOTP({ secret: Secret.fromBase32(setup.secret) }).generate();
    await ok(await rioPage.request.post('/api/marketplace/second-factor/totp/confirm', { data: { code } }));

    const boss = await signInOnScreen(await newContext(PHONE), SUPER_ADMIN);
    await boss.getByRole('button', { name: 'Super Admin Settings' }).click();
    const settings = boss.getByRole('dialog', { name: 'Super Admin Settings' });
    await settings.getByRole('button', { name: `Open ${rio.username}` }).click();
    const page = settings.getByRole('region', { name: `User ${rio.username}` });
    await expect.poll(() => page.getByTestId('second-factor').textContent()).toBe('Authenticator app');
    await page.getByRole('button', { name: `Remove second factor of ${rio.username}` }).scrollIntoViewIfNeeded();
    await shot(boss, 'super-admin-user-second-factor-390');

    await page.getByRole('button', { name: `Remove second factor of ${rio.username}` }).click();
    const confirm = boss.getByRole('alertdialog', { name: 'Remove Second Factor' });
    await confirm.getByText('Remove rio_admin’s authenticator app?').waitFor();
    await shot(boss, 'super-admin-remove-second-factor-390');
    await confirm.getByRole('button', { name: 'Remove', exact: true }).click();
    await boss.getByText('rio_admin is signed out and sets up a new one at the next sign-in').waitFor();
    await expect.poll(() => page.getByTestId('second-factor').textContent()).toBe('None set up');

    // Rio's phone: the socket closed with the reason; the app sends Rio to sign in and says why.
    await rioPage.getByText('Your authenticator app and passkeys were removed by the super admin').waitFor({ timeout: patient(20_000) });
    await shot(rioPage, 'second-factor-removed-login-390');
  });
});
