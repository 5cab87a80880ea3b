import type { Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useAppUnderTest } from '../support/app-under-test';
import { PHONE } from '../support/browser';
import { newPlayer } from '../support/player';
import { patient } from '../support/patience';
import { queryDatabase } from '../api/helpers';
import { photoAndAk47, readOutbox } from './pwa-helpers';

// A tap is never lost or doubled (issue 47 items 1–3): a creating call is written to the outbox before it is sent,
// so a reload while the server answers resumes it under its key; one cart for every tab.
const app = useAppUnderTest();

/**
 * Lets the page's POSTs to `path` reach the server, but holds back the server's answer (as a connection that drops
 * mid-answer would): resolves once the server has answered the first one. `release` lets later ones through.
 */
async function answerNeverArrives(page: Page, path: string) {
  let held: Route | null = null;
  let reached = () => {};
  const atServer = new Promise<void>((resolve) => (reached = resolve));
  const pattern = `**${path}`;
  await page.route(pattern, async (route) => {
    if (route.request().method() !== 'POST' || held) return route.continue();
    held = route;
    await route.fetch({ timeout: patient(30_000) });
    reached();
  });
  return {
    atServer,
    release: async () => {
      await page.unroute(pattern);
      await held?.abort().catch(() => undefined);
    },
  };
}

async function addAk47(page: Page) {
  await page.getByRole('heading', { name: 'Shop' }).waitFor();
  await page.getByRole('button', { name: /^Weapons & Ammo/ }).click();
  await page.getByRole('button', { name: /^Guns/ }).click();
  const ak = page.getByRole('button', { name: /^AK-47,/ });
  await ak.click();
  await ak.click();
  await page.getByRole('dialog', { name: 'How many would you like?' }).getByRole('button', { name: 'Add to Cart' }).click();
}

async function addCash(page: Page) {
  await page.getByRole('heading', { name: 'Shop' }).waitFor();
  await page.getByRole('button', { name: /^Cash/ }).click();
  await page.getByLabel('Amount of cash').fill('1000000');
  await page.getByRole('button', { name: 'Add to Cart' }).click();
}

describe('a reload while the server answers (issue 47 items 1 and 2)', () => {
  it('when the page reloads while Send Request waits for its answer, then the cart is empty, the request is resumed from the outbox and the server has it once', async () => {
    const { context, page, username } = await newPlayer(app.browser, app.server.url, PHONE, 'reload');
    try {
      await page.goto('/buy');
      await addAk47(page);
      await page.getByRole('button', { name: 'Cart, 1 item' }).click();
      await page
        .getByRole('dialog', { name: 'Items Added for Purchase' })
        .getByRole('button', { name: /^Purchase/ })
        .click();
      const held = await answerNeverArrives(page, '/api/purchase-requests');
      await page.getByRole('alertdialog', { name: 'Confirm Purchase Request' }).getByRole('button', { name: 'Send Request' }).click();
      await held.atServer;
      // The request is in the outbox before its answer, and no longer in the cart.
      expect((await readOutbox(page)).map((item) => [item.kind, item.state])).toEqual([['purchase', 'sending']]);
      // Reloaded with the answer still outstanding (released after, so the page never learns of it).
      await page.reload();
      await held.release();

      await page.getByRole('button', { name: 'Cart, 0 items' }).waitFor({ timeout: patient(15_000) });
      await expect.poll(() => readOutbox(page), { timeout: patient(20_000) }).toEqual([]);
      const mine = await (await context.request.get(`/api/user-purchase-requests/${username}`)).json();
      expect(mine).toHaveLength(1);
      expect(mine[0].items).toEqual([expect.objectContaining({ name: 'AK-47', quantity: 1 })]);
    } finally {
      await context.close();
    }
  });

  it("when the page reloads while a sell waits for its submission's answer, then the player's sell request is made once it resumes", async () => {
    const { context, page, username } = await newPlayer(app.browser, app.server.url, PHONE, 'sellreload');
    try {
      await page.goto('/sell');
      await photoAndAk47(page);
      await page.getByRole('radio', { name: /USD Cash/ }).click();
      // The submission reaches the server but its answer never comes back, so the player's sell request (the second
      // call) is not made before the reload: without write-ahead only the admins would ever see this sell.
      const held = await answerNeverArrives(page, '/api/item-submissions');
      await page.getByRole('button', { name: 'Submit', exact: true }).click();
      await held.atServer;
      // Reloaded with the answer still outstanding (released after, so the page never learns of it).
      await page.reload();
      await held.release();

      await expect.poll(() => readOutbox(page), { timeout: patient(20_000) }).toEqual([]);
      const submissions = await (await context.request.get(`/api/user-sell-requests/${username}`)).json();
      expect(submissions).toHaveLength(1);
      expect(submissions[0]).toMatchObject({ itemName: 'AK-47', status: 'pending' });
      // Made once: the replay of the submission answered the one the server already had.
      const stored = await queryDatabase<{ n: number }>(
        app.server,
        'SELECT COUNT(*) AS n FROM item_submissions s JOIN users u ON u.id = s.submitter_id WHERE u.username = ?',
        [username],
      );
      expect(Number(stored[0].n)).toBe(1);
    } finally {
      await context.close();
    }
  });
});

