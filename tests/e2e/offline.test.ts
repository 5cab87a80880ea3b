// Offline for real. The browser reaches the server only through a gate the test can cut
// (tests/e2e/offline-network.ts), because context.setOffline() does not stop a service worker's own
// fetches in Chromium; each cut is proven by a fetch from the page AND from inside the worker failing.
// Everything is driven through the real screens of the production build, against the real server. The steps are in
// tests/e2e/offline-steps.ts; Background Sync with no page open is in offline-background-sync.test.ts.
import { describe, expect, it } from 'vitest';
import { screenshot } from '../support/browser';
import { logInInBrowser, probeNetwork, readOutbox } from './pwa-helpers';
import {
  firstVisit,
  goOffline,
  goOnline,
  journey,
  openMySellRequests,
  QUEUED_TOAST,
  sellThroughScreen,
  serverRecords,
  useOfflineJourney,
  waitForOutbox,
} from './offline-steps';

useOfflineJourney();

describe('offline after the first visit', () => {
  it('when the network is cut after one visit, then a reload opens the app, the shop works and the cart keeps its items', async () => {
    const { page } = journey;
    await firstVisit();

    // Put an AK-47 in the cart through the shop (two taps, then the quantity dialog).
    await page.getByRole('button', { name: /^Weapons & Ammo/ }).click();
    await page.getByRole('button', { name: /^Guns/ }).click();
    await page.getByRole('button', { name: 'AK-47, show price' }).click();
    await page.getByRole('button', { name: /^AK-47, \$18\.00/ }).click();
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await page.getByRole('button', { name: 'Cart, 1 item' }).waitFor();

    await goOffline();
    await page.reload();
    await expect.poll(() => page.getByTestId('offline-indicator').textContent()).toContain('Offline');
    // The shop is browsable from the precache, and the cart is still there (IndexedDB).
    await page.getByRole('button', { name: 'Cart, 1 item' }).waitFor();
    await page.getByRole('button', { name: /^Weapons & Ammo/ }).click();
    await page.getByRole('button', { name: /^Guns/ }).click();
    await page.getByRole('button', { name: 'RPG, show price' }).click();
    await page.getByRole('button', { name: /^RPG, \$19\.99/ }).waitFor();
    await page.getByRole('button', { name: /^Farming/ }).click();
    await page.getByRole('button', { name: 'Diamond Pot, show price' }).waitFor();
    // Other client routes open offline too (navigation fallback to the app shell).
    await page.goto('/');
    await page.getByRole('link', { name: /Buy/ }).first().waitFor();
    await page.goto('/my-activity');
    await page.getByRole('tab', { name: /My Sell Requests/ }).waitFor();
    await screenshot(page, 'offline-shop-cart');
    // Nothing reached the server while cut, not even the worker's own fetches.
    expect(await probeNetwork(page, journey.worker)).toEqual({ page: 'failed', worker: 'failed' });
    await goOnline();
  });

  it('when a sell with a photo is made offline, then it shows queued, survives a reload, and arrives exactly once when the network returns', async () => {
    const { page, gate } = journey;
    await goOffline();
    await sellThroughScreen([
      ['Category', 'Weapons & Ammo'],
      ['Type of weapon', 'Guns'],
      ['Kind of gun', 'Assault rifles'],
      ['Item', 'AK-47'],
    ]);
    await page.getByText(QUEUED_TOAST).waitFor();
    const [queued] = await waitForOutbox((items) => items.length === 1);
    expect(queued).toMatchObject({ kind: 'sell', state: 'queued' });
    expect(queued.photoSize).toBeGreaterThan(100);

    await openMySellRequests();
    const card = page.getByTestId('queued-card');
    await card.waitFor();
    expect(await card.getAttribute('data-state')).toBe('queued');
    expect(await card.textContent()).toContain('AK-47');
    expect(await card.locator('img').getAttribute('src')).toMatch(/^blob:/);

    await page.reload();
    await page.getByRole('tab', { name: /My Sell Requests/ }).click();
    await page.getByTestId('queued-card').waitFor();
    expect((await readOutbox(page)).map((i) => i.id)).toEqual([queued.id]);
    await screenshot(page, 'offline-sell-queued');
    expect(await serverRecords()).toEqual({ sellRequests: [], submissions: [] });

    await goOnline();
    await waitForOutbox((items) => items.length === 0);
    const records = await serverRecords();
    expect(records.submissions.map((s) => s.ps5Name)).toEqual(['AK-47']);
    expect(records.submissions[0].imageUrl).toMatch(/^\/api\/images\//);
    expect(records.sellRequests.map((r) => r.itemName)).toEqual(['AK-47']);
    expect(gate.log.filter((l) => l.startsWith('POST /api/item-submissions'))).toHaveLength(1);
    // The account list now shows the server's record instead of the queued card.
    await page.getByTestId('queued-card').waitFor({ state: 'detached' });
  });

  it('when the network is cut again just after the server commits a replay, then the next replay still leaves exactly one record', async () => {
    const { page, context, gate } = journey;
    await goOffline();
    await sellThroughScreen([
      ['Category', 'Weapons & Ammo'],
      ['Type of weapon', 'Guns'],
      ['Kind of gun', 'Pistols'],
      ['Item', 'Glock'],
    ]);
    await page.getByText(QUEUED_TOAST).waitFor();
    const [queued] = await waitForOutbox((items) => items.length === 1);

    // The replay reaches the server, which commits; the answer never comes back and the network is gone again.
    const dropped = gate.dropAfterCommit('/api/item-submissions');
    gate.up();
    await context.setOffline(false);
    await dropped;
    await context.setOffline(true);
    expect(await probeNetwork(page, journey.worker)).toEqual({ page: 'failed', worker: 'failed' });
    let records = await serverRecords();
    expect(records.submissions.map((s) => s.ps5Name).sort()).toEqual(['AK-47', 'Glock']);
    expect(records.sellRequests.map((r) => r.itemName)).toEqual(['AK-47']);
    // The item is still in the outbox, with the same Idempotency-Key, waiting for the next trigger.
    const [kept] = await waitForOutbox((items) => items.length === 1 && items[0].state === 'queued');
    expect(kept.id).toBe(queued.id);

    await goOnline();
    await waitForOutbox((items) => items.length === 0);
    records = await serverRecords();
    expect(records.submissions.map((s) => s.ps5Name).sort()).toEqual(['AK-47', 'Glock']);
    expect(records.sellRequests.map((r) => r.itemName).sort()).toEqual(['AK-47', 'Glock']);
    // Two deliveries of the same submission reached the server; it created one.
    expect(gate.log.filter((l) => l.startsWith('POST /api/item-submissions'))).toHaveLength(3);
  });

  it('when the session has ended by the time of the replay (401), then the item is kept and goes out once after the player logs in again', async () => {
    const { page, context, username } = journey;
    await goOffline();
    await sellThroughScreen([
      ['Category', 'Weapons & Ammo'],
      ['Type of weapon', 'Melees'],
      ['Item', 'Crowbar'],
    ]);
    await page.getByText(QUEUED_TOAST).waitFor();
    const [queued] = await waitForOutbox((items) => items.length === 1);

    // The session is gone (cookie cleared, as after an expiry) when the network returns.
    await context.clearCookies();
    await goOnline();
    const [kept] = await waitForOutbox((items) => items.length === 1 && items[0].state === 'needs-login');
    expect(kept.id).toBe(queued.id);
    expect(kept.error).toBe('Your session has ended. Log in again to send this.');
    expect((await serverRecords()).submissions.map((s) => s.ps5Name).sort()).toEqual(['AK-47', 'Glock']);

    // Logging in again (new session) and opening the app sends it, once.
    await logInInBrowser(context, username);
    await page.goto('/');
    await page.evaluate((name) => localStorage.setItem('currentUser', name), username);
    await page.reload();
    await waitForOutbox((items) => items.length === 0);
    const records = await serverRecords();
    expect(records.submissions.map((s) => s.ps5Name).sort()).toEqual(['AK-47', 'Crowbar', 'Glock']);
    expect(records.sellRequests.map((r) => r.itemName).sort()).toEqual(['AK-47', 'Crowbar', 'Glock']);
  });

  it('when a purchase is confirmed offline, then it is queued after the dialog says so and arrives exactly once when the network returns', async () => {
    const { page, gate, admin, username } = journey;
    await page.goto('/buy');
    await page.getByRole('button', { name: 'Cart, 1 item' }).waitFor();
    await goOffline();
    await page.getByRole('button', { name: 'Cart, 1 item' }).click();
    await page.getByRole('button', { name: 'Purchase $18.00' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Confirm Purchase Request' });
    expect(await confirm.getByRole('note').textContent()).toBe(
      "You're offline. Your request will be saved on this device and sent automatically when you're back online.",
    );
    await confirm.getByRole('button', { name: 'Send Request' }).click();
    await page.getByRole('dialog', { name: 'Purchase Request Queued' }).waitFor();
    const [queued] = await waitForOutbox((items) => items.length === 1);
    expect(queued).toMatchObject({ kind: 'purchase', state: 'queued', photoSize: null });

    await page.goto('/my-activity');
    await page.getByRole('tab', { name: /My Buy Requests/ }).click();
    await page.getByTestId('queued-card').waitFor();
    expect(await page.getByTestId('queued-card').textContent()).toContain('AK-47');

    await goOnline();
    await waitForOutbox((items) => items.length === 0);
    const purchases = (await (await admin.get(`/api/user-purchase-requests/${username}`)).json()) as Array<{
      items: Array<{ name: string }>;
      totalPrice: number;
    }>;
    expect(purchases.map((p) => [p.items.map((i) => i.name), p.totalPrice])).toEqual([[['AK-47'], 18]]);
    expect(gate.log.filter((l) => l.startsWith('POST /api/purchase-requests'))).toHaveLength(1);
  });

  it('when My Sell and Buy Requests are opened offline, then they show the last data received, marked as offline data with its time', async () => {
    const { page } = journey;
    await openMySellRequests();
    await page.getByText('Crowbar').first().waitFor();
    await page.getByRole('tab', { name: /My Buy Requests/ }).click();
    await page.getByText('AK-47').first().waitFor();

    await goOffline();
    await page.reload();
    await page.getByRole('tab', { name: /My Sell Requests/ }).click();
    const note = page.getByTestId('offline-data-note');
    await note.waitFor();
    expect(await note.textContent()).toMatch(/^Offline data — last updated /);
    expect(Date.now() - Date.parse((await note.locator('time').getAttribute('datetime'))!)).toBeLessThan(120_000);
    for (const name of ['AK-47', 'Glock', 'Crowbar']) await page.getByText(name).first().waitFor();
    // The photos seen online come from the worker's image cache (the network is cut for the worker too).
    await expect
      .poll(() =>
        page.evaluate(() =>
          [...document.querySelectorAll<HTMLImageElement>('img')]
            .filter((img) => new URL(img.src).pathname.startsWith('/api/images/'))
            .map((img) => img.complete && img.naturalWidth > 0),
        ),
      )
      .toEqual([true, true, true]);
    await screenshot(page, 'offline-sell-requests-snapshot');

    await page.getByRole('tab', { name: /My Buy Requests/ }).click();
    await page.getByTestId('offline-data-note').waitFor();
    await page.getByText('AK-47').first().waitFor();
    await goOnline();
  });

  it("when the server refuses a replay (409), then the item is marked failed with the server's message, with Retry and Discard", async () => {
    const { page, admin, username } = journey;
    // A purchase queued at an old price (as an older version of the app would have stored it).
    await page.evaluate(
      (name) =>
        new Promise<void>((resolve, reject) => {
          const open = indexedDB.open('blockspin-market');
          open.onsuccess = () => {
            const tx = open.result.transaction('outbox', 'readwrite');
            const now = new Date().toISOString();
            tx.objectStore('outbox').put({
              id: crypto.randomUUID(),
              kind: 'purchase',
              username: name,
              payload: { requesterName: name, items: [{ name: 'RPG', category: 'Weapons', quantity: 1, price: '$15.00' }], totalPrice: 15 },
              state: 'queued',
              attempts: 0,
              createdAt: now,
              updatedAt: now,
            });
            tx.oncomplete = () => resolve();
            tx.onerror = () => reject(tx.error);
          };
        }),
      username,
    );
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    const [failed] = await waitForOutbox((items) => items.length === 1 && items[0].state === 'failed');
    expect(failed.error).toBe('Prices have changed');

    await page.goto('/my-activity');
    await page.getByRole('tab', { name: /My Buy Requests/ }).click();
    const card = page.getByTestId('queued-card');
    await expect.poll(() => card.getAttribute('data-state')).toBe('failed');
    expect(await card.textContent()).toContain('Prices have changed');
    // Sending it again unchanged would be refused again (issue 49): the card offers today's total instead of Retry.
    const offer = card.getByTestId('prices-changed');
    await offer.getByText('Was $15.00').waitFor();
    expect(await offer.getByTestId('new-total').textContent()).toBe('$19.99');
    await offer.getByRole('button', { name: 'Send again at $19.99' }).waitFor();
    expect(await card.getByRole('button', { name: 'Retry' }).count()).toBe(0);
    await card.getByRole('button', { name: 'Discard' }).click();
    await card.getByRole('button', { name: 'Tap again to discard' }).click();
    await card.waitFor({ state: 'detached' });
    expect(await readOutbox(page)).toEqual([]);
    expect(((await (await admin.get(`/api/user-purchase-requests/${username}`)).json()) as unknown[]).length).toBe(1);
  });
});
