import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, TABLET } from '../../tests/support/browser';
import { ApiClient } from './client';
import { SUPER_ADMIN } from './processes';

/**
 * The super admin signed in at tablet size with Admin Control open, as the admin-ui bench and its profile and trace
 * tools start: the contact is saved first (else the first-time setup would open), then the login form is used as an
 * admin would. The caller closes the browser.
 */
export async function openAdminControl(serverUrl: string): Promise<{ browser: Browser; context: BrowserContext; page: Page }> {
  const admin = new ApiClient(serverUrl);
  await admin.login(SUPER_ADMIN.username, SUPER_ADMIN.password);
  await admin.call('PUT', `/api/marketplace/contact/${SUPER_ADMIN.username}`, { contactEmail: 'admin@example.com' });
  const browser = await launchBrowser();
  try {
    const context = await browser.newContext({ viewport: TABLET, baseURL: serverUrl, serviceWorkers: 'block' });
    const page = await context.newPage();
    page.setDefaultTimeout(180_000);
    await page.goto('/login');
    await page.getByLabel('Username').fill(SUPER_ADMIN.username);
    await page.getByLabel('Password', { exact: true }).fill(SUPER_ADMIN.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('button', { name: 'Admin', exact: true }).click();
    await page.getByRole('heading', { name: 'Admin Control' }).waitFor();
    return { browser, context, page };
  } catch (error) {
    await browser.close();
    throw error;
  }
}
