// The catalogue belongs to the shop (issue 49), in the production build against the real server: the super admin
// changes a price on a tablet and a player's open shop on a phone shows it without a reload; an admin at a drop with
// no signal marks an item sold out and it reaches the server once; the value card draws its chart. Screenshots of the
// grid, the item editor and the value card at both sizes.
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, PHONE, screenshot, TABLET } from '../support/browser';
import { newPlayer, storeSignedIn } from '../support/player';
import { patient } from '../support/patience';
import { startTestServer, SUPER_ADMIN, type TestServer } from '../support/server';
import { keepOfflineAcrossNavigations, startNetworkGate, type NetworkGate } from './offline-network';
import { probeNetwork, readOutbox, waitForServiceWorker } from './pwa-helpers';

let server: TestServer;
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  server = await startTestServer({ staticDir: path.resolve(process.env.E2E_DIST ?? 'dist') });
  browser = await launchBrowser();
});

afterAll(async () => {
  await Promise.all(contexts.map((context) => context.close().catch(() => undefined)));
  await browser?.close();
  await server?.close();
});

/** A browser signed in as the super admin (contact on file, so home is not the first-time form). */
async function superAdminPage(viewport: { width: number; height: number }, baseURL = server.url): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport, deviceScaleFactor: 1 });
  contexts.push(context);
  const login = await context.request.post('/api/marketplace/login', { data: SUPER_ADMIN });
  expect(login.status()).toBe(200);
  const contact = await context.request.put(`/api/marketplace/contact/${SUPER_ADMIN.username}`, {
    data: { contactEmail: 'admin@example.com' },
  });
  await storeSignedIn(context, await contact.json());
  return context.newPage();
}

const item = (page: Page, name: string) => page.getByRole('row', { name, exact: true });

describe('the catalogue screen and the shop', () => {
  it('when the super admin changes a price at 1024×768, then a player’s open shop at 390×844 shows it without a reload', async () => {
    const player = await newPlayer(browser, server.url, PHONE, 'catshop');
    contexts.push(player.context);
    const shop = player.page;
    await shop.goto('/buy');
    await shop.getByRole('button', { name: /^Equipment & Consumables/ }).click();
    await shop.getByRole('button', { name: 'First Aid Kit, show price' }).click();
    await shop.getByRole('button', { name: /^First Aid Kit, \$0\.69/ }).waitFor();
    const loads = await shop.evaluate(() => performance.getEntriesByType('navigation').length);

    const admin = await superAdminPage(TABLET);
    await admin.goto('/catalogue');
    await item(admin, 'AK-47').waitFor({ timeout: patient(20_000) });
    await screenshot(admin, 'catalogue-grid-1024');
    await admin.getByLabel('Reason for changes').fill('Supplier raised the price');
    const price = item(admin, 'First Aid Kit').getByLabel('Price of First Aid Kit', { exact: true });
    await price.fill('0.89');
    await price.press('Enter');
    await admin.getByText('First Aid Kit: price $0.89').waitFor();

    // The player's shop, open all along, shows the new price (the socket's CATALOGUE_UPDATE), with no reload.
    await shop.getByRole('button', { name: /^First Aid Kit, \$0\.89/ }).waitFor({ timeout: patient(15_000) });
    expect(await shop.evaluate(() => performance.getEntriesByType('navigation').length)).toBe(loads);
    expect(await shop.evaluate(() => location.pathname)).toBe('/buy');
    await screenshot(shop, 'catalogue-shop-live-390', { fullPage: false });

    // The server prices from the database: the change is in the item's history with who and why.
    const history = await (await admin.request.get('/api/admin/catalogue/items/consumable-first-aid-kit/history')).json();
    expect(history[0]).toMatchObject({ field: 'price', from: 0.69, to: 0.89, reason: 'Supplier raised the price' });
  });

  it('when the item editor and the value card open, then the editor shows the item and its history, and the chart is drawn', async () => {
    for (const [label, viewport] of [
      ['1024', TABLET],
      ['390', PHONE],
    ] as const) {
      const admin = await superAdminPage(viewport);
      await admin.goto('/catalogue');
      await item(admin, 'AK-47').waitFor({ timeout: patient(20_000) });
      if (label === '390') await screenshot(admin, 'catalogue-grid-390', { fullPage: false });
      await item(admin, 'First Aid Kit').getByRole('button', { name: 'Edit First Aid Kit' }).click();
      const editor = admin.getByRole('dialog', { name: 'Edit First Aid Kit' });
      await editor.getByLabel('Name').waitFor();
      expect(await editor.getByLabel('Price (USD)', { exact: true }).inputValue()).toBe('0.89');
      await editor
        .getByRole('region', { name: 'History' })
        .getByText(/Supplier raised the price/)
        .waitFor();
      await screenshot(admin, `catalogue-item-editor-${label}`, { fullPage: false });
      await editor.getByRole('button', { name: 'Cancel' }).click();

      await item(admin, 'First Aid Kit').getByRole('button', { name: 'Value of First Aid Kit' }).click();
      const card = admin.getByTestId('value-card');
      await card.waitFor();
      // uPlot drew the price history into a canvas (its own lazy chunk).
      await card
        .locator('[data-testid="price-chart"] canvas')
        .first()
        .waitFor({ timeout: patient(15_000) });
      // What we pay per First Aid Kit (15% of $0.69) in whole cents, never "$0.1035" (issue 52.5).
      expect(await card.getByTestId('sell-valuation').textContent()).toBe('about $0.10 or 1,035 Blockspin');
      await card.getByRole('button', { name: '90 days' }).click();
      await screenshot(admin, `catalogue-value-card-${label}`, { fullPage: false });
    }
  });
});

