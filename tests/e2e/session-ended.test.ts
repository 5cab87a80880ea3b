import path from 'node:path';
import Database from 'better-sqlite3';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useAppUnderTest } from '../support/app-under-test';
import { PHONE, screenshot, TABLET } from '../support/browser';
import { newPlayer, storeSignedIn } from '../support/player';
import { SUPER_ADMIN } from '../support/server';
import { patient } from '../support/patience';
import { photoAndAk47 } from './pwa-helpers';

// A session that ends while the player is online (its age, a demotion) is said in plain words on the login screen,
// never as the offline message; what the player was sending is kept and goes out once they log in again.

const app = useAppUnderTest();
const PASSWORD = 'player-password-1';
const OFFLINE_TOAST = /couldn't be sent right now/;
const KEPT = 'Your session ended — log in again; your request is kept and will be sent.';

/** Ends a user's sessions as their age would: the rows are gone, the browser still holds the cookie. */
function expireSessions(username: string): void {
  const db = new Database(path.join(app.server.dataDir, 'blockspin.sqlite'));
  try {
    db.prepare('DELETE FROM sessions WHERE user_id = (SELECT id FROM users WHERE username = ?)').run(username);
  } finally {
    db.close();
  }
}

async function shots(page: Page, name: string) {
  await screenshot(page, name);
}

async function logInAgain(page: Page, username: string) {
  expect(await page.getByLabel('Username').inputValue()).toBe(username);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL((url) => url.pathname === '/');
}

describe.each([
  ['phone', PHONE],
  ['tablet', TABLET],
] as const)('an ended session at %s size', (label, viewport) => {
  it('when a sell is submitted after the session expired, then the login screen says so and the item is sent after logging in', async () => {
    const { context, page, username } = await newPlayer(app.browser, app.server.url, viewport, 'ended');
    try {
      await page.goto('/sell');
      await photoAndAk47(page);
      await page.getByRole('radio', { name: /USD Cash/ }).click();

      expireSessions(username);
      await page.getByRole('button', { name: 'Submit', exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/login');
      await page.getByText(KEPT).waitFor();
      expect(await page.getByText(OFFLINE_TOAST).count()).toBe(0);
      await shots(page, `session-ended-${label}-sell`);

      await logInAgain(page, username);
      // The kept item goes out with the new session, once.
      await expect
        .poll(async () => (await (await context.request.get(`/api/user-sell-requests/${username}`)).json()).length, {
          timeout: patient(15_000),
        })
        .toBe(1);
      expect(await page.getByText(KEPT).count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it('when a purchase is sent after the session expired, then it does not silently land on login: it says so and sends it after logging in', async () => {
    const { context, page, username } = await newPlayer(app.browser, app.server.url, viewport, 'endbuy');
    try {
      await page.goto('/buy');
      await page.getByRole('button', { name: /^Weapons & Ammo/ }).click();
      await page.getByRole('button', { name: /^Guns/ }).click();
      const ak = page.getByRole('button', { name: /^AK-47,/ });
      await ak.click();
      await ak.click();
      await page.getByRole('dialog', { name: 'How many would you like?' }).getByRole('button', { name: 'Add to Cart' }).click();
      await page.getByRole('button', { name: 'Cart, 1 item' }).click();
      const cart = page.getByRole('dialog', { name: 'Items Added for Purchase' });
      await cart.getByRole('button', { name: /^Purchase/ }).click();

      expireSessions(username);
      await page.getByRole('alertdialog', { name: 'Confirm Purchase Request' }).getByRole('button', { name: 'Send Request' }).click();
      await page.waitForURL((url) => url.pathname === '/login');
      await page.getByText(KEPT).waitFor();
      await shots(page, `session-ended-${label}-purchase`);

      await logInAgain(page, username);
      await expect
        .poll(async () => (await (await context.request.get(`/api/user-purchase-requests/${username}`)).json()).length, {
          timeout: patient(15_000),
        })
        .toBe(1);
    } finally {
      await context.close();
    }
  });

  it('when the super admin removes an admin, then the admin is told admin access was removed', async () => {
    const player = await newPlayer(app.browser, app.server.url, viewport, 'demoted');
    const { context, username } = player;
    const boss = (await app.browser.newContext({ baseURL: app.server.url })).request;
    try {
      expect((await boss.post('/api/marketplace/login', { data: SUPER_ADMIN })).ok()).toBe(true);
      expect((await boss.post(`/api/admin/marketplace-users/${username}/admin-status`, { data: { isAdmin: true } })).ok()).toBe(true);
      // Admin rights are read at login: log in again as the new admin. The login replaces the player's session, which
      // signs out a page still open on it (its socket is closed with the reason): that page goes first.
      await player.page.close();
      const login = await context.request.post('/api/marketplace/login', { data: { username, password: PASSWORD } });
      const user = await login.json();
      expect(user.isAdmin).toBe(true);
      await storeSignedIn(context, user);
      // The page's sockets, to see when the live one is open.
      await context.addInitScript(() => {
        const Native = window.WebSocket;
        const opened: WebSocket[] = [];
        (window as unknown as { __sockets: WebSocket[] }).__sockets = opened;
        window.WebSocket = class extends Native {
          constructor(...args: ConstructorParameters<typeof WebSocket>) {
            super(...args);
            opened.push(this);
          }
        };
      });
      const page = await context.newPage();
      await page.goto('/');
      await page.getByRole('button', { name: 'Admin', exact: true }).click();
      await page.getByRole('heading', { name: 'Admin Control' }).waitFor();
      // Admin Control listens to the socket; the demotion closes it with its reason.
      await page.waitForFunction(() =>
        (window as unknown as { __sockets: WebSocket[] }).__sockets.some((socket) => socket.readyState === WebSocket.OPEN),
      );

      expect((await boss.post(`/api/admin/marketplace-users/${username}/admin-status`, { data: { isAdmin: false } })).ok()).toBe(true);
      await page.waitForURL((url) => url.pathname === '/login', { timeout: patient(10_000) });
      await page.getByText('Your admin access was removed — log in again to go on as a player.').waitFor();
      await shots(page, `session-ended-${label}-demoted`);
      // Opened afresh (the server's drawn login screen, then hydrated), it still says so and offers the name.
      await page.reload();
      await page.getByText('Your admin access was removed — log in again to go on as a player.').waitFor();
      await expect.poll(() => page.getByLabel('Username').inputValue()).toBe(username);

      await logInAgain(page, username);
      expect(await page.getByRole('button', { name: 'Admin', exact: true }).count()).toBe(0);
    } finally {
      await context.close();
      await boss.dispose();
    }
  });
});
