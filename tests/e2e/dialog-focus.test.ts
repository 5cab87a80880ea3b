import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useAppUnderTest } from '../support/app-under-test';
import { PHONE, TABLET } from '../support/browser';
import { newPlayer } from '../support/player';

// Keyboard and screen-reader users keep their place: when a dialog closes by Escape or by Cancel, focus is back on
// the button that opened it (not on the page's body, which sends them to the top of the page).

const app = useAppUnderTest();

/** Describes the focused element, so a failure says where focus went. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const active = document.activeElement;
    if (!active || active === document.body) return 'body';
    return `${active.tagName.toLowerCase()} "${active.getAttribute('aria-label') ?? active.textContent?.trim() ?? ''}"`;
  });

const isFocused = (locator: Locator) => locator.evaluate((element) => element === document.activeElement);

describe.each([
  ['phone', PHONE],
  ['tablet', TABLET],
] as const)('focus after a dialog at %s size', (_label, viewport) => {
  it('when the cart, the remove question or the logout question is closed by Escape or Cancel, then focus is back on its opener', async () => {
    const { context, page } = await newPlayer(app.browser, app.server.url, viewport, 'focus');
    try {
      await page.goto('/buy');
      await page.getByRole('heading', { name: 'Shop' }).waitFor();
      await page.getByRole('button', { name: /^Weapons & Ammo/ }).click();
      await page.getByRole('button', { name: /^Guns/ }).click();
      const ak = page.getByRole('button', { name: /^AK-47,/ });
      await ak.click();
      await ak.click();
      const quantityDialog = page.getByRole('dialog', { name: 'How many would you like?' });
      await quantityDialog.getByRole('button', { name: 'Add to Cart' }).click();
      const cartButton = page.getByRole('button', { name: 'Cart, 1 item' });
      await cartButton.waitFor();

      // The cart, closed by Escape.
      const cart = page.getByRole('dialog', { name: 'Items Added for Purchase' });
      await cartButton.click();
      await cart.waitFor();
      await page.keyboard.press('Escape');
      await cart.waitFor({ state: 'detached' });
      await expect.poll(() => focused(page)).toBe('button "Cart, 1 item"');

      // Opened by a tap that does not focus the button (Safari and iOS leave focus where it was), closed by Escape.
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      await cartButton.evaluate((button: HTMLElement) => button.click());
      await cart.waitFor();
      await page.keyboard.press('Escape');
      await cart.waitFor({ state: 'detached' });
      await expect.poll(() => focused(page)).toBe('button "Cart, 1 item"');

      // The cart opened from the keyboard, closed by its ×.
      await cartButton.focus();
      await page.keyboard.press('Enter');
      await cart.waitFor();
      await cart.getByRole('button', { name: 'Close' }).click();
      await cart.waitFor({ state: 'detached' });
      await expect.poll(() => focused(page)).toBe('button "Cart, 1 item"');

      // The remove question inside the cart: Escape, then Cancel, each back on the line's Remove button.
      await cartButton.click();
      await cart.waitFor();
      const remove = cart.getByRole('button', { name: 'Remove AK-47' });
      const question = page.getByRole('alertdialog', { name: 'Remove item' });
      await remove.click();
      await question.waitFor();
      await page.keyboard.press('Escape');
      await question.waitFor({ state: 'detached' });
      expect(await cart.isVisible()).toBe(true);
      await expect.poll(() => isFocused(remove), { message: await focused(page) }).toBe(true);
      await remove.click();
      await question.getByRole('button', { name: 'Cancel' }).click();
      await question.waitFor({ state: 'detached' });
      await expect.poll(() => isFocused(remove)).toBe(true);
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      await remove.evaluate((button: HTMLElement) => button.click());
      await question.getByRole('button', { name: 'Cancel' }).evaluate((button: HTMLElement) => button.click());
      await question.waitFor({ state: 'detached' });
      await expect.poll(() => isFocused(remove)).toBe(true);
      await page.keyboard.press('Escape');
      await cart.waitFor({ state: 'detached' });
      await expect.poll(() => focused(page)).toBe('button "Cart, 1 item"');

      // The logout question on home: Escape, then Cancel.
      await page.goto('/');
      const logout = page.getByRole('button', { name: 'Logout' }).first();
      await logout.waitFor();
      const confirm = page.getByRole('alertdialog', { name: 'Confirm Logout' });
      await logout.click();
      await confirm.waitFor();
      await page.keyboard.press('Escape');
      await confirm.waitFor({ state: 'detached' });
      await expect.poll(() => isFocused(logout)).toBe(true);
      await logout.click();
      await confirm.getByRole('button', { name: 'Cancel' }).click();
      await confirm.waitFor({ state: 'detached' });
      await expect.poll(() => isFocused(logout)).toBe(true);
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      await logout.evaluate((button: HTMLElement) => button.click());
      await confirm.waitFor();
      await page.keyboard.press('Escape');
      await confirm.waitFor({ state: 'detached' });
      await expect.poll(() => isFocused(logout)).toBe(true);
    } finally {
      await context.close();
    }
  });
});