describe('a purchase queued offline at an old price', () => {
  it('when the price moved before it was sent, then it comes back as Prices have changed with the new total, and one tap sends it', async () => {
    const { context, page, username } = await newPlayer(browser, server.url, PHONE, 'queued');
    contexts.push(context);
    await page.goto('/buy');
    await page.getByRole('button', { name: /^Weapons & Ammo/ }).click();
    await page.getByRole('button', { name: /^Guns/ }).click();
    const glock = page.getByRole('button', { name: /^Glock, / });
    await glock.click();
    await glock.click();
    const quantity = page.getByRole('dialog', { name: 'How many would you like?' });
    await quantity.getByRole('spinbutton').fill('3');
    await quantity.getByRole('button', { name: 'Add to Cart' }).click();

    // Offline at the drop: the request at 3 × $2.00 waits on the phone.
    await context.setOffline(true);
    await page.evaluate(() => window.dispatchEvent(new Event('offline')));
    await page.getByRole('button', { name: 'Cart, 1 item' }).click();
    await page.getByRole('dialog', { name: 'Items Added for Purchase' }).getByRole('button', { name: 'Purchase $6.00' }).click();
    await page.getByRole('alertdialog', { name: 'Confirm Purchase Request' }).getByRole('button', { name: 'Send Request' }).click();
    const queued = page.getByRole('dialog', { name: 'Purchase Request Queued' });
    await queued.waitFor();
    await queued.getByRole('button', { name: 'Got it!' }).click();

    // Meanwhile the super admin raises the Glock to $2.50.
    const admin = await superAdminPage(TABLET);
    const now = (await (await admin.request.get('/api/catalogue')).json()).items.find((entry: { id: string }) => entry.id === 'gun-glock');
    const patched = await admin.request.patch('/api/admin/catalogue/items/gun-glock', {
      data: { price: 2.5, reason: 'Demand', expectedVersion: now.version },
    });
    expect(patched.status()).toBe(200);

    // Back online: the drain sends it, the server answers 'Prices have changed' and stores nothing.
    await context.setOffline(false);
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await page.goto('/my-activity');
    await page.getByRole('tab', { name: /My Buy Requests/ }).click();
    const offer = page.getByTestId('prices-changed');
    await offer.waitFor({ timeout: patient(20_000) });
    await offer.getByText('Was $6.00').waitFor();
    expect(await offer.getByTestId('new-total').textContent()).toBe('$7.50');
    expect((await (await context.request.get(`/api/user-purchase-requests/${username}`)).json()).length).toBe(0);
    await screenshot(page, 'catalogue-prices-changed-390', { fullPage: false });

    await offer.getByRole('button', { name: 'Send again at $7.50' }).click();
    const sent = async () =>
      ((await (await context.request.get(`/api/user-purchase-requests/${username}`)).json()) as Array<{ totalPrice: number }>).map(
        (request) => request.totalPrice,
      );
    await expect.poll(sent, { timeout: patient(20_000) }).toEqual([7.5]);
    await expect.poll(() => page.getByTestId('prices-changed').count()).toBe(0);
  });
});

