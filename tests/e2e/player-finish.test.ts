import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useAppUnderTest } from '../support/app-under-test';
import { PHONE } from '../support/browser';
import { newPlayer, screenshotViewport } from '../support/player';
import { patient } from '../support/patience';

// What a new player stumbled on (issue 30, items 1-11), in the production build on a 390×844 phone.

const app = useAppUnderTest();

/** Opens a shop section and adds one item through the two-tap add and the quantity dialog (quantity `typed`). */
async function addItem(page: Page, section: RegExp, item: RegExp, typed?: string) {
  const sectionButton = page.getByRole('button', { name: section });
  if ((await sectionButton.getAttribute('aria-expanded')) !== 'true') await sectionButton.click();
  const button = page.getByRole('button', { name: item });
  await button.click();
  await button.click();
  const dialog = page.getByRole('dialog', { name: 'How many would you like?' });
  await dialog.waitFor();
  if (typed !== undefined) await dialog.getByRole('spinbutton').fill(typed);
  await dialog.getByRole('button', { name: 'Add to Cart' }).click();
  await dialog.waitFor({ state: 'detached' });
}

/** The element the browser hits at the centre of `selector`'s first match, described for a failure message. */
function hitAtCentre(page: Page, selector: string) {
  return page.evaluate((css) => {
    const target = document.querySelector(css);
    if (!target) return 'missing';
    const box = target.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return target.contains(hit)
      ? 'itself'
      : `${hit?.tagName.toLowerCase()}${hit?.getAttribute('role') ? `[${hit.getAttribute('role')}]` : ''}`;
  }, selector);
}

