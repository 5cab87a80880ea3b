import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, PHONE, screenshot, TABLET } from '../support/browser';
import { startTestServer, SUPER_ADMIN, type TestServer } from '../support/server';
import { linkIn, startSmtpServer } from '../support/smtp';

// Issue 29.10 in a real Chromium, with a real SMTP server in this process: a player confirms their email from the
// mailed link, asks for a reset on the login screen, and sets a new password from the second mail; the super admin
// hands out a reset link for a player without email.

let server: TestServer;
let browser: Browser;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

beforeAll(async () => {
  smtp = await startSmtpServer();
  server = await startTestServer({ staticDir: process.env.E2E_DIST ?? 'dist', smtpUrl: smtp.url });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await smtp?.close();
});

async function mailTo(address: string, count: number) {
  const until = Date.now() + 10_000;
  while (smtp.mails.filter((m) => m.to.includes(address)).length < count) {
    if (Date.now() > until) throw new Error(`no mail ${count} to ${address}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return smtp.mails.filter((m) => m.to.includes(address))[count - 1];
}

describe('forgot password', () => {
  it('when a player with a confirmed email forgets the password, then the mailed link sets a new one and they log in with it', async () => {
    const context = await browser.newContext({ viewport: PHONE, baseURL: server.url, serviceWorkers: 'block' });
    try {
      const username = 'forgetful_fay';
      const email = 'fay@example.com';
      expect((await context.request.post('/api/marketplace/signup', { data: { username, password: 'old-password-1' } })).ok()).toBe(true);
      expect((await context.request.put(`/api/marketplace/contact/${username}`, { data: { contactEmail: email } })).ok()).toBe(true);
      const page = await context.newPage();
      await page.goto(linkIn(await mailTo(email, 1), '/verify-email').href);
      await page.getByText(`${email} is confirmed.`).waitFor();
      await page.evaluate((name) => localStorage.setItem('currentUser', name), username);
      await page.goto('/my-activity');
      const panel = page.getByRole('region', { name: 'Password reset by email' });
      await panel.getByText('✓ Confirmed:').waitFor();
      await panel.scrollIntoViewIfNeeded();
      await screenshot(page, 'password-reset-00-account-390');
      expect((await context.request.post('/api/marketplace/logout')).ok()).toBe(true);
      await page.evaluate(() => localStorage.clear());

      await page.goto('/login');
      await page.getByRole('link', { name: 'Forgot password?' }).click();
      await page.getByRole('heading', { name: 'Forgot password' }).waitFor();
      await page.getByLabel('Username').fill(username);
      await page.getByRole('button', { name: 'Send reset link' }).click();
      await page.getByText('If that account has a verified email, a link to choose a new password is on its way.').waitFor();
      await screenshot(page, 'password-reset-01-forgot-390');

      const link = linkIn(await mailTo(email, 2), '/reset-password');
      await page.goto(link.href);
      await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
      await page.getByLabel('New Password', { exact: true }).fill('short');
      await page.getByLabel('Confirm Password', { exact: true }).fill('short');
      await page.getByRole('button', { name: 'Save new password' }).click();
      await page.getByText('Password must be at least 8 characters').waitFor();
      await page.getByLabel('New Password', { exact: true }).fill('brand-new-password-1');
      await page.getByLabel('Confirm Password', { exact: true }).fill('brand-new-password-1');
      await screenshot(page, 'password-reset-02-new-password-390');
      await page.getByRole('button', { name: 'Save new password' }).click();
      await page.getByText('Your password is changed. Log in with the new one.').waitFor();
      await page.getByRole('button', { name: 'Go to Login' }).click();

      await page.getByLabel('Username').fill(username);
      await page.getByLabel('Password', { exact: true }).fill('brand-new-password-1');
      await page.getByRole('button', { name: 'Login', exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/');

      // The link worked once.
      await page.goto(link.href);
      await page.getByLabel('New Password', { exact: true }).fill('third-password-1');
      await page.getByLabel('Confirm Password', { exact: true }).fill('third-password-1');
      await page.getByRole('button', { name: 'Save new password' }).click();
      await page.getByText('This link is invalid, has ended or was already used. Ask for a new one.').waitFor();
    } finally {
      await context.close();
    }
  });

  it("when the super admin opens a player's Reset link, then the link shown sets that player's password", async () => {
    const context = await browser.newContext({ viewport: TABLET, baseURL: server.url, serviceWorkers: 'block' });
    try {
      expect(
        (await context.request.post('/api/marketplace/signup', { data: { username: 'no_mail_ned', password: 'ned-password-1' } })).ok(),
      ).toBe(true);
      expect((await context.request.post('/api/marketplace/login', { data: SUPER_ADMIN })).ok()).toBe(true);
      expect(
        (await context.request.put(`/api/marketplace/contact/${SUPER_ADMIN.username}`, { data: { robloxUsername: 'boss_rbx' } })).ok(),
      ).toBe(true);
      const page = await context.newPage();
      await page.goto('/');
      await page.evaluate((name) => localStorage.setItem('currentUser', name), SUPER_ADMIN.username);
      await page.goto('/');
      await page.getByRole('button', { name: 'Super Admin Settings' }).click();
      await page.getByRole('button', { name: 'Reset link for no_mail_ned' }).click();
      const dialog = page.getByRole('dialog', { name: 'Password reset link' });
      const url = await dialog.getByRole('textbox', { name: 'Reset link for no_mail_ned' }).inputValue();
      expect(url).toMatch(new RegExp(`^${server.url}/reset-password\\?token=[\\w-]{43}&username=no_mail_ned$`));
      await screenshot(page, 'password-reset-03-super-admin-link-1024');

      const ned = await browser.newContext({ viewport: PHONE, baseURL: server.url, serviceWorkers: 'block' });
      const nedPage = await ned.newPage();
      await nedPage.goto(url);
      await nedPage.getByLabel('New Password', { exact: true }).fill('handed-over-1');
      await nedPage.getByLabel('Confirm Password', { exact: true }).fill('handed-over-1');
      await nedPage.getByRole('button', { name: 'Save new password' }).click();
      await nedPage.getByText('Your password is changed. Log in with the new one.').waitFor();
      expect(
        (await ned.request.post('/api/marketplace/login', { data: { username: 'no_mail_ned', password: 'handed-over-1' } })).ok(),
      ).toBe(true);
      await ned.close();
    } finally {
      await context.close();
    }
  });
});
