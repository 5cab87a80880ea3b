import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useAppUnderTest } from '../support/app-under-test';
import { PHONE, TABLET } from '../support/browser';
import { animationsDone, axeProblems, newPlayer, screenshotViewport } from '../support/player';
import { SUPER_ADMIN } from '../support/server';
import { openRequestCard } from './request-cards';
import { YEAR } from '../support/dates';

// Light mode (issue 30 item 14): the app follows prefers-color-scheme and the Account switch; every player screen has
// no serious or critical axe finding in either appearance (colour contrast included), nor a control whose name leaves
// out its visible text (axe's experimental `label-content-name-mismatch`: the Inbox link with its unread count, issue
// 52.2).

const app = useAppUnderTest();
const LIGHT_BG = 'rgb(238, 240, 247)';
const DARK_BG = 'rgb(16, 19, 34)';

/** Every player screen, in order, each checked by axe; `label` names the screenshots. */
async function checkScreens(page: Page, label: string): Promise<string[]> {
  const problems: string[] = [];
  const check = async (where: string, include?: string) => {
    await animationsDone(page);
    problems.push(...(await axeProblems(page, `${label} ${where}`, include, ['label-content-name-mismatch'])));
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
  // The Inbox link with its unread count shown (the approval and the rejection), on each Account tab checked below.
  await page.getByRole('link', { name: /^Inbox 2 new Everything we told you/ }).waitFor();
  await check('account contact');
  await screenshotViewport(page, `issue30-${label}-account`);
  await page.getByRole('tab', { name: /My Sell Requests/ }).click();
  await page.getByRole('group', { name: 'Filter sell requests' }).waitFor();
  await check('account sell requests');
  await page.getByRole('tab', { name: /My Buy Requests/ }).click();
  // The filters are their lower-case values, shown with a capital (issue 52.5 kept that when chips stopped capitalising).
  const filters = page.getByRole('group', { name: 'Filter purchase requests' });
  await expect.poll(() => filters.innerText()).toMatch(/^All\s+3\s+Pending\s+1\s+Approved\s+1/);
  await openRequestCard(page, 'purchase-request', { status: 'approved' });
  await check('account buy requests');
  await screenshotViewport(page, `issue30-${label}-buy-requests`);
  return problems;
}

const background = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);

