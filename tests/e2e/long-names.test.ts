import Database from 'better-sqlite3';
import path from 'node:path';
import sharp from 'sharp';
import type { APIRequestContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useAppUnderTest } from '../support/app-under-test';
import { PHONE, TABLET } from '../support/browser';
import { sidewaysOverflow } from '../support/overflow';
import { newPlayer, screenshotViewport } from '../support/player';
import { SUPER_ADMIN } from '../support/server';
import { openRequestCard } from './request-cards';
import { YEAR } from '../support/dates';

// No text may widen the page: one-word names at the 60-character limit (sent through the API) and 300-character
// names stored before the limit existed (written into the database) must wrap or truncate on every screen.

const app = useAppUnderTest();
const WORD = 'LimitedEditionGoldenDragonKeyChainSkin2025';
const AT_LIMIT = `${WORD}${'Z'.repeat(60 - WORD.length)}`;
const LEGACY = WORD.repeat(8).slice(0, 300);
let key = 0;
const idem = () => ({ 'Idempotency-Key': `long-names-${Date.now()}-${(key += 1)}` });

async function ok(response: Awaited<ReturnType<APIRequestContext['post']>>) {
  expect(response.ok(), `${response.url()} ${response.status()} ${await response.text()}`).toBe(true);
  return response.json().catch(() => null);
}

async function jpeg(): Promise<Buffer> {
  return sharp({ create: { width: 800, height: 600, channels: 3, background: { r: 180, g: 120, b: 60 } } })
    .jpeg()
    .toBuffer();
}

let player: Awaited<ReturnType<typeof newPlayer>>;

beforeAll(async () => {
  player = await newPlayer(app.browser, app.server.url, PHONE, 'longname');
  const api = player.context.request;
  const admin = await app.browser.newContext({ baseURL: app.server.url });
  await ok(await admin.request.post('/api/marketplace/login', { data: SUPER_ADMIN }));
  await ok(await admin.request.put(`/api/marketplace/contact/${SUPER_ADMIN.username}`, { data: { contactEmail: 'admin@example.com' } }));
  const photo = `data:image/jpeg;base64,${(await jpeg()).toString('base64')}`;
  const submit = async (ps5Name: string) => {
    const submission = (await ok(
      await api.post('/api/item-submissions', {
        data: { ps5Name, robloxName: 'other', paymentMethod: 'usd', quantity: 2, imageUrl: photo, hasMultipleQuantity: false },
        headers: idem(),
      }),
    )) as { id: number };
    await ok(
      await api.post('/api/user-sell-requests', {
        data: {
          itemName: ps5Name,
          category: 'other',
          paymentMethod: 'usd',
          quantity: 2,
          hasMultipleQuantity: false,
          submissionId: submission.id,
        },
        headers: idem(),
      }),
    );
    return submission.id;
  };
  const pickup = async (submissionId: number) =>
    (
      (await ok(
        await admin.request.post('/api/scheduled-pickups', {
          data: { submissionId, scheduledDate: `12/2/${YEAR}`, scheduledTime: '4:15 PM', isImmediate: false, agreedPrice: 12.5 },
          headers: idem(),
        }),
      )) as { id: number }
    ).id;
  // Pending (User Item Submissions), scheduled, paid and denied, each with a name at the limit and a legacy one.
  const legacy: number[] = [];
  for (const name of [AT_LIMIT, `${WORD.slice(0, 50)}Legacy`]) {
    const pending = await submit(name);
    const scheduled = await submit(name);
    await pickup(scheduled);
    const paid = await submit(name);
    const paidPickup = await pickup(paid);
    await ok(await admin.request.patch(`/api/scheduled-pickups/${paidPickup}/complete`));
    await ok(await admin.request.patch(`/api/scheduled-pickups/${paidPickup}/paid`));
    const denied = await submit(name);
    await ok(
      await admin.request.patch(`/api/item-submissions/${denied}/status`, {
        data: { status: 'rejected', rejectionReason: `${WORD}${WORD}` },
      }),
    );
    if (name !== AT_LIMIT) legacy.push(pending, scheduled, paid, denied);
  }
  await admin.close();
  const db = new Database(path.join(app.server.dataDir, 'blockspin.sqlite'));
  try {
    const marks = legacy.map(() => '?').join(',');
    db.prepare(`UPDATE item_submissions SET ps5_name = ? WHERE id IN (${marks})`).run(LEGACY, ...legacy);
    db.prepare(`UPDATE user_sell_requests SET item_name = ? WHERE submission_id IN (${marks})`).run(LEGACY, ...legacy);
  } finally {
    db.close();
  }
});

afterAll(async () => {
  await player?.context.close();
});

// The sell filter chips are laid out by another change (they overflow their pills today, whatever the names).
const FILTER_CHIPS = '[aria-label="Filter sell requests"]';

async function expectNoOverflow(page: Page, where: string) {
  expect(await sidewaysOverflow(page, { ignore: FILTER_CHIPS }), where).toEqual([]);
}

