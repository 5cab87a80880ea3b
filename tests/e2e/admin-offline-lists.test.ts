// Drop day, the lists: an admin who signed in online once opens every Admin Control list at a drop with no signal,
// each from its saved copy — from the menu, and from its own address on a reload (issue 48.4). Driven through the real
// screens of the production build against the real server (the fixture: admin-offline-kit.ts; the actions made
// offline: admin-offline-actions.test.ts).
import { describe, expect, it } from 'vitest';
import { screenshot } from '../support/browser';
import {
  adminControl,
  goOffline,
  offlineNote,
  openView,
  page,
  playerName,
  records,
  signInOnline,
  useDropDay,
  worker,
} from './admin-offline-kit';
import { probeNetwork } from './pwa-helpers';

useDropDay();

describe('an admin tablet at a drop with no signal: the lists', () => {
  it('when the admin signs in online once, then the admin code and every admin list are saved on the tablet', async () => {
    await signInOnline();
  });

  it('when the network is cut and the app reloads, then Admin Control opens with the saved pending requests', async () => {
    await goOffline();
    await page.reload();
    await expect.poll(() => page.getByTestId('offline-indicator').textContent()).toContain('Offline');
    await page.getByRole('button', { name: 'Admin', exact: true }).click();
    await page.getByRole('heading', { name: 'Admin Control' }).waitFor();
    // The offline pill stays visible above the open dialog.
    expect(await page.getByTestId('offline-indicator').isVisible()).toBe(true);

    await openView(/Pending Purchase Requests/);
    await adminControl()
      .getByRole('button', { name: new RegExp(`#${records.racedRequest} · ${playerName}`) })
      .waitFor();
    await adminControl()
      .getByRole('button', { name: new RegExp(`#${records.pendingRequest} · ${playerName}`) })
      .click();
    await adminControl()
      .getByRole('region', { name: `Request #${records.pendingRequest}` })
      .waitFor();
    expect(await offlineNote().textContent()).toMatch(/^Offline data — last updated /);
    await screenshot(page, 'admin-offline-pending-1024');
  });

  it('when the approved, pickup and collected lists are opened offline, then each shows its saved records', async () => {
    await openView(/Approved Requests/);
    await adminControl()
      .getByRole('region', { name: `Request #${records.approvedRequest}` })
      .waitFor();
    await offlineNote().waitFor();

    await openView('Scheduled pickups');
    await adminControl().getByRole('listitem', { name: 'AK-47' }).waitFor();
    await adminControl().getByRole('listitem', { name: 'Glock' }).waitFor();
    await offlineNote().waitFor();
    expect(await adminControl().getByText('No pending pickups').count()).toBe(0);

    await openView('Collected');
    await adminControl().getByRole('listitem', { name: 'RPG' }).waitFor();
    await offlineNote().waitFor();
    expect(await adminControl().getByText('No collected items').count()).toBe(0);
  });

  it('when the submissions, denied and completed lists and Super Admin Settings are opened offline, then each shows its saved copy', async () => {
    await openView(/User Item Submissions/);
    await offlineNote().waitFor();
    await openView('Denied');
    await offlineNote().waitFor();
    await openView(/Step 3.*Completed/);
    await offlineNote().waitFor();
    await page.getByRole('button', { name: 'Back to Admin Control' }).click();
    await adminControl().getByRole('button', { name: 'Close' }).first().click();

    await page.getByRole('button', { name: 'Super Admin Settings' }).click();
    const settings = page.getByRole('dialog', { name: 'Super Admin Settings' });
    await settings.getByRole('listitem', { name: playerName }).waitFor();
    await settings.getByTestId('offline-data-note').first().waitFor();
    await screenshot(page, 'admin-offline-settings-1024');
    await settings.getByRole('button', { name: 'Close' }).first().click();
    expect(await probeNetwork(page, worker)).toEqual({ page: 'failed', worker: 'failed' });
  });

  it("when the app reloads offline on a list's address, then that list shows again from its saved copy", async () => {
    await page.getByRole('button', { name: 'Admin', exact: true }).click();
    await openView('Collected');
    await page.waitForURL((url) => url.pathname === '/admin/collected');
    await page.reload();
    await page.getByRole('dialog', { name: 'Collected' }).getByRole('listitem', { name: 'RPG' }).waitFor();
    await offlineNote().waitFor();
    // Back: the menu, from the cache too.
    await page.goBack();
    await page.getByRole('heading', { name: 'Admin Control' }).waitFor();
    expect(await probeNetwork(page, worker)).toEqual({ page: 'failed', worker: 'failed' });
  });
});