describe('one cart for every tab (issue 47.3)', () => {
  it('when two tabs add different items, then both lines are in the cart of each', async () => {
    const { context, page, username } = await newPlayer(app.browser, app.server.url, PHONE, 'tabs');
    try {
      await page.goto('/buy');
      const older = await context.newPage();
      await older.goto('/buy');
      await older.getByRole('heading', { name: 'Shop' }).waitFor();
      await addAk47(page);
      await page.getByRole('button', { name: 'Cart, 1 item' }).waitFor();
      // The older tab, opened before the AK-47 was added, adds cash.
      await addCash(older);
      await older.getByRole('button', { name: 'Cart, 2 items' }).waitFor({ timeout: patient(10_000) });
      await page.getByRole('button', { name: 'Cart, 2 items' }).waitFor({ timeout: patient(10_000) });
      const stored = await page.evaluate(async (name) => {
        const db = await new Promise<IDBDatabase>((resolve, reject) => {
          const request = indexedDB.open('blockspin-market');
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => reject(request.error);
        });
        const lines = await new Promise<Array<{ name: string }>>((resolve) => {
          const get = db.transaction('kv').objectStore('kv').get(`cart:${name}`);
          get.onsuccess = () => resolve(get.result ?? []);
        });
        db.close();
        return lines.map((line) => line.name).sort();
      }, username);
      expect(stored).toHaveLength(2);
      expect(stored).toContain('AK-47');
    } finally {
      await context.close();
    }
  });
});

describe('Back on a phone (issue 47.4)', () => {
  it('when a dialog of the shop is open, then Back closes it and the shop stays', async () => {
    const { context, page } = await newPlayer(app.browser, app.server.url, PHONE, 'back');
    try {
      // Within the app, from its home screen, as a player goes.
      await page.getByRole('link', { name: /^Buy/ }).click();
      await page.getByRole('heading', { name: 'Shop' }).waitFor();
      await page.getByRole('button', { name: /^Weapons & Ammo/ }).click();
      await page.getByRole('button', { name: /^Guns/ }).click();
      const ak = page.getByRole('button', { name: /^AK-47,/ });
      await ak.click();
      await ak.click();
      const quantity = page.getByRole('dialog', { name: 'How many would you like?' });
      await quantity.waitFor();
      await page.goBack();
      await quantity.waitFor({ state: 'detached' });
      // The router puts the address back once the dialog has closed.
      await expect.poll(() => new URL(page.url()).pathname).toBe('/buy');
      await page.getByRole('heading', { name: 'Shop' }).waitFor();

      // The quantity dialog closed from the page takes its entry with it: Back from the cart then closes the cart.
      await ak.click();
      await ak.click();
      await quantity.getByRole('button', { name: 'Add to Cart' }).click();
      await page.getByRole('button', { name: 'Cart, 1 item' }).click();
      const cart = page.getByRole('dialog', { name: 'Items Added for Purchase' });
      await cart.waitFor();
      await page.goBack();
      await cart.waitFor({ state: 'detached' });
      // The router puts the address back once the dialog has closed.
      await expect.poll(() => new URL(page.url()).pathname).toBe('/buy');
      // One more Back leaves the shop, as it would have without the dialogs.
      await page.goBack();
      await expect.poll(() => new URL(page.url()).pathname).toBe('/');
    } finally {
      await context.close();
    }
  });

  it('when a player leaves a filled Sell, then it asks first, and Forward brings back the photo and the choices', async () => {
    const { context, page } = await newPlayer(app.browser, app.server.url, PHONE, 'sellback');
    try {
      // Within the app, from its home screen, as a player goes.
      await page.getByRole('link', { name: /^Sell/ }).click();
      await photoAndAk47(page);
      await page.getByText('Selected:').waitFor();

      const ask = page.getByRole('alertdialog', { name: 'Leave without sending?' });
      await page.getByRole('link', { name: 'Back to home' }).click();
      await ask.waitFor();
      await ask.getByRole('button', { name: 'Stay' }).click();
      await ask.waitFor({ state: 'detached' });
      expect(new URL(page.url()).pathname).toBe('/sell');
      await page.getByRole('heading', { name: 'Submit My Item' }).waitFor();

      await page.goBack();
      await ask.waitFor();
      await ask.getByRole('button', { name: 'Leave' }).click();
      await expect.poll(() => new URL(page.url()).pathname).toBe('/');
      await page.goForward();
      await page.getByRole('heading', { name: 'Submit My Item' }).waitFor({ timeout: patient(10_000) });
      expect(await page.getByRole('status').filter({ hasText: 'Selected:' }).textContent()).toContain('AK-47');
    } finally {
      await context.close();
    }
  });
});
