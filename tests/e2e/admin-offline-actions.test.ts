// Drop day, the actions: made offline on an admin's tablet, they wait in the outbox and reach the server exactly once
// when the signal returns, and a second admin's work is told apart from a refusal (the fixture: admin-offline-kit.ts;
// the lists: admin-offline-lists.test.ts).
import { describe, expect, it } from 'vitest';
import { PHONE, screenshot } from '../support/browser';
import { YEAR } from '../support/dates';
import { patient } from '../support/patience';
import { SUPER_ADMIN } from '../support/server';
import {
  adminControl,
  browser,
  dave,
  gate,
  goOffline,
  goOnline,
  history,
  jpeg,
  ok,
  openView,
  outboxItems,
  page,
  playerName,
  records,
  server,
  signInOnline,
  useDropDay,
  worker,
} from './admin-offline-kit';
import { probeNetwork, readOutbox } from './pwa-helpers';
import { requestRows } from './request-cards';

useDropDay();

/** How many requests had reached the server before the offline actions were made. */
let sentBefore = 0;

describe('an admin tablet at a drop with no signal: the actions', () => {
  it('when the admin has signed in online once and the signal is cut, then the app reloads offline', async () => {
    await signInOnline();
    await goOffline();
    await page.reload();
    await expect.poll(() => page.getByTestId('offline-indicator').textContent()).toContain('Offline');
  });

  it('when two pickups are collected offline (one with a handover photo), then each waits on its card', async () => {
    sentBefore = gate.log.length;
    await page.getByRole('button', { name: 'Admin', exact: true }).click();
    await openView('Scheduled pickups');
    const collect = adminControl().getByRole('listitem', { name: 'AK-47' });
    await collect.getByRole('button', { name: 'Mark Collected' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Confirm Collection' });
    await confirm.getByTestId('proof-photo-library').setInputFiles({ name: 'handover.jpg', mimeType: 'image/jpeg', buffer: jpeg });
    await confirm.getByRole('img', { name: 'Handover photo' }).waitFor();
    await screenshot(page, 'admin-offline-collect-proof-1024');
    await confirm.getByRole('button', { name: 'Yes' }).click();
    expect(await collect.getByTestId('pending-action').textContent()).toContain('Waiting to send — collected');
    expect(await collect.getByRole('button', { name: 'Mark Collected' }).count()).toBe(0);

    // The same pickup as the one a second admin collects meanwhile, from a device with signal.
    const raced = adminControl().getByRole('listitem', { name: 'Glock' });
    await raced.getByRole('button', { name: 'Mark Collected' }).click();
    await page.getByRole('alertdialog', { name: 'Confirm Collection' }).getByRole('button', { name: 'Yes' }).click();
    await raced.getByTestId('pending-action').waitFor();
  });

  it('when a collected pickup is paid, a drop completed and a request approved offline, then each waits on its card', async () => {
    await openView('Collected');
    const pay = adminControl().getByRole('listitem', { name: 'RPG' });
    await pay.getByRole('button', { name: 'Paid' }).click();
    await page.getByRole('alertdialog', { name: 'Payment Confirmation' }).getByRole('button', { name: 'Yes' }).click();
    expect(await pay.getByTestId('pending-action').textContent()).toContain('Waiting to send — paid');

    await openView(/Approved Requests/);
    const drop = adminControl().getByRole('region', { name: `Request #${records.approvedRequest}` });
    await drop.getByRole('button', { name: 'Completed' }).click();
    await page.getByRole('alertdialog', { name: 'Complete Drop' }).getByRole('button', { name: 'Yes' }).click();
    await drop.getByTestId('pending-action').waitFor();

    // Approving a request that the second admin rejects meanwhile.
    await openView(/Pending Purchase Requests/);
    await adminControl()
      .getByRole('button', { name: new RegExp(`#${records.racedRequest} · ${playerName}`) })
      .click();
    const racedRequest = adminControl().getByRole('region', { name: `Request #${records.racedRequest}` });
    await racedRequest.getByRole('button', { name: 'Approve' }).click();
    const approval = page.getByRole('dialog', { name: 'Confirm Approval' });
    await approval.getByLabel('Month').fill('3');
    await approval.getByLabel('Day').fill('14');
    await approval.getByLabel('Year').fill(String(YEAR));
    await approval.getByLabel('Hour').fill('4');
    await approval.getByLabel('Minute').fill('30');
    await approval.getByRole('button', { name: 'PM' }).click();
    await approval.getByRole('button', { name: 'Confirm' }).click();
    await racedRequest.getByTestId('pending-action').waitFor();
  });

  it('when the outbox is opened offline, then the five actions wait there and nothing left the tablet', async () => {
    await page.getByRole('button', { name: 'Back to Admin Control' }).click();
    await adminControl()
      .getByRole('button', { name: /Waiting to send/ })
      .click();
    await expect.poll(() => outboxItems().count()).toBe(5);
    expect(await adminControl().getByRole('img', { name: 'Handover photo waiting to be sent' }).count()).toBe(1);
    await screenshot(page, 'admin-offline-outbox-1024');
    const kept = await readOutbox(page);
    expect(kept.map((item) => [item.kind, item.state])).toEqual(Array(5).fill(['admin', 'queued']));
    expect(kept.filter((item) => item.photoSize).length).toBe(1);
    // Nothing left the tablet.
    expect(await probeNetwork(page, worker)).toEqual({ page: 'failed', worker: 'failed' });
    expect(gate.log.slice(sentBefore)).toEqual([]);
  });

  it("when the signal returns, then each action reaches the server exactly once and a second admin's work is told apart from a refusal", async () => {
    // Meanwhile, the second admin collects the Glock and rejects the raced request.
    await ok(dave.patch(`/api/scheduled-pickups/${records.racedPickup}/complete`, { data: {} }));
    await ok(dave.patch(`/api/purchase-requests/${records.racedRequest}/status`, { data: { status: 'rejected' } }));

    await goOnline();
    await expect
      .poll(async () => (await readOutbox(page)).map((item) => item.state).sort(), { timeout: patient(30_000) })
      .toEqual(['done', 'failed']);
    const done = outboxItems().filter({ hasText: 'Already done' });
    expect(await done.textContent()).toMatch(/Already collected by dave at /);
    const failed = outboxItems().filter({ hasText: 'Not sent' });
    // The queued approval carried the status it was made from (expectedStatus, issue 28): the server names who moved it first.
    expect(await failed.getByRole('alert').textContent()).toMatch(/^Already rejected by dave at \d{1,2}:\d{2} [AP]M\.$/);
    await screenshot(page, 'admin-offline-outbox-after-1024');

    // Exactly one transition each, in the order the tablet made them, the proof on the collection.
    const collected = await history('pickup', records.toCollect);
    // A pickup's timeline starts with its submission's steps (sent, scheduled).
    expect(collected.map((step) => step.to)).toEqual(['pending', 'scheduled', 'scheduled', 'collected']);
    expect(collected.at(-1)).toMatchObject({ actorName: SUPER_ADMIN.username });
    expect(collected.at(-1)?.photoUrl).toMatch(/^\/api\/images\//);
    expect((await history('pickup', records.toPay)).map((step) => step.to)).toEqual([
      'pending',
      'scheduled',
      'scheduled',
      'collected',
      'paid',
    ]);
    expect((await history('purchase-request', records.approvedRequest)).map((step) => step.to)).toEqual([
      'pending',
      'approved',
      'completed',
    ]);
    expect((await history('pickup', records.racedPickup)).map((step) => [step.to, step.actorName]).slice(-2)).toEqual([
      ['scheduled', SUPER_ADMIN.username],
      ['collected', 'dave'],
    ]);
    expect((await history('purchase-request', records.racedRequest)).map((step) => step.to)).toEqual(['pending', 'rejected']);
    const sends = gate.log.filter((line) => /^(PATCH|PUT) /.test(line));
    expect(sends.filter((line) => line.includes(`/scheduled-pickups/${records.toCollect}/complete`))).toHaveLength(1);
    expect(sends.filter((line) => line.includes(`/scheduled-pickups/${records.toPay}/paid`))).toHaveLength(1);
    expect(sends.filter((line) => line.includes(`/purchase-requests/${records.approvedRequest}/complete`))).toHaveLength(1);
  });

  it('when the player opens their requests, then each record stands where the tablet and the second admin left it', async () => {
    // The player sees where each record now stands, with the handover photo in the history.
    const phone = await browser.newContext({ baseURL: server.url, viewport: PHONE, serviceWorkers: 'block' });
    const login = await phone.request.post('/api/marketplace/login', { data: { username: playerName, password: 'player-password-1' } });
    const user = await login.json();
    const playerPage = await phone.newPage();
    await playerPage.goto('/');
    await playerPage.evaluate((u) => {
      localStorage.setItem('currentUser', u.username);
      localStorage.setItem('userData', JSON.stringify(u));
    }, user);
    await playerPage.goto('/my-activity');
    await playerPage.getByRole('tab', { name: /My Sell Requests/ }).click();
    // The lists' compact rows carry each request's status (issue 30 item 15).
    await requestRows(playerPage, 'sell-request', { status: 'paid' }).waitFor();
    const collectedCard = requestRows(playerPage, 'sell-request', { status: 'payment pending...' });
    await expect.poll(() => collectedCard.count()).toBe(2);
    await playerPage.getByRole('tab', { name: /My Buy Requests/ }).click();
    await requestRows(playerPage, 'purchase-request', { status: 'completed' }).waitFor();
    await requestRows(playerPage, 'purchase-request', { status: 'rejected' }).waitFor();
    await phone.close();
  });
});
