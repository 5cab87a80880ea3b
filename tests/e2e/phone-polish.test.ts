import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useAppUnderTest } from '../support/app-under-test';
import { PHONE, TABLET } from '../support/browser';
import { sidewaysOverflow } from '../support/overflow';
import { newPlayer, screenshotViewport } from '../support/player';
import { SUPER_ADMIN } from '../support/server';

// The rough edges a new player meets on a phone: a heading that wraps, two Logout buttons, a cart that scrolls
// without saying so.

const app = useAppUnderTest();
const SMALL_PHONE = { width: 360, height: 740 } as const;

/** Whether an element's text sits on one line and is shown whole (not cut with an ellipsis). */
function oneWholeLine(page: Page, selector: string) {
  return page.locator(selector).evaluate((element) => {
    const style = getComputedStyle(element);
    const lineHeight = Number.parseFloat(style.lineHeight) || Number.parseFloat(style.fontSize) * 1.2;
    return { oneLine: element.getBoundingClientRect().height < lineHeight * 1.5, whole: element.scrollWidth <= element.clientWidth };
  });
}

async function addHacking(page: Page, name: RegExp) {
  const item = page.getByRole('button', { name });
  await item.click();
  await item.click();
  await page.getByRole('dialog', { name: 'How many would you like?' }).getByRole('button', { name: 'Add to Cart' }).click();
  await page.getByRole('dialog', { name: 'How many would you like?' }).waitFor({ state: 'detached' });
}

describe.each([
  ['phone', PHONE],
  ['small-phone', SMALL_PHONE],
  ['tablet', TABLET],
] as const)('phone polish at %s size', (label, viewport) => {
  it('when the sell form opens, then "Submit My Item" stays on one line, whole', async () => {
    const { context, page } = await newPlayer(app.browser, app.server.url, viewport, 'polish');
    try {
      await page.goto('/sell');
      const jpeg = await sharp({ create: { width: 600, height: 400, channels: 3, background: { r: 90, g: 120, b: 200 } } })
        .jpeg()
        .toBuffer();
      await page.getByTestId('gallery-input').setInputFiles({ name: 'item.jpg', mimeType: 'image/jpeg', buffer: jpeg });
      await page.getByRole('heading', { name: 'Submit My Item' }).waitFor();
      expect(await oneWholeLine(page, 'h1')).toEqual({ oneLine: true, whole: true });
      await screenshotViewport(page, `polish-${label}-sell-heading`);
    } finally {
      await context.close();
    }
  });

  it('when home opens, then it has one Logout, and the cart says when its list scrolls until the end is reached', async () => {
    const { context, page } = await newPlayer(app.browser, app.server.url, viewport, 'polish');
    try {
      await page.goto('/');
      await page.getByRole('link', { name: /^Sell/ }).waitFor();
      expect(await page.getByRole('button', { name: /Logout/ }).count()).toBe(1);
      expect(await sidewaysOverflow(page)).toEqual([]);
      await screenshotViewport(page, `polish-${label}-home`);

      await page.goto('/buy');
      await page.getByRole('button', { name: /^Hacking/ }).click();
      await addHacking(page, /^Ultimate Hacking Package \(1 Hour\),/);
      await page.getByRole('button', { name: 'Cart, 1 item' }).click();
      const cart = page.getByRole('dialog', { name: 'Items Added for Purchase' });
      await cart.waitFor();
      // One line fits: no hint.
      expect(await cart.getByTestId('cart-more-below').count()).toBe(0);
      await cart.getByRole('button', { name: 'Close' }).click();

      for (const name of [
        /^Ultimate Hacking Package \(2 Hours\),/,
        /^Ultimate Hacking Package \(3 Hours\),/,
        /^Quantum Hacking Package \(1 Hour\),/,
        /^Quantum Hacking Package \(2 Hours\),/,
        /^Quantum Hacking Package \(3 Hours\),/,
      ]) {
        await addHacking(page, name);
      }
      await page.getByRole('button', { name: 'Cart, 6 items' }).click();
      await cart.waitFor();
      const hint = cart.getByTestId('cart-more-below');
      await hint.waitFor();
      expect(await hint.textContent()).toBe('Scroll for more ↓');
      await screenshotViewport(page, `polish-${label}-cart-more`);
      await cart.getByTestId('cart-list').evaluate((list) => list.scrollTo({ top: list.scrollHeight }));
      await hint.waitFor({ state: 'detached' });
      await screenshotViewport(page, `polish-${label}-cart-end`);
    } finally {
      await context.close();
    }
  });

  it('when the super admin opens home, then Admin, settings and the one Logout fit beside the name', async () => {
    const context = await app.browser.newContext({ baseURL: app.server.url, viewport, serviceWorkers: 'block' });
    try {
      const api = context.request;
      expect((await api.post('/api/marketplace/login', { data: SUPER_ADMIN })).ok()).toBe(true);
      const user = await (
        await api.put(`/api/marketplace/contact/${SUPER_ADMIN.username}`, { data: { contactEmail: 'admin@example.com' } })
      ).json();
      const page = await context.newPage();
      await page.goto('/');
      await page.evaluate((u) => {
        localStorage.setItem('currentUser', u.username);
        localStorage.setItem('userData', JSON.stringify(u));
      }, user);
      await page.goto('/');
      await page.getByRole('button', { name: 'Admin', exact: true }).waitFor();
      await page.getByRole('button', { name: 'Super Admin Settings' }).waitFor();
      expect(await page.getByRole('button', { name: /Logout/ }).count()).toBe(1);
      expect(await sidewaysOverflow(page)).toEqual([]);
      // The greeting keeps its words on one line (squeezed, it broke into a letter per line).
      expect(await oneWholeLine(page, 'header small')).toMatchObject({ oneLine: true });
      await screenshotViewport(page, `polish-${label}-home-super-admin`);
    } finally {
      await context.close();
    }
  });
});
