import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useAppUnderTest } from '../support/app-under-test';
import { PHONE, screenshot, TABLET } from '../support/browser';
import { SUPER_ADMIN } from '../support/server';
import { ok } from '../support/ok';
import { YEAR } from '../support/dates';

// The filter chips of My Activity on a phone and a tablet: every chip shows its whole label and count inside its pill,
// on one line, and the row never makes the page wider than the screen.

const app = useAppUnderTest();
let serial = 0;
const idem = () => ({ 'Idempotency-Key': `chips-e2e-${Date.now()}-${++serial}` });

interface ChipBox {
  text: string;
  scrollWidth: number;
  clientWidth: number;
  scrollHeight: number;
  clientHeight: number;
  lines: number;
}

/** Each chip of a filter group: its content against its box, and how many lines its label takes. */
function measureChips(page: Page, group: string): Promise<ChipBox[]> {
  return page.getByRole('group', { name: group }).evaluate((row) =>
    [...row.querySelectorAll('button')].map((chip) => {
      // A text that wraps has line boxes at more than one height.
      const walker = document.createTreeWalker(chip, NodeFilter.SHOW_TEXT);
      let lines = 0;
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const range = document.createRange();
        range.selectNodeContents(node);
        lines = Math.max(lines, new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size);
      }
      return {
        text: chip.textContent ?? '',
        scrollWidth: chip.scrollWidth,
        clientWidth: chip.clientWidth,
        scrollHeight: chip.scrollHeight,
        clientHeight: chip.clientHeight,
        lines,
      };
    }),
  );
}

const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

describe.each([
  ['phone', PHONE],
  ['tablet', TABLET],
] as const)('filter chips at %s size', (label, viewport) => {
  it('when My Activity lists requests with counts, then every chip fits in its pill on one line and the page keeps the screen width', async () => {
    const context = await app.browser.newContext({ viewport, baseURL: app.server.url, serviceWorkers: 'block' });
    const admin = (await app.browser.newContext({ baseURL: app.server.url })).request;
    try {
      await ok(await admin.post('/api/marketplace/login', { data: SUPER_ADMIN }));
      const api = context.request;
      const username = `chips_${label}_${++serial}`;
      const user = await ok<Record<string, unknown>>(
        await api.post('/api/marketplace/signup', { data: { username, password: 'secret12' } }),
      );
      const saved = await ok<Record<string, unknown>>(
        await api.put(`/api/marketplace/contact/${username}`, { data: { contactEmail: `${username}@example.com` } }),
      );

      // Counts in two digits are the widest a chip gets in practice: twelve pending sells, eleven completed purchases.
      for (let i = 0; i < 12; i++) {
        const submission = await ok<{ id: number }>(
          await api.post('/api/item-submissions', {
            data: {
              ps5Name: 'AK-47',
              robloxName: 'weapons',
              imageUrl: null,
              hasMultipleQuantity: false,
              quantity: 1,
              paymentMethod: 'usd',
              submittedBy: username,
            },
            headers: idem(),
          }),
        );
        await ok(
          await api.post('/api/user-sell-requests', {
            data: {
              username,
              itemName: 'AK-47',
              category: 'weapons',
              imageUrl: null,
              hasMultipleQuantity: false,
              quantity: 1,
              paymentMethod: 'usd',
              status: 'pending',
              submissionId: submission.id,
            },
            headers: idem(),
          }),
        );
      }
      for (let i = 0; i < 11; i++) {
        const { id } = await ok<{ id: number }>(
          await api.post('/api/purchase-requests', {
            data: {
              requesterName: username,
              items: [{ name: 'Glock', category: 'Weapons', quantity: 1 }],
              totalPrice: 2,
              requestedAt: new Date().toISOString(),
            },
            headers: idem(),
          }),
        );
        await ok(
          await admin.patch(`/api/purchase-requests/${id}/status`, {
            data: { status: 'approved', scheduledDate: `11/30/${YEAR}`, scheduledTime: '9:00 AM', isImmediateSchedule: false },
          }),
        );
        await ok(await admin.put(`/api/purchase-requests/${id}/complete`, { data: {} }));
      }

      await context.addInitScript(
        ([name, data]) => {
          localStorage.setItem('currentUser', name);
          localStorage.setItem('userData', data);
        },
        [username, JSON.stringify({ ...user, ...saved })] as const,
      );
      const page = await context.newPage();

      await page.goto('/my-activity');
      await page.getByRole('tab', { name: /My Sell Requests/ }).click();
      const sellGroup = 'Filter sell requests';
      await page
        .getByRole('group', { name: sellGroup })
        .getByRole('button', { name: /Pending\s*12/ })
        .first()
        .waitFor();
      await screenshot(page, `chips-${label}-sell`);
      const sellChips = await measureChips(page, sellGroup);
      expect(sellChips.map((chip) => chip.text)).toEqual([
        'All12',
        'Pending12',
        'Scheduled0',
        'Payment Pending0',
        'Paid0',
        'Rejected0',
        'Cancelled0',
      ]);
      for (const chip of sellChips) {
        expect(chip.scrollWidth, `${chip.text} overflows its pill`).toBeLessThanOrEqual(chip.clientWidth);
        expect(chip.scrollHeight, `${chip.text} overflows its pill`).toBeLessThanOrEqual(chip.clientHeight);
        expect(chip.lines, `${chip.text} wraps`).toBe(1);
      }
      expect(await pageWidth(page)).toBeLessThanOrEqual(viewport.width);

      // On a phone the row scrolls sideways and fades at the end that has more chips; from a tablet up it wraps.
      const sellRow = page.getByRole('group', { name: sellGroup });
      const hints = () =>
        sellRow.evaluate((row) => ({ start: row.hasAttribute('data-more-start'), end: row.hasAttribute('data-more-end') }));
      expect(await hints()).toEqual(label === 'phone' ? { start: false, end: true } : { start: false, end: false });

      // Every chip can be reached: the last one is pressed and then shows as pressed, inside the screen.
      const last = page.getByRole('group', { name: sellGroup }).getByRole('button', { name: /Cancelled/ });
      await last.click();
      expect(await last.getAttribute('aria-pressed')).toBe('true');
      const box = (await last.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
      if (label === 'phone') await expect.poll(hints).toEqual({ start: true, end: false });

      await page.getByRole('tab', { name: /My Buy Requests/ }).click();
      const buyGroup = 'Filter purchase requests';
      await page
        .getByRole('group', { name: buyGroup })
        .getByRole('button', { name: /completed\s*11/i })
        .waitFor();
      await screenshot(page, `chips-${label}-buy`);
      const buyChips = await measureChips(page, buyGroup);
      expect(buyChips.map((chip) => chip.text)).toEqual(['all11', 'pending0', 'approved0', 'completed11', 'rejected0', 'cancelled0']);
      for (const chip of buyChips) {
        expect(chip.scrollWidth, `${chip.text} overflows its pill`).toBeLessThanOrEqual(chip.clientWidth);
        expect(chip.scrollHeight, `${chip.text} overflows its pill`).toBeLessThanOrEqual(chip.clientHeight);
        expect(chip.lines, `${chip.text} wraps`).toBe(1);
      }
      expect(await pageWidth(page)).toBeLessThanOrEqual(viewport.width);
    } finally {
      await context.close();
      await admin.dispose();
    }
  });
});
