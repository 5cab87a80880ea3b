import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useAppUnderTest } from '../support/app-under-test';
import { PHONE, screenshot, TABLET } from '../support/browser';
import { SUPER_ADMIN } from '../support/server';
import { patient } from '../support/patience';

// The signed-out and sign-in screens in a real Chromium against the real server: landing, sign up → first-time contact → home,
// Trade's 5 s bubble, logout and login, the 404 page, the admin change-password page; screenshots of each.

const app = useAppUnderTest();
let serial = 0;

async function open(viewport: { width: number; height: number }): Promise<{ context: BrowserContext; page: Page }> {
  const context = await app.browser.newContext({ viewport, baseURL: app.server.url, serviceWorkers: 'block' });
  const page = await context.newPage();
  return { context, page };
}

const storedUser = (page: Page) => page.evaluate(() => localStorage.getItem('currentUser'));

describe.each([
  ['phone', PHONE],
  ['tablet', TABLET],
] as const)('customer auth at %s size', (label, viewport) => {
  const shot = (page: Page, name: string) => screenshot(page, `customer-${label}-${name}`);

  it('when a visitor signs up, then the first-time contact setup opens and saving it leads home', async () => {
    const { context, page } = await open(viewport);
    const username = `newbie_${label}_${++serial}`;
    try {
      await page.goto('/');
      await page.getByRole('link', { name: 'Sign Up' }).waitFor();
      expect(await page.getByRole('link', { name: 'Login' }).isVisible()).toBe(true);
      await shot(page, '01-landing');

      await page.getByRole('link', { name: 'Sign Up' }).click();
      await page.getByRole('heading', { name: 'Sign Up' }).waitFor();
      await page.getByLabel('Username', { exact: true }).fill(username);
      await page.getByLabel('Password', { exact: true }).fill('secret-1');
      await page.getByLabel('Confirm Password', { exact: true }).fill('secret-2');
      await page.getByRole('button', { name: 'Sign Up' }).click();
      await page.getByText('Passwords do not match').waitFor();
      await page.getByRole('button', { name: 'Show password' }).first().click();
      await shot(page, '02-signup-error');

      await page.getByLabel('Confirm Password', { exact: true }).fill('secret-1');
      await page.getByRole('button', { name: 'Sign Up' }).click();
      await page.getByText('Welcome to Blockspin Market!').waitFor();
      await page.waitForURL((url) => url.pathname === '/my-activity' && url.search === '');
      expect(await page.getByRole('tab', { name: /My Sell Requests/ }).isDisabled()).toBe(true);
      expect(await page.getByRole('tab', { name: /My Buy Requests/ }).isDisabled()).toBe(true);
      expect(await page.getByRole('link', { name: 'Back to Home' }).count()).toBe(0);
      expect(await storedUser(page)).toBe(username);

      await page.getByRole('button', { name: 'Complete Setup' }).click();
      await page.getByText("You must have at least one form of contact. Please select 'Yes' for at least one option.").waitFor();
      await shot(page, '03-first-time-error');
      const roblox = page.getByRole('group', { name: 'Roblox Username' });
      await roblox.getByRole('radio', { name: 'Yes' }).check();
      await roblox.getByRole('textbox').fill(`  ${username}_rbx  `);
      await page.getByRole('button', { name: 'Complete Setup' }).click();
      await page.getByText('Contact information saved! Taking you to the marketplace...').waitFor();
      await shot(page, '04-first-time-saved');
      await page.waitForURL((url) => url.pathname === '/', { timeout: patient(5000) });
      await page.getByText('Store Preview').waitFor();
      await shot(page, '05-home');

      const contact = await (await context.request.get(`/api/marketplace/contact/${username}`)).json();
      expect(contact).toMatchObject({ robloxUsername: `${username}_rbx`, contactEmail: null, ps5Username: null });
    } finally {
      await context.close();
    }
  });

  it('when Trade is tapped, then Coming Soon! shows for 5 seconds; logout confirms, and login comes back home', async () => {
    const { context, page } = await open(viewport);
    const username = `player_${label}_${++serial}`;
    try {
      await context.request.post('/api/marketplace/signup', { data: { username, password: 'secret12' } });
      await context.request.put(`/api/marketplace/contact/${username}`, { data: { contactEmail: `${username}@example.com` } });
      await context.request.post('/api/marketplace/logout');

      // The page's timers run on a clock the test moves: the preview's 4 s and the bubble's 5 s pass without waiting.
      await page.clock.install();
      await page.goto('/login');
      await page.getByLabel('Username', { exact: true }).fill(username);
      await page.getByLabel('Password', { exact: true }).fill('wrong-password');
      await page.getByRole('button', { name: 'Login' }).click();
      await page.getByText('Invalid username or password').waitFor();
      await shot(page, '06-login-error');
      await page.getByLabel('Password', { exact: true }).fill('secret12');
      await page.getByRole('button', { name: 'Login' }).click();
      await page.waitForURL((url) => url.pathname === '/');
      await page.getByText('Store Preview').waitFor();

      // The Store Preview moves on every 4 s.
      const preview = page.getByTestId('store-preview-item');
      const firstKind = await preview.textContent();
      await page.clock.runFor(4_000);
      await page.waitForFunction(
        (before) => document.querySelector('[data-testid="store-preview-item"]')?.textContent !== before,
        firstKind,
      );

      // The clock stands still from before the tap, so the bubble's time is the page's alone (not the machine's speed).
      await page.clock.pauseAt(Date.now() + 60_000);
      await page.getByRole('button', { name: /Trade/ }).click();
      await page.getByText('Coming Soon!').waitFor();
      await shot(page, '07-trade-coming-soon');
      await page.clock.runFor(4_900);
      expect(await page.getByText('Coming Soon!').count()).toBe(1);
      await page.clock.runFor(100);
      await page.getByText('Coming Soon!').waitFor({ state: 'detached' });
      await page.clock.resume();

      await page.getByRole('button', { name: 'Logout' }).first().click();
      const dialog = page.getByRole('alertdialog', { name: 'Confirm Logout' });
      await dialog.getByText('Are you sure you want to log out?').waitFor();
      await shot(page, '08-logout-confirm');
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'detached' });
      expect(await storedUser(page)).toBe(username);
      await page.getByRole('button', { name: 'Logout' }).first().click();
      await page.getByRole('alertdialog', { name: 'Confirm Logout' }).getByRole('button', { name: 'Logout' }).click();
      await page.getByRole('link', { name: 'Sign Up' }).waitFor();
      expect(await storedUser(page)).toBeNull();
      // The session really ended on the server.
      expect((await context.request.get('/api/marketplace/me')).status()).toBe(401);

      // A signed-out visit to a signed-in route goes to /login; login with a contact goes home.
      await page.goto('/my-activity');
      await page.waitForURL((url) => url.pathname === '/login');
      await page.getByLabel('Username', { exact: true }).fill(username);
      await page.getByLabel('Password', { exact: true }).fill('secret12');
      await page.getByRole('button', { name: 'Login' }).click();
      await page.getByText('Store Preview').waitFor();
      expect(new URL(page.url()).pathname).toBe('/');
    } finally {
      await context.close();
    }
  });

  it('any other path shows 404 Page Not Found', async () => {
    const { context, page } = await open(viewport);
    try {
      await page.goto('/no-such-page/at-all');
      await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
      await shot(page, '09-not-found');
    } finally {
      await context.close();
    }
  });

  it('a server-side sign-out (401) clears the stored user and goes to /login', async () => {
    const { context, page } = await open(viewport);
    const username = `expiring_${label}_${++serial}`;
    try {
      await context.request.post('/api/marketplace/signup', { data: { username, password: 'secret12' } });
      await context.request.put(`/api/marketplace/contact/${username}`, { data: { contactEmail: `${username}@example.com` } });
      await page.clock.install();
      await page.goto('/login');
      await page.getByLabel('Username', { exact: true }).fill(username);
      await page.getByLabel('Password', { exact: true }).fill('secret12');
      await page.getByRole('button', { name: 'Login' }).click();
      await page.getByText('Store Preview').waitFor();
      await context.clearCookies();
      // The 5 s admin check meets the 401 (its 5 s on the page's clock, moved by the test).
      await page.clock.runFor(5_000);
      await page.waitForURL((url) => url.pathname === '/login');
      expect(await storedUser(page)).toBeNull();
    } finally {
      await context.close();
    }
  });
});

