import { describe, expect, it } from 'vitest';
import { useAppUnderTest } from '../support/app-under-test';
import { PHONE, screenshot, TABLET } from '../support/browser';
import { axeProblems, newPlayer, screenshotViewport } from '../support/player';
import { patient } from '../support/patience';

const app = useAppUnderTest();

describe.each([
  ['phone', PHONE],
  ['tablet', TABLET],
] as const)('shop at %s size', (label, viewport) => {
  it('when a player adds items with two taps, edits the cart and sends it, then the request is stored and listed', async () => {
    const { context, page, username } = await newPlayer(app.browser, app.server.url, viewport, 'shop');
    const shot = (name: string) => screenshot(page, `shop-${label}-${name}`);
    const view = (name: string) => screenshotViewport(page, `shop-${label}-${name}`);
    try {
      await page.goto('/buy');
      await page.getByRole('heading', { name: 'Shop' }).waitFor();
      await shot('01-start');

      // Cash: custom cash with its minimum and its savings.
      await page.getByRole('button', { name: /^Cash/ }).click();
      const amount = page.getByLabel('Amount of cash');
      await amount.fill('400');
      await page.getByRole('button', { name: 'Add to Cart' }).click();
      await page.getByText('Please enter at least $500').waitFor();
      await amount.fill('1000000');
      await page.getByText('You save $9.98 compared with buying $500,000 packs').waitFor();
      await page.getByRole('button', { name: '$12,000 Cash, show price' }).click();
      await page.getByText('tap again to add to your cart!').waitFor();
      await shot('02-cash');
      // Custom cash goes in as one line at its tier price ($90.00).
      await page.getByRole('button', { name: 'Add to Cart' }).click();
      await page.getByRole('button', { name: 'Cart, 1 item' }).waitFor();
      await page.getByRole('button', { name: /^Cash/ }).click();

      // Weapons: two taps on AK-47 open the quantity dialog.
      await page.getByRole('button', { name: /^Weapons & Ammo/ }).click();
      await page.getByRole('button', { name: /^Guns/ }).click();
      const ak = page.getByRole('button', { name: /^AK-47,/ });
      await ak.click();
      expect(await ak.textContent()).toContain('$18.00');
      expect(await ak.textContent()).toContain('tap again to add to your cart!');
      await view('03-guns-revealed');
      await ak.click();
      const quantityDialog = page.getByRole('dialog', { name: 'How many would you like?' });
      await quantityDialog.waitFor();
      await quantityDialog.getByLabel('Quantity').fill('2');
      expect(await quantityDialog.getByTestId('running-total').textContent()).toBe('$36.00');
      await view('04-quantity-dialog');
      await quantityDialog.getByRole('button', { name: 'Add to Cart' }).click();
      await page.getByRole('button', { name: 'Cart, 2 items' }).waitFor();

      // Ammo: priced per round, quantity = rounds.
      await page.getByRole('button', { name: '← Back to Weapons & Ammo' }).click();
      await page.getByRole('button', { name: /^Ammo/ }).click();
      const ammo = page.getByRole('button', { name: /^Pistol Ammo,/ });
      await ammo.click();
      await ammo.click();
      await quantityDialog.getByLabel('Number of rounds').fill('100');
      expect(await quantityDialog.getByTestId('running-total').textContent()).toBe('$3.00');
      await quantityDialog.getByRole('button', { name: 'Add to Cart' }).click();
      await page.getByRole('button', { name: 'Cart, 3 items' }).waitFor();

      // The cart survives a reload (IndexedDB, per user).
      await page.reload();
      await page.getByRole('button', { name: 'Cart, 3 items' }).click();
      const cart = page.getByRole('dialog', { name: 'Items Added for Purchase' });
      await cart.waitFor();
      const groups = await cart.getByRole('heading', { level: 3 }).allTextContents();
      expect(groups).toEqual(['Weapons', 'Ammo', 'Custom Cash']);
      // 36 + 3 + 90
      await cart.getByRole('button', { name: 'Purchase $129.00' }).waitFor();
      await view('05-cart');

      // Stepper: up, down, never below 1.
      await cart.getByRole('button', { name: 'Increase AK-47' }).click();
      await cart.getByRole('button', { name: 'Purchase $147.00' }).waitFor();
      await cart.getByRole('button', { name: 'Decrease AK-47' }).click();
      await cart.getByRole('button', { name: 'Decrease AK-47' }).click();
      await cart.getByRole('button', { name: 'Purchase $111.00' }).waitFor();
      expect(await cart.getByRole('button', { name: 'Decrease AK-47' }).isDisabled()).toBe(true);
      await cart.getByRole('button', { name: 'Increase AK-47' }).click();

      // Remove with its confirmation.
      await cart.getByRole('button', { name: 'Remove Pistol Ammo' }).click();
      const confirmRemove = page.getByRole('alertdialog', { name: 'Remove item' });
      await confirmRemove.getByText('Are you sure you want to remove Pistol Ammo from your cart?').waitFor();
      await view('06-remove-confirm');
      await confirmRemove.getByRole('button', { name: 'Remove' }).click();
      await cart.getByRole('button', { name: 'Purchase $126.00' }).waitFor();

      // Purchase: confirm, Submitting..., success, cart emptied.
      await cart.getByRole('button', { name: 'Purchase $126.00' }).click();
      const confirm = page.getByRole('alertdialog', { name: 'Confirm Purchase Request' });
      await confirm.waitFor();
      await view('07-confirm');
      await confirm.getByRole('button', { name: 'Send Request' }).click();
      const sent = page.getByRole('dialog', { name: 'Purchase Request Sent!' });
      await sent.waitFor();
      await view('08-sent');
      await sent.getByRole('button', { name: 'Got it!' }).click();
      await page.getByRole('button', { name: 'Cart, 0 items' }).click();
      await cart.getByText('No items in your purchase list').waitFor();
      await view('09-cart-empty');
      await page.keyboard.press('Escape');

      const stored = await context.request.get(`/api/user-purchase-requests/${username}`);
      expect(stored.status()).toBe(200);
      const requests = await stored.json();
      expect(requests).toHaveLength(1);
      expect(requests[0]).toMatchObject({
        requesterName: username,
        status: 'pending',
        totalPrice: 126,
        contactEmail: `${username}@example.com`,
      });
      expect(requests[0].items.map((item: { name: string; quantity: number }) => [item.name, item.quantity])).toEqual([
        ['$1,000,000 Custom Cash', 1],
        ['AK-47', 2],
      ]);

      // It is listed under My Buy Requests.
      await page.goto('/my-activity');
      await page.getByRole('tab', { name: /My Buy Requests/ }).click();
      await page
        .getByText('AK-47')
        .first()
        .waitFor({ timeout: patient(15_000) });
      await shot('10-my-buy-requests');
    } finally {
      await context.close();
    }
  });
});

