// Admin Control's buy side at 1024×768 (tablet) and 390×844 (phone), saved to tests/e2e/screenshots/ and looked at:
// pending, approved, rejected and completed purchase requests and their dialogs, and Super Admin Settings.
import type { Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import { YEAR } from '../support/dates';
import { describeAtBothSizes } from './admin-screens-kit';

describeAtBothSizes('the buy side of Admin Control at 1024×768 and 390×844', (kit) => {
  const { shot, back, axe, closeTop, openMenu } = kit;
  let page: Page;
  beforeAll(() => {
    page = kit.page;
  });

  it('pending purchase requests, their totals and lists', async () => {
    await openMenu();
    await page.getByRole('button', { name: /Pending Purchase Requests/ }).click();
    await page.getByRole('list', { name: 'Pending purchase requests' }).waitFor();
    expect(await page.getByRole('list', { name: 'Pending purchase requests' }).getByRole('listitem').count()).toBe(3);
    await shot('pending');
    await page.getByRole('button', { name: 'Total Items Requested' }).click();
    await page.getByRole('region', { name: 'Total Items Requested' }).waitFor();
    await shot('pending-total-items');
    await axe('total items');
    await page.getByRole('button', { name: 'All Item Requests', exact: true }).click();
    await shot('all-item-requests');
    await closeTop('All Item Requests');
    await page.getByRole('button', { name: 'All Approved Item Requests' }).click();
    await shot('all-approved-item-requests');
    await closeTop('All Approved Item Requests');
    await back();
  });

  it('a pending request: Confirm Approval and Reject', async () => {
    await openMenu();
    await page.getByRole('button', { name: /Pending Purchase Requests/ }).click();
    await page.getByRole('list', { name: 'Pending purchase requests' }).waitFor();
    // The specification's words as shown, not only as named (a capitalising style showed "Most Recent", issue 52.5).
    expect(await page.getByRole('group', { name: 'Sort' }).innerText()).toMatch(/^Most recent\s+Oldest\s+Price\s+Total Items Requested$/);
    await page.getByRole('button', { name: 'Most recent' }).click();
    await page.getByRole('button', { name: 'Approve' }).click();
    await page.getByRole('dialog', { name: 'Confirm Approval' }).getByLabel('Month').fill('12');
    await shot('confirm-approval');
    await axe('confirm approval');
    await closeTop('Confirm Approval');
    await page.getByRole('button', { name: 'Reject' }).click();
    await shot('reject-pending');
    await closeTop('Reject Pending Request', 'alertdialog');
    await back();
  });

  it('approved requests and their filters', async () => {
    await openMenu();
    await page.getByRole('button', { name: /Approved Requests/ }).click();
    await page.getByRole('list', { name: 'Approved requests' }).waitFor();
    await shot('approved');
    await page.getByRole('switch', { name: 'Scheduled only' }).click();
    await page.getByRole('button', { name: 'Next Up' }).waitFor();
    const first = await page.getByRole('list', { name: 'Approved requests' }).getByRole('button').first().textContent();
    expect(first).toContain(`11/30/${YEAR} at 9:00 AM`);
    await shot('approved-next-up');
    await axe('approved');
    await page.getByRole('switch', { name: 'Immediate drops only' }).click();
    expect(await page.getByRole('switch', { name: 'Scheduled only' }).getAttribute('aria-checked')).toBe('false');
    await shot('approved-immediate');
    await page.getByRole('switch', { name: 'Immediate drops only' }).click();
    await page.getByRole('button', { name: 'Total Items Approved' }).click();
    await shot('approved-total-items');
    await back();
  });

  it('an approved request: its schedule, Complete, Reject and its items', async () => {
    await openMenu();
    await page.getByRole('button', { name: /Approved Requests/ }).click();
    await page.getByRole('list', { name: 'Approved requests' }).waitFor();
    await page.getByRole('button', { name: 'Most recent' }).click();
    await page.getByRole('button', { name: 'Schedule', exact: true }).click();
    expect(await page.getByRole('dialog', { name: 'Scheduled Drop Information' }).getByRole('region', { name: 'Drop' }).textContent()).toBe(
      `Drop11/30/${YEAR} at 9:00 AMThis only shows the schedule. To change the time, use Reschedule.`,
    );
    await shot('scheduled-drop-information');
    await closeTop('Scheduled Drop Information');
    await page.getByRole('button', { name: 'Completed' }).click();
    await shot('complete-drop');
    await closeTop('Complete Drop', 'alertdialog');
    await page.getByRole('button', { name: /^Reject request/ }).click();
    await shot('reject-approved');
    await closeTop('Reject Approved Request', 'alertdialog');
    await page.getByRole('button', { name: 'View Items' }).click();
    await shot('item-list');
    await page
      .getByRole('dialog', { name: /Item List/ })
      .getByRole('button', { name: 'Close' })
      .click();
    await back();
  });

  it('rejected requests', async () => {
    await openMenu();
    await page.getByRole('button', { name: /Step 3.*Rejected/ }).click();
    await page.getByRole('list', { name: 'Rejected requests' }).waitFor();
    await shot('rejected');
    await page.getByRole('list', { name: 'Rejected requests' }).getByRole('button').first().click();
    // The dialog's body is drawn a frame after its title (src/components/after-first-paint.tsx).
    await page.getByRole('dialog', { name: 'Rejected Order Details' }).getByText('Requester').waitFor();
    await shot('rejected-order-details');
    await closeTop('Rejected Order Details');
  });

  it('completed requests, and rejected and completed together', async () => {
    await openMenu();
    await page.getByRole('button', { name: /Step 3.*Rejected/ }).click();
    await page.getByRole('list', { name: 'Rejected requests' }).waitFor();
    await page.getByRole('button', { name: 'Completed', exact: true }).click();
    await page.getByRole('list', { name: 'Completed requests' }).waitFor();
    await shot('completed');
    await page.getByRole('list', { name: 'Completed requests' }).getByRole('button').first().click();
    await page.getByRole('dialog', { name: 'Confirmed Order Details' }).getByText('Requester').waitFor();
    await shot('confirmed-order-details');
    await closeTop('Confirmed Order Details');
    await page.getByRole('button', { name: 'Rejected & Completed' }).click();
    await shot('rejected-and-completed');
    await axe('rejected and completed');
    await page.getByRole('button', { name: 'Close' }).click();
  });

  it('super admin settings', async () => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Super Admin Settings' }).click();
    await page.getByRole('listitem', { name: 'maya_runs' }).waitFor();
    await page.getByText('Total Users').waitFor();
    await shot('super-admin-settings');
    await axe('super admin settings');
    await page.getByRole('button', { name: 'Delete theo.k' }).click();
    await shot('delete-user');
    await axe('delete user');
    await page.getByRole('alertdialog', { name: 'Delete User' }).getByRole('button', { name: 'Cancel' }).click();
  });
});
