import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useAppUnderTest } from '../support/app-under-test';
import { PHONE } from '../support/browser';
import { axeProblems, newPlayer, screenshotViewport } from '../support/player';

// Light mode (issue 30 item 14): the app follows prefers-color-scheme and the Account switch; every player screen has
// no serious or critical axe finding in either appearance (colour contrast included).

const app = useAppUnderTest();

/** Every player screen, in order, each checked by axe; `label` names the screenshots. */
async function checkScreens(page: Page, label: string): Promise<string[]> {
  const problems: string[] = [];
  const check = async (where: string, include?: string) => {
    await page.waitForTimeout(350);
    problems.push(...(await axeProblems(page, `${label} ${where}`, include)));
  };
  await page.goto('/');
  await page.getByRole('link', { name: /^Sell/ }).waitFor();
  await check('home');
  await screenshotViewport(page, `issue30-${label}-home`);

  await page.goto('/buy');
  await page.getByRole('heading', { name: 'Shop' }).waitFor();
  await page.getByRole('button', { name: /^Hacking/ }).click();
  const item = page.getByRole('button', { name: /^Ultimate Hacking Package \(1 Hour\),/ });
  await item.click();
  await check('shop');
  await item.click();
  await page.getByRole('dialog', { name: 'How many would you like?' }).waitFor();
  await check('quantity dialog', 'dialog');
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: 'Cart, 1 item' }).click();
  await page.getByRole('dialog', { name: 'Items Added for Purchase' }).waitFor();
  await check('cart', 'dialog');
  await screenshotViewport(page, `issue30-${label}-cart`);
  await page.keyboard.press('Escape');

  await page.goto('/sell');
  await page.getByRole('heading', { name: 'Sell an Item' }).waitFor();
  await check('sell');

  await page.goto('/my-activity');
  await page.getByRole('tab', { name: /My Contact Information/ }).click();
  await page.getByRole('form', { name: 'My Contact Information' }).waitFor();
  await check('account contact');
  await screenshotViewport(page, `issue30-${label}-account`);
  await page.getByRole('tab', { name: /My Sell Requests/ }).click();
  await page.getByRole('group', { name: 'Filter sell requests' }).waitFor();
  await check('account sell requests');
  await page.getByRole('tab', { name: /My Buy Requests/ }).click();
  await page.getByTestId('purchase-request-card').first().waitFor();
  await check('account buy requests');
  await screenshotViewport(page, `issue30-${label}-buy-requests`);
  return problems;
}

describe('appearance', () => {
  it.each(['light', 'dark'] as const)('when the device prefers %s, then every player screen passes axe', async (scheme) => {
    const { context, page, username } = await newPlayer(app.browser, app.server.url, PHONE, `th${scheme[0]}`);
    try {
      await page.emulateMedia({ colorScheme: scheme });
      // A request of each status the badges show.
      await context.request.post('/api/purchase-requests', {
        data: { requesterName: username, items: [{ name: 'AK-47', category: 'Weapons', quantity: 2 }], totalPrice: 36 },
        headers: { 'Idempotency-Key': `theme-${scheme}-${Date.now()}` },
      });
      const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
      expect(background).toBe(scheme === 'light' ? 'rgb(238, 240, 247)' : 'rgb(16, 19, 34)');
      expect(await checkScreens(page, scheme)).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('when the player picks Light in Account on a dark device, then the app is light and stays so after a reload', async () => {
    const { context, page } = await newPlayer(app.browser, app.server.url, PHONE, 'thsw');
    try {
      await page.emulateMedia({ colorScheme: 'dark' });
      await page.goto('/my-activity');
      const appearance = page.getByRole('radiogroup', { name: 'Appearance' });
      await appearance.getByRole('radio', { name: 'Light' }).check();
      const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
      expect(await background()).toBe('rgb(238, 240, 247)');
      await page.reload();
      await appearance.waitFor();
      expect(await background()).toBe('rgb(238, 240, 247)');
      expect(await appearance.getByRole('radio', { name: 'Light' }).isChecked()).toBe(true);
      await screenshotViewport(page, 'issue30-switch-light');
      await appearance.getByRole('radio', { name: 'Automatic' }).check();
      expect(await background()).toBe('rgb(16, 19, 34)');
    } finally {
      await context.close();
    }
  });
});