describe.each([
  ['phone', PHONE],
  ['tablet', TABLET],
] as const)('purchase failure and offline at %s size', (label, viewport) => {
  it('when the server refuses, then Request Failed keeps the cart; when offline, then the request is queued and sent once back online', async () => {
    const { context, page, username } = await newPlayer(app.browser, app.server.url, viewport, 'fail');
    const view = (name: string) => screenshotViewport(page, `shop-${label}-${name}`);
    try {
      await page.goto('/buy');
      await page.getByRole('button', { name: /^Hacking/ }).click();
      const hack = page.getByRole('button', { name: /^Quantum Hacking Package \(2 Hours\),/ });
      await hack.click();
      await hack.click();
      await page.getByRole('dialog', { name: 'How many would you like?' }).getByRole('button', { name: 'Add to Cart' }).click();
      await page.getByRole('button', { name: 'Cart, 1 item' }).click();
      const cart = page.getByRole('dialog', { name: 'Items Added for Purchase' });

      // A refusal from the server: Request Failed, the cart is kept.
      await page.route('**/api/purchase-requests', (route) =>
        route.fulfill({ status: 409, contentType: 'application/json', body: JSON.stringify({ message: 'Prices have changed' }) }),
      );
      await cart.getByRole('button', { name: 'Purchase $24.00' }).click();
      const confirm = page.getByRole('alertdialog', { name: 'Confirm Purchase Request' });
      await confirm.getByRole('button', { name: 'Send Request' }).click();
      const failed = page.getByRole('alertdialog', { name: 'Request Failed' });
      await failed.getByText('The request was not accepted, and sending it again unchanged would fail the same way.').waitFor();
      await failed.getByText('Prices have changed').waitFor();
      expect(await failed.getByRole('button', { name: 'Try Again' }).count()).toBe(0);
      await view('12-request-failed');
      await failed.getByRole('button', { name: 'Back to Cart' }).click();
      await cart.getByRole('button', { name: 'Purchase $24.00' }).click();
      await confirm.waitFor();
      await page.unroute('**/api/purchase-requests');

      // Offline: the confirmation says it will be queued; it is sent when the connection is back.
      await context.setOffline(true);
      await page.evaluate(() => window.dispatchEvent(new Event('offline')));
      await confirm.getByRole('button', { name: 'Cancel' }).click();
      await cart.getByRole('button', { name: 'Purchase $24.00' }).click();
      await confirm
        .getByText("You're offline. Your request will be saved on this device and sent automatically when you're back online.")
        .waitFor();
      await view('13-confirm-offline');
      await confirm.getByRole('button', { name: 'Send Request' }).click();
      const queued = page.getByRole('dialog', { name: 'Purchase Request Queued' });
      await queued.waitFor();
      await view('14-queued');
      await queued.getByRole('button', { name: 'Got it!' }).click();
      expect((await (await context.request.get(`/api/user-purchase-requests/${username}`)).json()).length).toBe(0);
      await context.setOffline(false);
      const sent = async () =>
        ((await (await context.request.get(`/api/user-purchase-requests/${username}`)).json()) as Array<{ totalPrice: number }>).map(
          (request) => request.totalPrice,
        );
      await expect.poll(sent, { timeout: patient(20_000) }).toEqual([24]);
    } finally {
      await context.close();
    }
  });
});