describe('admin on the customer app', () => {
  it('the super admin sees the Admin and settings buttons, and changes the password on the admin page', async () => {
    for (const [label, viewport] of [
      ['phone', PHONE],
      ['tablet', TABLET],
    ] as const) {
      const { context, page } = await open(viewport);
      try {
        await page.goto('/change-password?token=example-token&username=admin');
        await page.getByRole('heading', { name: 'Set your secure admin password' }).waitFor();
        expect(await page.getByLabel('Username', { exact: true }).inputValue()).toBe('admin');
        await page.getByRole('button', { name: 'Update Password' }).click();
        await page.getByText('Please fill in all fields').waitFor();
        await screenshot(page, `customer-${label}-10-change-password`);
      } finally {
        await context.close();
      }
    }

    const { context, page } = await open(TABLET);
    try {
      await page.clock.install();
      await page.goto('/login');
      await page.getByLabel('Username', { exact: true }).fill(SUPER_ADMIN.username);
      await page.getByLabel('Password', { exact: true }).fill(SUPER_ADMIN.password);
      await page.getByRole('button', { name: 'Login' }).click();
      // An admin without a contact goes home, not to the players' first-time setup (issue 52.5: the super admin was
      // sent there on every new device).
      await page.waitForURL((url) => url.pathname === '/', { timeout: patient(5000) });
      expect(page.url()).not.toContain('firstTime');
      await page.getByRole('button', { name: 'Admin', exact: true }).waitFor();
      await page.getByRole('button', { name: 'Super Admin Settings' }).waitFor();
      await screenshot(page, 'customer-tablet-11-home-super-admin');
      await page.getByRole('button', { name: 'Admin', exact: true }).click();
      await page.getByRole('dialog', { name: 'Admin Control' }).waitFor();
      await page.keyboard.press('Escape');

      await page.goto('/change-password');
      expect(await page.getByLabel('Username', { exact: true }).inputValue()).toBe(SUPER_ADMIN.username);
      await page.getByLabel('Current Password', { exact: true }).fill(SUPER_ADMIN.password);
      await page.getByLabel('New Password', { exact: true }).fill('a-brand-new-pass-1');
      await page.getByLabel('Confirm Password', { exact: true }).fill('a-brand-new-pass-1');
      // The redirect waits 3 s after the success: on the page's clock, standing still from before the click.
      await page.clock.pauseAt(Date.now() + 60_000);
      await page.getByRole('button', { name: 'Update Password' }).click();
      await page.getByText('Password updated successfully! You can now log in with your new password.').waitFor();
      await page.clock.runFor(2_900);
      expect(new URL(page.url()).pathname).toBe('/change-password');
      await page.clock.runFor(100);
      await page.waitForURL((url) => url.pathname === '/login');
      await page.clock.resume();
      const relogin = await context.request.post('/api/marketplace/login', {
        data: { username: SUPER_ADMIN.username, password: 'a-brand-new-pass-1' },
      });
      expect(relogin.status()).toBe(200);
    } finally {
      await context.close();
    }
  });
});