describe('appearance', () => {
  it.each(['light', 'dark'] as const)('when the device prefers %s, then every player screen passes axe', async (scheme) => {
    const { context, page, username } = await newPlayer(app.browser, app.server.url, PHONE, `th${scheme[0]}`);
    try {
      await page.emulateMedia({ colorScheme: scheme });
      // Requests approved, rejected and pending, so the buy list shows each badge (approved read 2.2:1 before).
      const ids: number[] = [];
      for (const key of ['a', 'r', 'p']) {
        const answer = await context.request.post('/api/purchase-requests', {
          data: { requesterName: username, items: [{ name: 'AK-47', category: 'Weapons', quantity: 2 }], totalPrice: 36 },
          headers: { 'Idempotency-Key': `theme-${scheme}-${key}-${Date.now()}` },
        });
        ids.push(((await answer.json()) as { id: number }).id);
      }
      const admin = await app.browser.newContext({ baseURL: app.server.url });
      try {
        expect((await admin.request.post('/api/marketplace/login', { data: SUPER_ADMIN })).ok()).toBe(true);
        const approve = { status: 'approved', isImmediateSchedule: false, scheduledDate: `12/1/${YEAR}`, scheduledTime: '2:00 PM' };
        expect((await admin.request.patch(`/api/purchase-requests/${ids[0]}/status`, { data: approve })).ok()).toBe(true);
        expect((await admin.request.patch(`/api/purchase-requests/${ids[1]}/status`, { data: { status: 'rejected' } })).ok()).toBe(true);
      } finally {
        await admin.close();
      }
      await page.goto('/');
      expect(await background(page)).toBe(scheme === 'light' ? LIGHT_BG : DARK_BG);
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
      await appearance.waitFor();
      expect(await background(page)).toBe(DARK_BG);
      await appearance.getByText('Light', { exact: true }).click();
      expect(await background(page)).toBe(LIGHT_BG);
      await page.reload();
      await appearance.waitFor();
      expect(await background(page)).toBe(LIGHT_BG);
      expect(await appearance.getByRole('radio', { name: 'Light' }).isChecked()).toBe(true);
      await screenshotViewport(page, 'issue30-switch-light');
      await appearance.getByText('Automatic', { exact: true }).click();
      expect(await background(page)).toBe(DARK_BG);
    } finally {
      await context.close();
    }
  });

  it.each([
    ['phone', PHONE],
    ['tablet', TABLET],
  ] as const)(
    'when Account is shown on a %s, then each Appearance option holds its whole radio dot and label (issue 52.2)',
    async (device, viewport) => {
      const { context, page } = await newPlayer(app.browser, app.server.url, viewport, `thbx${device[0]}`);
      try {
        await page.goto('/my-activity');
        const appearance = page.getByRole('radiogroup', { name: 'Appearance' });
        await appearance.waitFor();
        await animationsDone(page);
        const boxes = await appearance.locator('label').evaluateAll((labels) =>
          labels.map((label) => {
            const outer = label.getBoundingClientRect();
            const radio = label.querySelector('input')!.getBoundingClientRect();
            return {
              text: label.textContent,
              radioInside:
                radio.left >= outer.left + 1 && radio.right <= outer.right - 1 && radio.top >= outer.top && radio.bottom <= outer.bottom,
              textFits: label.scrollWidth <= label.clientWidth,
            };
          }),
        );
        expect(boxes).toEqual(['Automatic', 'Light', 'Dark'].map((text) => ({ text, radioInside: true, textFits: true })));
        await appearance.scrollIntoViewIfNeeded();
        await screenshotViewport(page, `issue52-appearance-${device}`);
      } finally {
        await context.close();
      }
    },
  );

  it.each([
    ['light', 'dark'],
    ['dark', 'light'],
  ] as const)(
    "when the player chose %s on a %s device, then a reload paints it from the first frame, before any of the app's code",
    async (choice, system) => {
      const { context, page } = await newPlayer(app.browser, app.server.url, PHONE, `thfp${choice[0]}`);
      try {
        await page.emulateMedia({ colorScheme: system });
        await page.goto('/my-activity');
        await page
          .getByRole('radiogroup', { name: 'Appearance' })
          .getByText(choice === 'light' ? 'Light' : 'Dark', { exact: true })
          .click();
        const chosen = choice === 'light' ? LIGHT_BG : DARK_BG;
        expect(await background(page)).toBe(chosen);
        // The first frame's colour, sampled before it is drawn; and no app code at all (every script file refused), so
        // only index.html itself can have applied the choice.
        await page.addInitScript(() =>
          requestAnimationFrame(() => {
            (window as unknown as { firstFrame: string }).firstFrame = getComputedStyle(document.documentElement).backgroundColor;
          }),
        );
        // Straight from the server: a service worker would answer the scripts from its cache, past the route below.
        await page.evaluate(async () => {
          for (const registration of await navigator.serviceWorker.getRegistrations()) await registration.unregister();
        });
        await context.route(/\.js(\?|$)/, (route) => route.abort());
        for (const where of ['/my-activity', '/']) {
          await page.goto(where);
          await page.waitForFunction(() => 'firstFrame' in window);
          expect([where, await page.evaluate(() => (window as unknown as { firstFrame: string }).firstFrame)]).toEqual([where, chosen]);
          expect(await background(page)).toBe(chosen);
          expect(await page.locator('html').getAttribute('data-theme')).toBe(choice);
        }
      } finally {
        await context.close();
      }
    },
  );
});