describe('issue 30 on a phone', () => {
  it('when a toast shows while a dialog is open, then it is drawn above the dialog and its × works', async () => {
    const { context, page } = await newPlayer(app.browser, app.server.url, PHONE, 'toast');
    try {
      await page.goto('/buy');
      await addItem(page, /^Hacking/, /^Ultimate Hacking Package \(1 Hour\),/);
      const toast = page.getByRole('status').filter({ hasText: 'to your cart' });
      await toast.waitFor();
      // The cart opens while the toast still shows: the dialog enters the top layer, the toast must stay above it.
      await page.getByRole('button', { name: 'Cart, 1 item' }).click();
      const cart = page.getByRole('dialog', { name: 'Items Added for Purchase' });
      await cart.waitFor();
      expect(await hitAtCentre(page, '[data-testid="toast-region"] li p')).toBe('itself');
      await screenshotViewport(page, 'issue30-toast-above-dialog');
      // Its × is reachable by a real tap (not inert behind the modal).
      const close = page.getByRole('button', { name: 'Dismiss notification' });
      const box = (await close.boundingBox())!;
      await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
      await toast.waitFor({ state: 'detached' });
      expect(await cart.isVisible()).toBe(true);
    } finally {
      await context.close();
    }
  });

  it('when a tap lands on a toast over a button, then the toast closes and the button gets the tap', async () => {
    const { context, page } = await newPlayer(app.browser, app.server.url, PHONE, 'tap');
    try {
      await page.goto('/buy');
      await addItem(page, /^Hacking/, /^Ultimate Hacking Package \(1 Hour\),/);
      await page.getByRole('status').filter({ hasText: 'to your cart' }).waitFor();
      // Scroll until a button lies under the toast's text, as Hacking did for the player.
      const spot = await page.evaluate(async () => {
        const item = document.querySelector<HTMLElement>('[data-testid="toast-region"] li')!;
        for (let step = 0; step < 40; step += 1) {
          const box = item.getBoundingClientRect();
          item.style.pointerEvents = 'none';
          for (let x = box.left + 20; x < box.right - 60; x += 20) {
            const y = box.top + box.height / 2;
            const below = document.elementFromPoint(x, y)?.closest('button');
            if (below && !below.closest('[data-testid="toast-region"]')) {
              item.style.pointerEvents = '';
              below.setAttribute('data-under-toast', '');
              return { x, y, label: below.getAttribute('aria-label') ?? below.textContent?.trim() ?? '' };
            }
          }
          item.style.pointerEvents = '';
          window.scrollBy(0, 40);
          await new Promise((resolve) => requestAnimationFrame(resolve));
        }
        return null;
      });
      expect(spot).not.toBeNull();
      await page.evaluate(() => {
        document.addEventListener('click', (event) => {
          const button = (event.target as Element).closest('button');
          if (button?.hasAttribute('data-under-toast')) (window as unknown as { tapped?: boolean }).tapped = true;
        });
      });
      await page.mouse.click(spot!.x, spot!.y);
      expect(await page.evaluate(() => (window as unknown as { tapped?: boolean }).tapped)).toBe(true);
      await page.getByRole('status').filter({ hasText: 'to your cart' }).waitFor({ state: 'detached' });
    } finally {
      await context.close();
    }
  });

  it('when the quantity dialog opens, then the quantity field has focus and Enter adds that many', async () => {
    const { context, page } = await newPlayer(app.browser, app.server.url, PHONE, 'enter');
    try {
      await page.goto('/buy');
      await page.getByRole('button', { name: /^Hacking/ }).click();
      const item = page.getByRole('button', { name: /^Quantum Hacking Package \(1 Hour\),/ });
      await item.click();
      await item.click();
      const dialog = page.getByRole('dialog', { name: 'How many would you like?' });
      await dialog.waitFor();
      expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.type)).toBe('number');
      await page.keyboard.press('Control+A');
      await page.keyboard.type('3');
      await page.keyboard.press('Enter');
      await dialog.waitFor({ state: 'detached' });
      await page.getByRole('status').filter({ hasText: 'Added 3 × Quantum Hacking Package (1 Hour)' }).waitFor();
      await page.getByRole('button', { name: 'Cart, 1 item' }).waitFor();
    } finally {
      await context.close();
    }
  });

  it('when three lines are in the cart on a phone, then all three show whole in the list, with "1 × $11.00"', async () => {
    const { context, page } = await newPlayer(app.browser, app.server.url, PHONE, 'cart3');
    try {
      await page.goto('/buy');
      await addItem(page, /^Hacking/, /^Ultimate Hacking Package \(1 Hour\),/);
      await addItem(page, /^Hacking/, /^Ultimate Hacking Package \(2 Hours\),/, '4');
      await addItem(page, /^Hacking/, /^Quantum Hacking Package \(3 Hours\),/);
      await page.getByRole('button', { name: 'Cart, 3 items' }).click();
      const cart = page.getByRole('dialog', { name: 'Items Added for Purchase' });
      await cart.waitFor();
      const list = cart.getByTestId('cart-list');
      const fit = await list.evaluate((element) => {
        const box = element.getBoundingClientRect();
        return {
          maxHeight: getComputedStyle(element).maxHeight,
          whole: [...element.querySelectorAll('li')].filter((li) => {
            const line = li.getBoundingClientRect();
            return line.top >= box.top - 0.5 && line.bottom <= box.bottom + 0.5;
          }).length,
        };
      });
      expect(fit).toEqual({ maxHeight: '256px', whole: 3 });
      expect(await cart.getByTestId('line-each').allTextContents()).toEqual(
        expect.arrayContaining(['1 × $11.00', '4 × $19.00', '1 × $34.00']),
      );
      expect(await cart.getByTestId('line-price').allTextContents()).toEqual(expect.arrayContaining(['$76.00']));
      await screenshotViewport(page, 'issue30-cart-three-lines');
    } finally {
      await context.close();
    }
  });

  it('when Blockspin cash is sold, then only USD is paid, and $0.00 and over-the-cap amounts are refused', async () => {
    const { context, page } = await newPlayer(app.browser, app.server.url, PHONE, 'cash');
    try {
      await page.goto('/sell');
      const jpeg = await sharp({ create: { width: 300, height: 200, channels: 3, background: { r: 90, g: 120, b: 200 } } })
        .jpeg()
        .toBuffer();
      await page.getByTestId('gallery-input').setInputFiles({ name: 'item.jpg', mimeType: 'image/jpeg', buffer: jpeg });
      await page.getByRole('heading', { name: 'Submit My Item' }).waitFor({ timeout: patient(20_000) });
      await page.getByRole('group', { name: 'Category' }).getByRole('button', { name: 'Cash', exact: true }).click();
      const payout = page.getByRole('radiogroup', { name: 'Receiving payment' });
      expect(await payout.getByRole('radio').count()).toBe(1);
      expect(await payout.getByRole('radio', { name: /USD Cash/ }).getAttribute('aria-checked')).toBe('true');
      const amount = page.getByLabel('Amount of Blockspin');
      await amount.fill('100');
      await page.getByRole('alert').filter({ hasText: 'Sell at least 334 Blockspin: smaller amounts pay $0.00' }).waitFor();
      await amount.fill('999999999999');
      await page.getByRole('alert').filter({ hasText: 'One submission sells at most 100,000,000 Blockspin ($1,500.00 USD)' }).waitFor();
      await screenshotViewport(page, 'issue30-cash-cap');
      await page.getByRole('button', { name: 'Submit', exact: true }).click();
      const incomplete = page.getByRole('alertdialog', { name: 'Submission Incomplete' });
      await incomplete.getByText(/at most 100,000,000 Blockspin/).waitFor();
    } finally {
      await context.close();
    }
  });

  it('when the contact form shows, then each Yes/No box is a block fieldset of one height, its legend no wider than its text', async () => {
    const { context, page } = await newPlayer(app.browser, app.server.url, PHONE, 'legend');
    try {
      await page.goto('/my-activity');
      await page.getByRole('tab', { name: /My Contact Information/ }).click();
      const form = page.getByRole('form', { name: 'My Contact Information' });
      await form.waitFor();
      const boxes = await form.locator('fieldset').evaluateAll((sets) =>
        sets.map((set) => {
          const legend = set.querySelector('legend')!;
          return {
            display: getComputedStyle(set).display,
            height: Math.round(set.getBoundingClientRect().height),
            legendNarrow: legend.getBoundingClientRect().width < set.getBoundingClientRect().width * 0.6,
          };
        }),
      );
      expect(boxes.length).toBe(3);
      // WebKit stretches a flex fieldset's legend to the full width (its box grew from 94 to 116 px): block layout
      // avoids that; Chromium shows the heights a closed box and an open box have.
      for (const box of boxes) {
        expect(box.display).toBe('block');
        expect(box.legendNarrow).toBe(true);
      }
      const closed = boxes.filter((_, index) => index > 0).map((box) => box.height);
      expect(new Set(closed).size).toBe(1);
      expect(closed[0]).toBeLessThanOrEqual(100);
    } finally {
      await context.close();
    }
  });
});