describe('an admin at a drop with no signal', () => {
  let gate: NetworkGate;
  afterAll(async () => gate?.close());

  it('when an admin marks an item sold out offline, then it shows at once, waits on the device and reaches the server once', async () => {
    // dave: an admin, not the super admin.
    const setup = await browser.newContext({ baseURL: server.url });
    contexts.push(setup);
    await setup.request.post('/api/marketplace/signup', { data: { username: 'dave', password: 'dave-password-1' } });
    const boss = await superAdminPage(TABLET);
    expect((await boss.request.post('/api/admin/marketplace-users/dave/admin-status', { data: { isAdmin: true } })).status()).toBe(200);

    gate = await startNetworkGate(server.port);
    const tablet = await browser.newContext({ baseURL: gate.url, viewport: TABLET, serviceWorkers: 'allow' });
    contexts.push(tablet);
    keepOfflineAcrossNavigations(tablet);
    const login = await tablet.request.post('/api/marketplace/login', { data: { username: 'dave', password: 'dave-password-1' } });
    expect(login.status()).toBe(200);
    const contact = await tablet.request.put('/api/marketplace/contact/dave', { data: { contactEmail: 'dave@example.com' } });
    await storeSignedIn(tablet, await contact.json());
    const page = await tablet.newPage();
    await page.goto('/catalogue');
    const worker = await waitForServiceWorker(tablet, page);
    await item(page, 'Glock').waitFor({ timeout: patient(20_000) });
    expect(await item(page, 'Glock').getByLabel('Price of Glock', { exact: true }).isDisabled()).toBe(true);
    await page.getByLabel('Reason for changes').fill('Drop at 8 pm: last one gone');

    gate.down();
    await tablet.setOffline(true);
    expect(await probeNetwork(page, worker)).toEqual({ page: 'failed', worker: 'failed' });
    const sentBefore = gate.log.filter((line) => line.startsWith('PATCH /api/admin/catalogue')).length;

    await item(page, 'Glock').getByRole('button', { name: 'Mark Glock sold out' }).click();
    await page.getByText(/Glock: stock 0 — kept on this device, sent when back online/).waitFor();
    expect(await item(page, 'Glock').getByLabel('Stock of Glock').inputValue()).toBe('0');
    const kept = await readOutbox(page);
    expect(kept.filter((entry) => entry.kind === 'admin')).toHaveLength(1);
    await screenshot(page, 'catalogue-sold-out-offline-1024', { fullPage: false });

    gate.up();
    await tablet.setOffline(false);
    await expect
      .poll(
        async () =>
          (await (await boss.request.get('/api/catalogue')).json()).items.find((entry: { id: string }) => entry.id === 'gun-glock')?.stock,
        {
          timeout: patient(30_000),
        },
      )
      .toBe(0);
    await expect
      .poll(async () => (await readOutbox(page)).filter((entry) => entry.kind === 'admin').length, { timeout: patient(15_000) })
      .toBe(0);
    // Once: one PATCH through the gate, one stock change in the item's history.
    expect(gate.log.filter((line) => line.startsWith('PATCH /api/admin/catalogue')).length - sentBefore).toBe(1);
    const history = await (await boss.request.get('/api/admin/catalogue/items/gun-glock/history')).json();
    expect(history.filter((entry: { field: string }) => entry.field === 'stock')).toEqual([
      expect.objectContaining({ from: null, to: 0, actorName: 'dave', reason: 'Drop at 8 pm: last one gone' }),
    ]);
  });
});
