import { Secret, TOTP } from 'otpauth';
import type { APIRequestContext, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useAppUnderTest } from '../support/app-under-test';
import { PHONE, screenshot, TABLET } from '../support/browser';
import { SUPER_ADMIN } from '../support/server';
import { signInOnScreen } from '../support/sign-in';
import { patient } from '../support/patience';

// Issue 52.5, the rough edges a new user found, each seen at 1024×768 and 390×844: an admin's authenticator app and
// recovery codes from Account, the drop date picker, the no-show action before its time, Reverse credit when the
// credit is spent, the CSV export's range, and the dashboard's one toggle.

const app = useAppUnderTest();
let boss: APIRequestContext;
const contexts: BrowserContext[] = [];
const PASSWORD = 'rough-edges-pass-1';

async function newContext(viewport: { width: number; height: number }): Promise<BrowserContext> {
  const context = await app.browser.newContext({ viewport, baseURL: app.server.url, serviceWorkers: 'block' });
  contexts.push(context);
  return context;
}

async function ok(response: Awaited<ReturnType<APIRequestContext['post']>>) {
  expect(response.ok(), `${response.url()} ${response.status()} ${await response.text()}`).toBe(true);
  return response.json().catch(() => null);
}

/** A player with a contact, signed in through the API. */
async function player(username: string): Promise<APIRequestContext> {
  const context = await newContext(PHONE);
  await ok(await context.request.post('/api/marketplace/signup', { data: { username, password: PASSWORD } }));
  await ok(await context.request.put(`/api/marketplace/contact/${username}`, { data: { robloxUsername: `${username}_rbx` } }));
  return context.request;
}

async function order(api: APIRequestContext, extra: Record<string, unknown> = {}): Promise<{ id: number; creditApplied: number }> {
  return (await ok(
    await api.post('/api/purchase-requests', {
      data: { items: [{ name: 'Glock', category: 'Weapons', quantity: 1 }], totalPrice: 2, ...extra },
      headers: { 'Idempotency-Key': `rough-${Date.now()}-${Math.random()}` },
    }),
  )) as { id: number; creditApplied: number };
}

/** Tomorrow as the forms write it. */
function tomorrow() {
  const day = new Date(Date.now() + 86_400_000);
  return { scheduledDate: `${day.getMonth() + 1}/${day.getDate()}/${day.getFullYear()}`, scheduledTime: '4:30 PM' };
}

beforeAll(async () => {
  const context = await newContext(TABLET);
  await ok(await context.request.post('/api/marketplace/login', { data: SUPER_ADMIN }));
  boss = context.request;
});

afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => undefined);
});