describe.each([
  ['phone', PHONE],
  ['tablet', TABLET],
] as const)('long item names at %s size', (label, viewport) => {
  it('when a player sells and reads their requests, then no name widens the page', async () => {
    const page = player.page;
    await page.setViewportSize(viewport);
    const shot = (name: string) => screenshotViewport(page, `long-names-${label}-${name}`);
    await page.goto('/sell');
    await page.getByTestId('gallery-input').setInputFiles({ name: 'item.jpg', mimeType: 'image/jpeg', buffer: await jpeg() });
    await page.getByRole('heading', { name: 'Submit My Item' }).waitFor();
    await page.getByRole('group', { name: 'Category' }).getByRole('button', { name: 'Other' }).click();
    await page.getByLabel('Item name').fill(LEGACY);
    await page.getByText('The item name must be at most 60 characters').waitFor();
    await expectNoOverflow(page, 'sell, 300 characters typed');
    await shot('01-sell-too-long');
    await page.getByLabel('Item name').fill(AT_LIMIT);
    await page.getByText('60/60').waitFor();
    await expectNoOverflow(page, 'sell, 60 characters typed');
    expect(await page.getByRole('button', { name: 'Submit', exact: true }).isVisible()).toBe(true);
    await shot('02-sell-at-limit');

    await page.goto('/my-activity?tab=sell');
    await page.getByRole('heading', { name: 'Your Item Submissions' }).waitFor();
    await page.getByText(AT_LIMIT).first().waitFor();
    await expectNoOverflow(page, 'my sell requests');
    await shot('03-my-sell-requests');
    // The pending legacy card's cancel question names the item.
    const pending = await openRequestCard(page, 'sell-request', { status: 'pending', hasText: LEGACY });
    await pending.getByRole('button', { name: 'Cancel request' }).click();
    const question = page.getByRole('alertdialog', { name: 'Cancel this request?' });
    await question.waitFor();
    await expectNoOverflow(page, 'cancel question');
    await shot('04-cancel-question');
    await question.getByRole('button', { name: 'Keep it' }).click();
  });

  it('when an admin works through the submissions, then no name widens a screen or a dialog', async () => {
    const context = await app.browser.newContext({ baseURL: app.server.url, viewport, serviceWorkers: 'block' });
    const page = await context.newPage();
    const shot = (name: string) => screenshotViewport(page, `long-names-${label}-${name}`);
    try {
      await page.goto('/login');
      await page.getByLabel('Username').fill(SUPER_ADMIN.username);
      await page.getByLabel('Password', { exact: true }).fill(SUPER_ADMIN.password);
      await page.getByRole('button', { name: 'Login' }).click();
      await page.waitForURL((url) => url.pathname === '/');
      await page.getByRole('button', { name: 'Admin', exact: true }).click();
      await page.getByRole('heading', { name: 'Admin Control' }).waitFor();
      const back = () => page.getByRole('button', { name: 'Back to Admin Control' }).click();

      await page.getByRole('button', { name: /User Item Submissions/ }).click();
      await page.getByRole('listitem', { name: AT_LIMIT }).waitFor();
      await expectNoOverflow(page, 'user item submissions');
      await shot('10-admin-submissions');
      const legacyCard = page.getByRole('listitem', { name: LEGACY });
      await legacyCard.getByRole('button', { name: 'Contact' }).click();
      await expectNoOverflow(page, 'contact dialog');
      await shot('11-admin-contact');
      await page.getByRole('dialog', { name: 'Submission Details & Contact' }).getByRole('button', { name: 'Close' }).click();
      await legacyCard.getByRole('button', { name: 'Schedule' }).click();
      await expectNoOverflow(page, 'schedule dialog');
      await shot('12-admin-schedule');
      await page.getByRole('dialog', { name: 'Schedule Item Collection' }).getByRole('button', { name: 'Close' }).click();
      await legacyCard.getByRole('button', { name: 'Deny' }).click();
      await expectNoOverflow(page, 'deny dialog');
      await shot('13-admin-deny');
      await page.getByRole('alertdialog', { name: 'Confirm Denial' }).getByRole('button', { name: 'No' }).click();
      await back();

      await page.getByRole('button', { name: 'Scheduled pickups' }).click();
      await page.getByRole('listitem', { name: AT_LIMIT }).waitFor();
      await expectNoOverflow(page, 'scheduled pickups');
      await shot('14-admin-pickups');
      await back();

      await page.getByRole('button', { name: 'Denied' }).click();
      await page
        .getByRole('button', { name: new RegExp(AT_LIMIT) })
        .first()
        .waitFor();
      await expectNoOverflow(page, 'denied and paid');
      await shot('15-admin-denied-paid');
      await page
        .getByRole('button', { name: new RegExp(LEGACY) })
        .first()
        .click();
      await expectNoOverflow(page, 'denied or paid entry');
      await shot('16-admin-entry');
    } finally {
      await context.close();
    }
  });
});
