import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { useAppUnderTest } from '../support/app-under-test';
import { PHONE, TABLET } from '../support/browser';
import { sidewaysOverflow } from '../support/overflow';
import { newPlayer, screenshotViewport } from '../support/player';

// The limits a player meets, said on screen before anything is sent: whole dollars of custom cash, the largest
// quantity the server takes, and sell values that multiply to their totals.

const app = useAppUnderTest();

describe.each([
  ['phone', PHONE],
  ['tablet', TABLET],
] as const)('limits at %s size', (label, viewport) => {
  it('when a player types 500.5 of cash or too many of an item, then the screen says so next to the field', async () => {
    const { context, page } = await newPlayer(app.browser, app.server.url, viewport, 'limits');
    const shot = (name: string) => screenshotViewport(page, `limits-${label}-${name}`);
    try {
      await page.goto('/buy');
      await page.getByRole('button', { name: /^Cash/ }).click();
      const amount = page.getByLabel('Amount of cash');
      await amount.pressSequentially('500.5');
      expect(await amount.inputValue()).toBe('500.5');
      await page.getByText('Please enter whole dollars only, without a decimal point').waitFor();
      await amount.scrollIntoViewIfNeeded();
      expect(await sidewaysOverflow(page)).toEqual([]);
      await shot('01-custom-cash-decimal');

      await page.getByRole('button', { name: /^Weapons & Ammo/ }).click();
      await page.getByRole('button', { name: /^Ammo/ }).click();
      const ammo = page.getByRole('button', { name: /^Pistol Ammo,/ });
      await ammo.click();
      await ammo.click();
      const dialog = page.getByRole('dialog', { name: 'How many would you like?' });
      await dialog.getByText('From 1 to 1,000,000 rounds.').waitFor();
      await dialog.getByLabel('Number of rounds').fill('1000001');
      await dialog.getByText('Quantity must be at most 1,000,000').waitFor();
      expect(await dialog.getByRole('button', { name: 'Add to Cart' }).isDisabled()).toBe(true);
      await shot('02-quantity-too-many');
      await dialog.getByLabel('Number of rounds').fill('1000000');
      await dialog.getByRole('button', { name: 'Add to Cart' }).click();
      await page.getByRole('button', { name: 'Cart, 1 item' }).click();
      const cart = page.getByRole('dialog', { name: 'Items Added for Purchase' });
      await cart.getByText('Maximum reached: 1,000,000 per request').waitFor();
      expect(await cart.getByRole('button', { name: 'Increase Pistol Ammo' }).isDisabled()).toBe(true);
      expect(await sidewaysOverflow(page)).toEqual([]);
      await shot('03-cart-at-maximum');
      await cart.getByRole('button', { name: 'Close' }).click();

      await page.goto('/sell');
      const jpeg = await sharp({ create: { width: 600, height: 400, channels: 3, background: { r: 120, g: 90, b: 60 } } })
        .jpeg()
        .toBuffer();
      await page.getByTestId('gallery-input').setInputFiles({ name: 'ammo.jpg', mimeType: 'image/jpeg', buffer: jpeg });
      await page.getByRole('group', { name: 'Category' }).getByRole('button', { name: 'Weapons & Ammo' }).click();
      await page.getByRole('group', { name: 'Type of weapon' }).getByRole('button', { name: 'Ammo' }).click();
      await page.getByRole('group', { name: 'Item' }).getByRole('button', { name: 'Pistol Ammo' }).click();
      const quantity = page.getByLabel('Quantity');
      await quantity.fill('1000');
      const usd = page.getByRole('radio', { name: /USD Cash/ });
      expect(await usd.textContent()).toContain('about $0.01 USD per item');
      expect(await usd.textContent()).toContain('Total: $9.00 USD (1,000 items)');
      await usd.scrollIntoViewIfNeeded();
      expect(await sidewaysOverflow(page)).toEqual([]);
      await shot('04-sell-values');
      await quantity.fill('99999999');
      await page.getByText('Quantity must be at most 1,000,000').waitFor();
      await quantity.scrollIntoViewIfNeeded();
      await shot('05-sell-quantity-too-many');
    } finally {
      await context.close();
    }
  });
});