describe('shop Coming Soon bubbles', () => {
  it('when the VS dropdown, Backdoor / Scammer List, Body Guards, Gamble and Roll Dice are used, then each bubble goes after 5 s', async () => {
    const { context, page } = await newPlayer(app.browser, app.server.url, PHONE, 'soon');
    try {
      // The page's clock stands still from before the first bubble: the test moves it, so a slow machine neither
      // hides a bubble early nor keeps one late.
      await page.clock.install();
      await page.goto('/buy');
      await page.getByRole('button', { name: /^Equipment & Consumables/ }).click();
      await page.clock.pauseAt(Date.now() + 60_000);
      const bubbles = page.getByText('Coming Soon!', { exact: true });
      await page.getByRole('combobox', { name: 'VS mode' }).selectOption('2 vs 2');
      await page.getByRole('button', { name: 'Backdoor / Scammer List' }).click();
      await page.getByRole('button', { name: 'Gamble' }).click();
      await page.getByRole('button', { name: 'Roll Dice' }).click();
      await page.getByRole('button', { name: 'Body Guards' }).click();
      expect(await bubbles.count()).toBe(5);
      await screenshotViewport(page, 'shop-phone-11-coming-soon-guards');
      await page.evaluate(() => window.scrollTo(0, 0));
      await screenshotViewport(page, 'shop-phone-12-coming-soon-top');
      await page.clock.runFor(4_900);
      expect(await bubbles.count()).toBe(5);
      await page.clock.runFor(200);
      await expect.poll(() => bubbles.count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});

describe('narrow phones', () => {
  it('when the screen is 360 px wide, then the shop, the cart and the sell screen fit without sideways scrolling and pass axe', async () => {
    const { context, page } = await newPlayer(app.browser, app.server.url, { width: 360, height: 740 }, 'narrow');
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    try {
      await page.goto('/buy');
      for (const name of [/^Cash/, /^Weapons & Ammo/, /^Farming/, /^Equipment & Consumables/, /^Hacking/])
        await page.getByRole('button', { name }).click();
      await page.getByRole('button', { name: /^Guns/ }).click();
      expect(await overflow()).toBeLessThanOrEqual(0);
      expect(await axeProblems(page, 'shop')).toEqual([]);
      await screenshot(page, 'shop-360-all-open');
      await page.getByRole('button', { name: /^AK-47,/ }).click();
      await page.getByRole('button', { name: /^AK-47,/ }).click();
      await page.getByRole('dialog', { name: 'How many would you like?' }).getByRole('button', { name: 'Add to Cart' }).click();
      await page.getByRole('button', { name: 'Cart, 1 item' }).click();
      await page.getByRole('dialog', { name: 'Items Added for Purchase' }).waitFor();
      expect(await overflow()).toBeLessThanOrEqual(0);
      expect(await axeProblems(page, 'cart', 'dialog')).toEqual([]);
      await screenshotViewport(page, 'shop-360-cart');
      await page.keyboard.press('Escape');
      await page.goto('/sell');
      await page.getByRole('button', { name: 'Add a photo of your item' }).click();
      expect(await overflow()).toBeLessThanOrEqual(0);
      expect(await axeProblems(page, 'sell')).toEqual([]);
      await screenshot(page, 'sell-360-start');
    } finally {
      await context.close();
    }
  });
});
