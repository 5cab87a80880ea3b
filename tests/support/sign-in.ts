import type { BrowserContext, Page } from 'playwright-core';
import { SUPER_ADMIN } from './server';

/** Signs `who` (the super admin by default) in on the login screen, in a new page of `context`, and waits for home. */
export async function signInOnScreen(context: BrowserContext, who: { username: string; password: string } = SUPER_ADMIN): Promise<Page> {
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByLabel('Username').fill(who.username);
  await page.getByLabel('Password', { exact: true }).fill(who.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  return page;
}