describe.each([
  ['1024', TABLET],
  ['390', PHONE],
] as const)('at %s', (size, viewport) => {
  let admin: Page;

  beforeAll(async () => {
    admin = await signInOnScreen(await newContext(viewport), SUPER_ADMIN);
  });

  it('an admin who is not forced to sets up an authenticator app in Account and is shown the recovery codes once', async () => {
    const name = `adm_${size}`;
    const context = await newContext(viewport);
    await ok(await context.request.post('/api/marketplace/signup', { data: { username: name, password: PASSWORD } }));
    await ok(await boss.post(`/api/admin/marketplace-users/${name}/admin-status`, { data: { isAdmin: true } }));
    await context.clearCookies();
    // An admin without a contact goes home, not to the first-time setup.
    const page = await signInOnScreen(context, { username: name, password: PASSWORD });
    await page.goto('/my-activity');
    const panel = page.getByRole('region', { name: 'Authenticator app' });
    await panel.getByRole('button', { name: 'Set up an authenticator app' }).click();
    const secret = (await panel.locator('code').first().innerText()).replace(/\s/g, '');
    await panel.getByLabel('6-digit code').fill(new TOTP({ secret: Secret.fromBase32(secret) }).generate());
    await panel.getByRole('button', { name: 'Confirm' }).click();
    const saved = page.getByRole('region', { name: 'Save your recovery codes' });
    const codes = saved.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
    await codes.first().waitFor();
    expect(await codes.count()).toBe(10);
    for (const code of await codes.allInnerTexts()) expect(code.trim()).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    await saved.scrollIntoViewIfNeeded();
    await screenshot(page, `rough-edges-recovery-codes-${size}`, { fullPage: false });
    const first = (await codes.first().innerText()).trim();
    await saved.getByRole('button', { name: 'I saved them' }).click();
    await page.getByText('An authenticator app is set up for this account.').waitFor();
    // Shown once: gone once saved.
    expect(await page.getByText(first).count()).toBe(0);
  });

  it('the drop date picker shows the chosen chip, one Immediately, and no preview for 2/30', async () => {
    const maya = await player(`maya_${size}`);
    const request = await order(maya);
    await admin.goto('/');
    await admin.getByRole('button', { name: 'Admin', exact: true }).click();
    await admin.getByRole('button', { name: /Pending Purchase Requests/ }).click();
    await admin.getByRole('button', { name: new RegExp(`^#${request.id} · `) }).click();
    await admin.getByRole('button', { name: 'Approve' }).click();
    const form = admin.getByRole('dialog', { name: 'Confirm Approval' });
    const chips = form.getByRole('group', { name: 'Quick times' });
    await chips.getByRole('button', { name: 'Tomorrow' }).click();
    expect(await chips.getByRole('button', { name: 'Tomorrow' }).getAttribute('aria-pressed')).toBe('true');
    expect(await chips.getByRole('button', { name: 'Today' }).getAttribute('aria-pressed')).toBe('false');
    expect(await form.getByText('Immediately', { exact: true }).count()).toBe(1);
    await screenshot(admin, `rough-edges-picker-chosen-${size}`, { fullPage: false });
    await form.getByLabel('Month', { exact: true }).fill('2');
    await form.getByLabel('Day', { exact: true }).fill('30');
    await form.getByLabel('Year', { exact: true }).fill('2027');
    // Said as typed; Confirm stays off.
    await form.getByText('February 2027 has 28 days').waitFor();
    expect(await form.getByRole('button', { name: 'Confirm' }).isDisabled()).toBe(true);
    expect(await form.getByTestId('schedule-choice').count()).toBe(0);
    expect(await form.getByText(/Mar 2/).count()).toBe(0);
    await screenshot(admin, `rough-edges-picker-impossible-${size}`, { fullPage: false });
    await form.getByRole('button', { name: 'Close' }).click();
  });

  it('"Player did not show" is off before the promised time, saying from when', async () => {
    const theo = await player(`theo_${size}`);
    const request = await order(theo);
    await ok(await boss.patch(`/api/purchase-requests/${request.id}/status`, { data: { status: 'approved', ...tomorrow() } }));
    await admin.goto('/');
    await admin.getByRole('button', { name: 'Admin', exact: true }).click();
    await admin.getByRole('button', { name: /Approved Requests/ }).click();
    await admin.getByRole('button', { name: new RegExp(`^#${request.id} · `) }).click();
    const noShow = admin.getByRole('button', { name: 'Player did not show' });
    await noShow.waitFor();
    expect(await noShow.isDisabled()).toBe(true);
    await admin
      .getByText(/^From /)
      .first()
      .waitFor();
    await noShow.scrollIntoViewIfNeeded();
    await screenshot(admin, `rough-edges-no-show-early-${size}`, { fullPage: false });
  });

  it('Reverse credit says first that the credit is spent on an open request, with Reverse off', async () => {
    const name = `rosa_${size}`;
    const rosa = await player(name);
    const missed = await order(rosa);
    await ok(await boss.patch(`/api/purchase-requests/${missed.id}/status`, { data: { status: 'approved', ...tomorrow() } }));
    await app.server.runPromiseJob(new Date(Date.now() + 3 * 86_400_000));
    const spender = await order(rosa, { applyCredit: true });
    expect(spender.creditApplied).toBeGreaterThan(0);
    await admin.goto('/');
    await admin.getByRole('button', { name: 'Super Admin Settings' }).click();
    const settings = admin.getByRole('dialog', { name: 'Super Admin Settings' });
    await settings.getByRole('button', { name: `Open ${name}` }).click();
    const credit = settings.getByRole('region', { name: /Store credit/ });
    await credit.getByRole('button', { name: 'Reverse credit' }).click();
    const dialog = admin.getByRole('alertdialog', { name: 'Reverse Store Credit' });
    await dialog.getByText(`purchase request #${spender.id}, still open`, { exact: false }).waitFor();
    expect(await dialog.getByText(/^Take back/).count()).toBe(0);
    expect(await dialog.getByRole('button', { name: 'Reverse credit' }).isDisabled()).toBe(true);
    await screenshot(admin, `rough-edges-reverse-credit-${size}`, { fullPage: false });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
  });

  it("Admin Control's badges: one look for a queue's count, blue for unread only, and a legend", async () => {
    await admin.goto('/');
    await admin.getByRole('button', { name: 'Admin', exact: true }).click();
    const legend = admin.getByRole('list', { name: 'What the badges count' });
    await legend.scrollIntoViewIfNeeded();
    expect(await legend.innerText()).toMatch(/waiting in that list[\s\S]*unread messages[\s\S]*times players proposed, to answer/);
    await screenshot(admin, `rough-edges-badge-legend-${size}`, { fullPage: false });
    await admin.getByRole('button', { name: 'Close' }).first().click();
  });

  it('a reset link, once used, leaves one Go to Login, under a success mark that reads on its green', async () => {
    const name = `ned_${size}`;
    await player(name);
    const issued = (await ok(await boss.post(`/api/admin/marketplace-users/${name}/reset-link`))) as { path: string };
    const page = await (await newContext(viewport)).newPage();
    await page.goto(issued.path);
    await page.getByLabel('New Password', { exact: true }).fill('brand-new-password-1');
    await page.getByLabel('Confirm Password', { exact: true }).fill('brand-new-password-1');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await page.getByText('Your password is changed. Log in with the new one.').waitFor();
    expect(await page.getByText('Go to Login').count()).toBe(1);
    // The mark's ink is the success fill's own (white on the light appearance's deep green).
    const [ink, fill] = await page
      .getByText('✓', { exact: true })
      .evaluate((mark) => [getComputedStyle(mark).color, getComputedStyle(mark).backgroundColor]);
    expect(ink).not.toBe('rgb(11, 14, 26)');
    expect(ink).not.toBe(fill);
    await screenshot(page, `rough-edges-reset-done-${size}`, { fullPage: false });
  });

  it('the CSV export says From after To beside the fields, with no download; the dashboard has one toggle', async () => {
    await admin.goto('/');
    await admin.getByRole('button', { name: 'Super Admin Settings' }).click();
    const settings = admin.getByRole('dialog', { name: 'Super Admin Settings' });
    // The users' search box keeps space above the first row.
    const search = (await settings.getByRole('searchbox').boundingBox())!;
    const firstRow = (await settings.getByRole('list', { name: 'Users' }).getByRole('listitem').first().boundingBox())!;
    expect(firstRow.y - (search.y + search.height)).toBeGreaterThanOrEqual(8);
    await screenshot(admin, `rough-edges-users-search-${size}`, { fullPage: false });

    await settings.getByRole('group', { name: 'Section' }).getByRole('button', { name: 'Export' }).click();
    await settings.getByLabel('From').fill('2026-11-20');
    await settings.getByLabel('To').fill('2026-11-10');
    await settings.getByRole('alert').filter({ hasText: 'The end date must not be before the start date' }).waitFor();
    expect(await settings.locator('a[href*="/api/admin/export/"]').count()).toBe(0);
    await screenshot(admin, `rough-edges-export-range-${size}`, { fullPage: false });

    await settings.getByRole('group', { name: 'Section' }).getByRole('button', { name: 'Dashboard' }).click();
    await settings
      .getByTestId('dashboard-chart')
      .locator('canvas')
      .waitFor({ timeout: patient(30_000) });
    expect(await settings.getByRole('group', { name: 'Chart range' }).count()).toBe(0);
    const legend = settings.getByTestId('dashboard-chart').locator('.u-legend');
    expect(await legend.innerText()).not.toContain('--');
    expect(await settings.getByRole('listitem', { name: 'Promises kept' }).innerText()).not.toContain('—');
    await screenshot(admin, `rough-edges-dashboard-${size}`, { fullPage: false });
    await settings.getByRole('button', { name: 'Close' }).first().click();
  });
});
