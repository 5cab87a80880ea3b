import { describe, expect, it } from 'vitest';
import { useAppUnderTest } from '../support/app-under-test';
import { PHONE } from '../support/browser';
import { axeProblems, newPlayer, screenshotViewport } from '../support/player';
import { SUPER_ADMIN } from '../support/server';
import { openRequestCard } from './request-cards';
import { YEAR } from '../support/dates';

// Issue 30 items 12 and 13: a receipt from the success dialog and from each card; an inbox with everything the app
// told the player (the push notifications' events), unread first, with notifications never switched on.

const app = useAppUnderTest();

describe('receipts and the inbox', () => {
  it('when a player buys, is approved and handed the items, then the receipt and the inbox tell it all', async () => {
    const { context, page } = await newPlayer(app.browser, app.server.url, PHONE, 'rcpt');
    const admin = await app.browser.newContext({ baseURL: app.server.url });
    try {
      await page.goto('/buy');
      await page.getByRole('button', { name: /^Hacking/ }).click();
      const item = page.getByRole('button', { name: /^Ultimate Hacking Package \(2 Hours\),/ });
      await item.click();
      await item.click();
      await page.getByRole('dialog', { name: 'How many would you like?' }).getByRole('spinbutton').fill('2');
      await page.keyboard.press('Enter');
      await page.getByRole('button', { name: 'Cart, 1 item' }).click();
      await page.getByRole('button', { name: 'Purchase $38.00' }).click();
      await page.getByRole('alertdialog', { name: 'Confirm Purchase Request' }).getByRole('button', { name: 'Send Request' }).click();

      // The success dialog names the request and opens its receipt.
      const sent = page.getByRole('dialog', { name: 'Purchase Request Sent!' });
      await sent.waitFor();
      const number = await sent.getByText(/^Request #\d+$/).textContent();
      const id = Number(number!.replace('Request #', ''));
      await sent.getByRole('button', { name: 'View receipt' }).click();
      const receiptDialog = page.getByRole('dialog', { name: `Receipt — Request #${id}` });
      await receiptDialog.waitFor();
      const receipt = receiptDialog.getByTestId('receipt');
      for (const text of ['Ultimate Hacking Package (2 Hours)', '2 × $19.00', '$38.00', 'Amount due', 'Drop: to be scheduled'])
        expect(await receipt.textContent()).toContain(text);
      expect(await receiptDialog.getByRole('button', { name: 'Print or save' }).isVisible()).toBe(true);
      expect(await axeProblems(page, 'receipt', 'dialog[open]:last-of-type')).toEqual([]);
      await screenshotViewport(page, 'issue30-receipt-sent');
      await page.keyboard.press('Escape');
      await receiptDialog.waitFor({ state: 'detached' });
      await sent.getByRole('button', { name: 'Got it!' }).click();

      // The admin approves and hands it over.
      expect((await admin.request.post('/api/marketplace/login', { data: SUPER_ADMIN })).ok()).toBe(true);
      const approve = { status: 'approved', isImmediateSchedule: false, scheduledDate: `12/1/${YEAR}`, scheduledTime: '2:00 PM' };
      expect((await admin.request.patch(`/api/purchase-requests/${id}/status`, { data: approve })).ok()).toBe(true);
      expect((await admin.request.put(`/api/purchase-requests/${id}/complete`, { data: {} })).ok()).toBe(true);

      // The card's receipt says who handed it over.
      await page.goto('/my-activity');
      await page.getByRole('tab', { name: /My Buy Requests/ }).click();
      const card = await openRequestCard(page, 'purchase-request', { status: 'completed' });
      await card.getByRole('button', { name: 'Receipt' }).click();
      const cardReceipt = page.getByTestId('receipt');
      await cardReceipt.getByText(`Handed over by ${SUPER_ADMIN.username}`).waitFor();
      expect(await cardReceipt.textContent()).toContain(`Drop: 12/1/${YEAR} at 2:00 PM`);
      await screenshotViewport(page, 'issue30-receipt-card');
      await page.keyboard.press('Escape');

      // The inbox: both events, unread first and marked New, though no device ever had notifications on.
      await page.getByRole('link', { name: /^Inbox 2 new Everything we told you/ }).click();
      await page.getByRole('heading', { name: 'Inbox' }).waitFor();
      const items = page.getByTestId('inbox-item');
      await expect.poll(() => items.count()).toBe(2);
      expect(await items.nth(0).textContent()).toMatch(/^Order completed/);
      expect(await items.nth(1).textContent()).toMatch(/approved/i);
      expect(await page.getByText('New', { exact: true }).count()).toBe(2);
      expect(await axeProblems(page, 'inbox')).toEqual([]);
      await screenshotViewport(page, 'issue30-inbox');

      // Opened once, they are read: the next visit shows them without New.
      await page.goto('/my-activity');
      await page.getByRole('link', { name: /^Inbox Everything we told you/ }).click();
      await expect.poll(() => items.count()).toBe(2);
      expect(await page.getByText('New', { exact: true }).count()).toBe(0);
      await items.nth(0).getByRole('button').click();
      await page.waitForURL(/\/my-activity/);
    } finally {
      await admin.close();
      await context.close();
    }
  });
});
